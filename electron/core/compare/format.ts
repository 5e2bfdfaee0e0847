/**
 * A comparison as Markdown (runs, differences, the point table, verdict counts, the rule), CSV or JSON. Markdown
 * is in the words of a report's language (electron/model/words/report.ts; English by default); CSV and JSON are data and
 * stay English.
 */
import { stringify } from 'csv-stringify/sync';
import { markdownTable } from 'markdown-table';

import { CSV_OPTIONS } from '../format/csv';
import { inline } from '../format/markdown';
import type { ReportWords } from '../../model/words/report';
import { REPORT_WORDS_EN } from '../format/report-locale';
import type { Comparison } from '../../model/compare/compare';
import { comparisonColumns, comparisonCsvRow, comparisonDisplayRow } from '../../model/compare/columns';
import type { Verdict } from '../../model/compare/verdict';

export const COMPARISON_FORMATS = ['md', 'csv', 'json'] as const;
export type ComparisonFormat = (typeof COMPARISON_FORMATS)[number];

/**
 * `comparison` as text in `format` (Markdown in `words`), ending with a newline. CSV holds the point table only.
 * Markdown's source column says "reference dataset, not this GPU" for a measured run whose id is in `referenceIds`
 * (the reference datasets shipped with the app; default none).
 */
export function formatComparison(
  comparison: Comparison,
  format: ComparisonFormat,
  words: ReportWords = REPORT_WORDS_EN,
  referenceIds: ReadonlySet<string> = new Set(),
): string {
  switch (format) {
    case 'md':
      return comparisonMarkdown(comparison, words, referenceIds);
    case 'csv': {
      const columns = comparisonColumns(comparison.runs.length);
      return stringify(
        [columns.map((c) => c.name), ...comparison.rows.map((r) => comparisonCsvRow(columns, r))],
        CSV_OPTIONS,
      );
    }
    case 'json':
      return `${JSON.stringify(comparison, null, 2)}\n`;
  }
}

function comparisonMarkdown(c: Comparison, words: ReportWords, referenceIds: ReadonlySet<string>): string {
  const w = words.comparison;
  const columns = comparisonColumns(c.runs.length);
  const runs = markdownTable([
    w.runsHeader,
    ...c.runs.map((r, i) =>
      [
        String(i + 1),
        r.name,
        r.id,
        r.deviceName ?? w.unknownDevice,
        r.mode,
        words.date(r.createdAt),
        r.sourceKind === 'measured' && referenceIds.has(r.id)
          ? w.referenceSource
          : w.sourceKind(r.sourceKind),
      ].map(inline),
    ),
  ]);
  const differences =
    c.differences.length > 0
      ? c.differences.map((d) => `- ${inline(w.difference(d.text, d.message))}`).join('\n')
      : w.noDifferences;
  const points =
    c.rows.length > 0
      ? markdownTable([
          columns.map((col) => w.header(col.name)),
          ...c.rows.map((r) => comparisonDisplayRow(columns, r, words.comparisonCells).map(inline)),
        ])
      : words.runPage.noPointRows;
  const sections = [
    `# ${w.title(c.runs.length)}`,
    runs,
    `## ${w.headings.differences}\n\n${differences}`,
    `## ${w.headings.points}\n\n${w.pointsNote}\n\n${points}`,
    `## ${w.headings.verdicts}\n\n${verdictCounts(c, words)}\n\n${w.rule}`,
  ];
  return `${sections.join('\n\n')}\n`;
}

/** "- Run 2 against run 1: 3 faster, 1 slower, 2 same, 0 unclear." for every run after the first. */
function verdictCounts(c: Comparison, words: ReportWords): string {
  const w = words.comparison;
  const verdicts: Verdict[] = ['faster', 'slower', 'same', 'unclear'];
  const counted = c.rows.filter((r) => !r.incorrect);
  const lines = c.runs.slice(1).map((_, i) => {
    const counts = verdicts.map((v) =>
      w.verdictCount(
        counted.filter((r) => r.cells[i + 1]?.verdict === v).length,
        words.comparisonCells.verdict(v),
      ),
    );
    return w.verdictLine(i + 2, counts);
  });
  if (counted.length < c.rows.length) lines.push(w.incorrectNotCounted);
  return lines.join('\n');
}
