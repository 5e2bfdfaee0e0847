/** Headline ratios between series of measured points (never points marked incorrect). */
import type { Point, Ratio } from '../results/schema';

/** The first correct point of a series, optionally at a given x. */
export function pointOf(points: Point[], series: string, x?: number | null): Point | undefined {
  return points.find((p) => p.series === series && !p.incorrect && (x === undefined || p.x === x));
}

/**
 * `numerator/denominator` on the given basis (median per-sync ns or whole-kernel ms); null when either point or
 * figure is missing, the denominator is not positive, or (per-sync basis) the denominator costs less than one SM
 * cycle: below the machine's resolution a ratio is arithmetic, not a measurement (e.g. a __syncwarp() that ptxas
 * compiled to no instruction).
 */
export function ratio(
  name: string,
  num: Point | undefined,
  den: Point | undefined,
  basis: Ratio['basis'],
): Ratio | null {
  const a = num?.[basis]?.median;
  const b = den?.[basis]?.median;
  if (a === undefined || b === undefined || !(b > 0)) return null;
  if (basis === 'perSyncNs' && den!.perSyncCycles && den!.perSyncCycles.median < 1) return null;
  return { name, value: a / b, numerator: num!.label, denominator: den!.label, basis };
}

/** The non-null ratios of a list. */
export function ratios(list: Array<Ratio | null>): Ratio[] {
  return list.filter((r): r is Ratio => r !== null);
}
