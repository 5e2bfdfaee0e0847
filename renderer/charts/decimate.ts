/**
 * Fewer marks than points where they could not be told apart (issue 13 §2): a line series of more than
 * DECIMATE_ABOVE points is drawn as the highest and the lowest median of each of `columns` equal slices of its x
 * range (on a log axis, equal in log x), in x order. Every extreme stays visible, the line keeps its shape, and a
 * redraw costs O(columns), not O(points). The tables and the tooltips of the marks keep every point's figures.
 */
import type { ChartDatum } from './datum';

/** Series longer than this are decimated. */
export const DECIMATE_ABOVE = 1000;
/** Slices of the x range (about one per 2 CSS pixels of a 1,200-px chart). */
export const DECIMATE_COLUMNS = 600;

/** The marks that stand for `data` (sorted or not by x): `data` itself when short, else min/max per slice. */
export function decimate(
  data: readonly ChartDatum[],
  logX: boolean,
  columns = DECIMATE_COLUMNS,
): ChartDatum[] {
  if (data.length <= DECIMATE_ABOVE) return [...data];
  const pos = (d: ChartDatum) => (logX ? Math.log10(Math.max(Number(d.x), Number.MIN_VALUE)) : Number(d.x));
  let lo = Infinity;
  let hi = -Infinity;
  for (const d of data) {
    const p = pos(d);
    lo = Math.min(lo, p);
    hi = Math.max(hi, p);
  }
  const width = hi - lo || 1;
  const low: (ChartDatum | undefined)[] = new Array(columns);
  const high: (ChartDatum | undefined)[] = new Array(columns);
  for (const d of data) {
    const c = Math.min(columns - 1, Math.floor(((pos(d) - lo) / width) * columns));
    if (!low[c] || d.y < low[c]!.y) low[c] = d;
    if (!high[c] || d.y > high[c]!.y) high[c] = d;
  }
  const marks: ChartDatum[] = [];
  for (let c = 0; c < columns; c += 1) {
    const pair = [low[c], high[c]].filter((d): d is ChartDatum => d !== undefined);
    pair.sort((a, b) => pos(a) - pos(b));
    for (const d of pair) if (marks[marks.length - 1] !== d) marks.push(d);
  }
  return marks;
}
