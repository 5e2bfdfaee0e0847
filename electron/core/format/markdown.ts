/**
 * A result as a Markdown results page, in the style of the chapter's results file: title, device, versions, host and
 * date, the method (this run's plan, both figures per point, how the mode's numbers are made), the point table
 * (POINT_COLUMNS), the headline ratios, the flagged points, notes and the source.
 */
import { markdownTable } from 'markdown-table';

import { methodsMarkdown, runMethodLines, runMethodRows } from '../methods';
import type { ResultFile } from '../results/schema';
import { columnNames, displayNumber, displayRow } from './columns';
import {
  appText,
  deviceText,
  flagGroups,
  hostText,
  parametersText,
  pointList,
  ratioText,
  shownRatios,
  sourceText,
  statusText,
  versionsText,
} from './summary';

/** The Markdown page of `result` (GitHub-flavoured tables), ending with a newline. */
export function formatMarkdown(result: ResultFile): string {
  const p = result.provenance;
  const sections = [
    `# ${inline(result.name)}`,
    [
      `- **Mode:** \`${result.plan.mode}\` · ${result.points.length} points · status ${inline(statusText(result))}`,
      `- **Device:** ${inline(deviceText(result))}`,
      `- **Versions:** ${inline(versionsText(result))}`,
      `- **App:** ${inline(appText(result))}`,
      `- **Host:** ${inline(hostText(result))}`,
      `- **Date:** ${p.startedAt} to ${p.finishedAt}`,
      `- **Parameters:** ${inline(parametersText(result))}`,
    ].join('\n'),
    `## Method\n\n${methodText(result)}`,
    `## Points\n\n${pointTable(result)}`,
    `## Headline ratios\n\n${ratioTable(result)}`,
    `## Flags\n\n${flagGroups(result)
      .map((g) => `- ${g.title}: ${inline(pointList(g.points))}`)
      .join('\n')}`,
    `## Notes\n\n${result.notes.length > 0 ? result.notes.map((n) => `- ${inline(n)}`).join('\n') : 'None.'}`,
    `## Source\n\n${inline(sourceText(result))}`,
  ];
  return `${sections.join('\n\n')}\n`;
}

/**
 * The method: for measured results this run's own plan (stopping rule, clocks, flag counts), both figures of each
 * point side by side, then how the mode's numbers are produced (electron/core/methods).
 */
function methodText(result: ResultFile): string {
  if (result.source.kind === 'published') {
    return [
      `- Values copied from ${inline(result.source.citation ?? 'the source named below')}; not measured by this ` +
        'product. Only the published medians are known: no samples, no spread and no confidence interval.',
      '- Whole-kernel figures (`wholeKernelMs`) are event times of a whole launch and include launch overhead.',
    ].join('\n');
  }
  return [
    runMethodLines(result)
      .map((line) => `- ${inline(line)}`)
      .join('\n'),
    `### Both figures of this run\n\n${figuresTable(result)}`,
    methodsMarkdown([result.plan.mode], 3).trimEnd(),
  ].join('\n\n');
}

/** Per point: iteration counts, the per-sync median, the whole short launch and the units' share of it. */
function figuresTable(result: ResultFile): string {
  const rows = runMethodRows(result);
  if (rows.length === 0) return 'No points.';
  const num = (v: number | null | undefined) => (v === null || v === undefined ? '—' : displayNumber(v));
  return markdownTable([
    [
      '#',
      'label',
      'lo',
      'hi',
      'unitsPerIter',
      'baseline',
      'perSyncNs_median',
      'wholeKernelUs_median',
      'unitsInShortRunUs',
      'shareOfShortRun',
      'clock',
      'stoppedBy',
    ],
    ...rows.map((r) =>
      [
        String(r.index),
        r.label,
        String(r.lo),
        String(r.hi),
        num(r.unitsPerIter),
        r.baseline ?? '—',
        num(r.perSyncNs),
        num(r.wholeKernelMs === null ? null : r.wholeKernelMs * 1000),
        num(r.share?.unitsUs),
        r.share ? `${displayNumber(r.share.share * 100)}%` : '—',
        r.clock,
        `${r.stoppedBy} (${r.reps} reps)`,
      ].map(inline),
    ),
  ]);
}

function pointTable(result: ResultFile): string {
  if (result.points.length === 0) return 'No points.';
  return markdownTable([columnNames(), ...result.points.map((p) => displayRow(p).map(inline))]);
}

function ratioTable(result: ResultFile): string {
  const ratios = shownRatios(result);
  if (ratios.length === 0) return 'None for this run.';
  return markdownTable([
    ['ratio', 'value', 'numerator', 'denominator'],
    ...ratios.map((r) => [r.name, ratioText(r), r.numerator, r.denominator].map(inline)),
  ]);
}

/** Text safe inside a Markdown table cell or list item: pipes escaped, line breaks flattened. */
export function inline(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}
