/** The compute-sanitizer report of a run, as an HTML section: each tool run, what was expected, what it said. */
import type { HtmlWords } from '../../model/words/report';
import { REPORT_WORDS_EN } from '../format/report-locale';
import { sanitizerOutcome } from '../../model/methods';
import type { SanitizerReport } from '../../model/results/schema';
import { escapeHtml } from './markdown';

const count = (n: number | null) => (n === null ? '—' : String(n));

/** The section for `report` (a run's `sanitizer` field), in `words` (English by default). */
export function sanitizerSection(report: SanitizerReport, words: HtmlWords = REPORT_WORDS_EN.html): string {
  const rows = report.runs.map((run) => {
    const outcome = sanitizerOutcome(run);
    const mark = outcome.expected === false ? ' class="unexpected"' : '';
    const cells = [
      run.tool,
      words.sanitizerKernel(run.what, run.workload),
      run.expectClean ? words.expectClean : words.expectHazard,
      count(run.errors),
      count(run.warnings),
      words.sanitizerOutcome(outcome),
      run.summary,
    ];
    return `<tr${mark}>${cells.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`;
  });
  const excerpts = report.runs.map(
    (run) =>
      `<details><summary>${escapeHtml(words.sanitizerExcerpt(run.tool, run.workload))}</summary>` +
      `<pre>${escapeHtml(run.excerpt.join('\n'))}</pre></details>`,
  );
  return [
    '<section class="sanitizer">',
    '<h2>compute-sanitizer</h2>',
    `<p>${escapeHtml(report.version)}</p>`,
    `<table><thead><tr>${words.sanitizerHeader.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead>`,
    `<tbody>${rows.join('')}</tbody></table>`,
    ...excerpts,
    '</section>',
  ].join('\n');
}
