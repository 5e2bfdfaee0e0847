/**
 * Fewer marks than points where they could not be told apart: a line series of more than
 * DECIMATE_ABOVE points is drawn as the highest and the lowest median of each of `columns` equal slices of its x
 * range (on a log axis, equal in log x), in x order, and only the first mark of a slice carries its error bar (the
 * error bars of neighbouring marks, a few pixels apart, would draw one smear). Every extreme stays visible, the line
 * keeps its shape, and a redraw costs O(columns), not O(points). The tables and the tooltips of the marks keep
 * every point's figures, p10 and p90 included.
 */
import { withoutErrorBar, type ChartDatum } from './datum';

/** Series longer than this are decimated. */
export const DECIMATE_ABOVE = 300;
/**
 * Slices of the x range: about one per 6 CSS pixels of the Run view's 900-px plot (one per 8 of a 1,200-px export),
 * so a redraw of a 10,000-point sweep stays within a frame on a busy 2-core machine (bench/renderer.mjs).
 */
export const DECIMATE_COLUMNS = 150;

/**
 * The marks that stand for `data` (sorted or not by x): `data` itself when short, else min/max per slice, the
 * second of a slice without its error bar.
 */
export function decimate(
  data: readonly ChartDatum[],
  logX: boolean,
  columns = DECIMATE_COLUMNS,
): ChartDatum[] {
  if (data.length <= DECIMATE_ABOVE) return [...data];
  // Each datum's position along x, computed once (log10 for a log axis).
  const pos = new Float64Array(data.length);
  let lo = Infinity;
  let hi = -Infinity;
  data.forEach((d, i) => {
    const p = logX ? Math.log10(Math.max(Number(d.x), Number.MIN_VALUE)) : Number(d.x);
    pos[i] = p;
    if (p < lo) lo = p;
    if (p > hi) hi = p;
  });
  const width = hi - lo || 1;
  const low = new Int32Array(columns).fill(-1);
  const high = new Int32Array(columns).fill(-1);
  data.forEach((d, i) => {
    const c = Math.min(columns - 1, Math.floor(((pos[i]! - lo) / width) * columns));
    if (low[c]! < 0 || d.y < data[low[c]!]!.y) low[c] = i;
    if (high[c]! < 0 || d.y > data[high[c]!]!.y) high[c] = i;
  });
  const marks: ChartDatum[] = [];
  for (let c = 0; c < columns; c += 1) {
    const a = low[c]!;
    const b = high[c]!;
    if (a < 0) continue;
    const [first, second] = pos[a]! <= pos[b]! ? [a, b] : [b, a];
    marks.push(data[first]!);
    if (second !== first) marks.push(withoutErrorBar(data[second]!));
  }
  return marks;
}
