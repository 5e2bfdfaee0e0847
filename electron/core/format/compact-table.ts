/**
 * A result as a compact terminal table that fits TABLE_WIDTH columns, as nvbench and nvidia-smi print: one row per
 * point with its label, the per-sync median in ns and SM cycles, the 95 % confidence interval of the ns median, the
 * whole-kernel median in µs (launch overhead included: the chapter's figure) and short flags. The wide table
 * (`table.ts`, every column) is `--columns all`. A label longer than its column wraps at its spaces onto more lines
 * of the row, so no label is cut and points stay distinguishable (a word longer than the column is split).
 */
import type { Point, ResultFile } from '../../model/results/schema';
import { displayNumber } from '../../model/format/columns';
import { drawTable } from './plain-table';
import { flagGroups, pointList, ratioText, shownRatios, statusText } from './summary';

/** Widest line of the compact table, in terminal columns. */
export const TABLE_WIDTH = 120;

const HEAD = ['#', 'point', 'ns/sync', 'cycles', '95% CI (ns)', 'kernel µs', 'flags'];
/**
 * Widths of every column but the label (cell padding included); the label takes what is left of TABLE_WIDTH. The
 * index column widens when the largest index has more digits than it holds (a sweep of 1,000 points or more).
 */
const FIXED = [5, 0, 9, 9, 20, 11, 17];
/** Border characters of a row: one per column plus one. */
const BORDERS = HEAD.length + 1;

/** Short flags of a point: noisy, throttled, INCORRECT (not synchronization), VERIFY-FAILED. */
export function pointFlags(point: Point): string {
  return [
    point.noisy ? 'noisy' : '',
    point.clock.throttled ? 'throttled' : '',
    point.gpuShared ? 'SHARED-GPU' : '',
    point.incorrect ? 'INCORRECT' : '',
    point.verification && !point.verification.ok ? 'VERIFY-FAILED' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * `label` as lines of at most `width` characters (joined by "\n": a cell of several lines), broken at spaces; a word
 * longer than `width` is split across lines. A label that fits is returned as it is.
 */
export function wrapLabel(label: string, width: number): string {
  if ([...label].length <= width) return label;
  const lines: string[] = [];
  let line = '';
  for (const word of label.split(' ')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if ([...candidate].length <= width) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    let rest = [...word];
    while (rest.length > width) {
      lines.push(rest.slice(0, width).join(''));
      rest = rest.slice(width);
    }
    line = rest.join('');
  }
  if (line !== '') lines.push(line);
  return lines.join('\n');
}

/**
 * The `, <shape>` or `: <shape>` ending every label shares (e.g. ", 16 warps × 132 blocks", ": 8 warps × 170 blocks"
 * for "warp: 8 warps × 170 blocks" and "phases, two kernels: 8 warps × 170 blocks"), or '' when they differ.
 */
export function sharedShape(labels: readonly string[]): string {
  const first = labels[0];
  if (labels.length < 2 || first === undefined) return '';
  const shared = [', ', ': ']
    .map((separator) => first.lastIndexOf(separator))
    .filter((at) => at >= 0)
    .map((at) => first.slice(at))
    .filter((shape) => labels.every((l) => l.endsWith(shape) && l.length > shape.length));
  // The longest shared ending leaves the least in each row.
  return shared.reduce((longest, shape) => (shape.length > longest.length ? shape : longest), '');
}

function cell(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : displayNumber(value);
}

function ci(point: Point): string {
  const s = point.perSyncNs;
  if (!s || s.ciLow === null || s.ciHigh === null) return '—';
  return `[${displayNumber(s.ciLow)}, ${displayNumber(s.ciHigh)}]`;
}

/**
 * The compact terminal text of `result`, ending with a newline; no line is wider than TABLE_WIDTH (a long label
 * takes more lines of its row, never a cut).
 */
export function formatCompactTable(result: ResultFile): string {
  const largest = result.points.reduce((most, p) => Math.max(most, p.index), 0);
  const widths = [Math.max(FIXED[0]!, String(largest).length + 2), ...FIXED.slice(1)];
  const labelWidth = TABLE_WIDTH - BORDERS - widths.reduce((a, b) => a + b, 0);
  const shape = sharedShape(result.points.map((p) => p.label));
  const rows = result.points.map((p) => {
    const wholeUs = p.wholeKernelMs ? p.wholeKernelMs.median * 1000 : null;
    return [
      String(p.index),
      wrapLabel(shape ? p.label.slice(0, -shape.length) : p.label, labelWidth - 2),
      cell(p.perSyncNs?.median),
      cell(p.perSyncCycles?.median),
      ci(p),
      cell(wholeUs),
      pointFlags(p),
    ];
  });
  const ratios = shownRatios(result);
  const flagged = flagGroups(result).filter((g) => g.points.length > 0);
  const device = result.provenance.device;
  const lines = [
    `${result.name} · ${result.plan.mode} · ${statusText(result)} · ${device ? `${device.name} (cc ${device.computeCapability}, ${device.smCount} SMs)` : 'no device'}`,
    ...(shape ? [`Every point: ${shape.slice(2)}`] : []),
    drawTable(
      HEAD,
      rows,
      widths.map((w) => w || labelWidth),
    ),
    `Ratios: ${ratios.length > 0 ? ratios.map((r) => `${r.name} ${ratioText(r)}`).join('; ') : 'none'}`,
    ...flagged.map((g) => `${g.title}: ${pointList(g.points)}`),
    ...result.notes.map((n) => `Note: ${n}`),
    'Every column: --columns all. kernel µs = whole-kernel CUDA-event median, launch overhead included.',
  ];
  return `${lines.join('\n')}\n`;
}
