/**
 * A result as a compact terminal table that fits TABLE_WIDTH columns, as nvbench and nvidia-smi print: one row per
 * point with its label, the per-sync median in ns and SM cycles, the 95 % confidence interval of the ns median, the
 * whole-kernel median in µs (launch overhead included: the chapter's figure) and short flags. The wide table
 * (`table.ts`, every column) is `--columns all`. Long labels are cut in the middle with "…", keeping their start
 * (the primitive) and end (the shape), so the rows never wrap and points stay distinguishable.
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
 * `label` in at most `width` characters: when longer, its first word (the primitive, at most 3/5 of the width)
 * and as much of its end (the shape: threads, blocks, flag) as fits, around "…".
 */
export function fitLabel(label: string, width: number): string {
  const chars = [...label];
  if (chars.length <= width) return label;
  const space = chars.indexOf(' ');
  const head = Math.min(space > 0 ? space : width, Math.floor((width * 3) / 5));
  const tail = width - head - 1;
  return `${chars.slice(0, head).join('')}…${chars.slice(chars.length - tail).join('')}`;
}

/** The `, <shape>` ending every label shares (e.g. ", 16 warps × 132 blocks"), or '' when they differ. */
export function sharedShape(labels: readonly string[]): string {
  const first = labels[0];
  const at = first?.lastIndexOf(', ') ?? -1;
  if (labels.length < 2 || at < 0) return '';
  const shape = first!.slice(at);
  return labels.every((l) => l.endsWith(shape) && l.length > shape.length) ? shape : '';
}

function cell(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : displayNumber(value);
}

function ci(point: Point): string {
  const s = point.perSyncNs;
  if (!s || s.ciLow === null || s.ciHigh === null) return '—';
  return `[${displayNumber(s.ciLow)}, ${displayNumber(s.ciHigh)}]`;
}

/** The compact terminal text of `result`, ending with a newline; no line is wider than TABLE_WIDTH. */
export function formatCompactTable(result: ResultFile): string {
  const largest = result.points.reduce((most, p) => Math.max(most, p.index), 0);
  const widths = [Math.max(FIXED[0]!, String(largest).length + 2), ...FIXED.slice(1)];
  const labelWidth = TABLE_WIDTH - BORDERS - widths.reduce((a, b) => a + b, 0);
  const shape = sharedShape(result.points.map((p) => p.label));
  const rows = result.points.map((p) => {
    const wholeUs = p.wholeKernelMs ? p.wholeKernelMs.median * 1000 : null;
    return [
      String(p.index),
      fitLabel(shape ? p.label.slice(0, -shape.length) : p.label, labelWidth - 2),
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
