/** A comparison as Markdown (runs, differences, the point table, verdict counts, the rule), CSV or JSON. */
import { stringify } from 'csv-stringify/sync';
import { markdownTable } from 'markdown-table';

import { CSV_OPTIONS } from '../format/csv';
import { inline } from '../format/markdown';
import type { Comparison } from './compare';
import { comparisonColumns, comparisonCsvRow, comparisonDisplayRow } from './columns';
import type { Verdict } from './verdict';

export const COMPARISON_FORMATS = ['md', 'csv', 'json'] as const;
export type ComparisonFormat = (typeof COMPARISON_FORMATS)[number];

/** `comparison` as text in `format`, ending with a newline. CSV holds the point table only. */
export function formatComparison(comparison: Comparison, format: ComparisonFormat): string {
  switch (format) {
    case 'md':
      return comparisonMarkdown(comparison);
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

function comparisonMarkdown(c: Comparison): string {
  const columns = comparisonColumns(c.runs.length);
  const runs = markdownTable([
    ['run', 'name', 'id', 'device', 'mode', 'created', 'source'],
    ...c.runs.map((r, i) =>
      [String(i + 1), r.name, r.id, r.deviceName ?? 'unknown', r.mode, r.createdAt, r.sourceKind].map(inline),
    ),
  ]);
  const differences =
    c.differences.length > 0
      ? c.differences.map((d) => `- ${inline(d.message)}`).join('\n')
      : 'None noted: same device, clocks, versions and parameters.';
  const points =
    c.rows.length > 0
      ? markdownTable([
          columns.map((col) => col.name),
          ...c.rows.map((r) => comparisonDisplayRow(columns, r).map(inline)),
        ])
      : 'No points.';
  const sections = [
    `# Comparison of ${c.runs.length} run${c.runs.length === 1 ? '' : 's'}`,
    runs,
    `## Differences\n\n${differences}`,
    `## Points\n\nDelta and ratio are against run 1, on the row’s basis (perSyncNs in ns, wholeKernelMs in ms).\n\n${points}`,
    `## Verdicts\n\n${verdictCounts(c)}\n\n${c.rule}`,
  ];
  return `${sections.join('\n\n')}\n`;
}

/** "- Run 2 against run 1: 3 faster, 1 slower, 2 same, 0 unclear." for every run after the first. */
function verdictCounts(c: Comparison): string {
  const verdicts: Verdict[] = ['faster', 'slower', 'same', 'unclear'];
  const counted = c.rows.filter((r) => !r.incorrect);
  const lines = c.runs.slice(1).map((_, i) => {
    const counts = verdicts.map((v) => `${counted.filter((r) => r.cells[i + 1]?.verdict === v).length} ${v}`);
    return `- Run ${i + 2} against run 1: ${counts.join(', ')}.`;
  });
  if (counted.length < c.rows.length)
    lines.push('- Points marked incorrect (not synchronization) are not counted.');
  return lines.join('\n');
}
