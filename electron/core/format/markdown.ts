/**
 * A result as a Markdown results page, in the style of the chapter's results file: title, device, versions, host and
 * date, the method, the point table (POINT_COLUMNS), the headline ratios, the flagged points, notes and the source.
 */
import { markdownTable } from 'markdown-table';

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
    `## Method\n\n${methodLines(result).join('\n')}`,
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

function methodLines(result: ResultFile): string[] {
  if (result.source.kind === 'published') {
    return [
      `- Values copied from ${inline(result.source.citation ?? 'the source named below')}; not measured by this ` +
        'product. Only the published medians are known: no samples, no spread and no confidence interval.',
      '- Whole-kernel figures (`wholeKernelMs`) are event times of a whole launch and include launch overhead.',
    ];
  }
  const s = result.plan.stopping;
  const conversions = [...new Set(result.points.map((pt) => pt.clock.conversion))].join(', ');
  return [
    '- Per-sync cost by the difference method: `perSync = (t(iters_hi) − t(iters_lo) − (baseline t(iters_hi) − ' +
      'baseline t(iters_lo))) / (Δiters × unitsPerIter)`, which removes launch and loop overhead.',
    '- `perSyncNs` is timed with CUDA events; `perSyncCycles` with `clock64()` inside the kernel; ' +
      `\`perSyncNsFromCycles\` converts the cycle median with the clock named per point (here: ${conversions}).`,
    '- `wholeKernelMs` is the CUDA-event median of one whole launch with `iters_lo` iterations, the figure the ' +
      'chapter reports: it includes launch overhead, so for cheap syncs its ratios understate the per-sync ones.',
    `- Each point is warmed up (${s.warmup} launches), then repeated until the 95% confidence interval of the median ` +
      `is within ${displayNumber(s.targetRelCi * 100)}% of it, or ${displayNumber(s.maxTimeMs)} ms or ${s.maxReps} ` +
      'repetitions pass (then it is flagged noisy, not dropped). Reported: median, p10/p90 and the 95% CI of the ' +
      'median (order statistics); the first, cold launch is reported apart (`coldMs`) and never in the statistics.',
  ];
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
