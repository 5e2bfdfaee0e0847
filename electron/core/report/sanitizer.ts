/** The compute-sanitizer report of a run, as an HTML section: each tool run, what was expected, what it said. */
import { sanitizerOutcome } from '../methods';
import type { SanitizerReport } from '../results/schema';
import { escapeHtml } from './markdown';

const count = (n: number | null) => (n === null ? '—' : String(n));

/** The section for `report` (a run's `sanitizer` field). */
export function sanitizerSection(report: SanitizerReport): string {
  const rows = report.runs.map((run) => {
    const outcome = sanitizerOutcome(run);
    const mark = outcome.expected === false ? ' class="unexpected"' : '';
    const cells = [
      run.tool,
      `${run.what} (${run.workload})`,
      run.expectClean ? 'clean' : 'hazard reported',
      count(run.errors),
      count(run.warnings),
      outcome.text,
      run.summary,
    ];
    return `<tr${mark}>${cells.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`;
  });
  const excerpts = report.runs.map(
    (run) =>
      `<details><summary>${escapeHtml(`${run.tool} on ${run.workload}: the tool's output`)}</summary>` +
      `<pre>${escapeHtml(run.excerpt.join('\n'))}</pre></details>`,
  );
  return [
    '<section class="sanitizer">',
    '<h2>compute-sanitizer</h2>',
    `<p>${escapeHtml(report.version)}</p>`,
    '<table><thead><tr><th>tool</th><th>kernel</th><th>expected</th><th>errors</th><th>warnings</th>' +
      '<th>outcome</th><th>summary</th></tr></thead>',
    `<tbody>${rows.join('')}</tbody></table>`,
    ...excerpts,
    '</section>',
  ].join('\n');
}
