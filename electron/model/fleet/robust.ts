/**
 * Robust statistics of a fleet (docs/fleet.md#how-outliers-are-found): the median and the median absolute deviation
 * (MAD) of one point's values over a group of GPUs, each value's robust z-score and relative deviation, and the
 * outlier rule. Pure; browser-safe.
 */
import { median, medianAbsoluteDeviation } from 'simple-statistics';

/** Φ⁻¹(0.75): scales the MAD to the standard deviation of a normal distribution (Iglewicz & Hoaglin, 1993). */
export const MAD_TO_SIGMA = 0.6745;

/** The outlier rule's thresholds: both must be exceeded. */
export interface OutlierThresholds {
  /** |robust z| above this is far (default 3.5, Iglewicz & Hoaglin's recommended cut-off). */
  robustZ: number;
  /** |relative deviation| above this is far enough to matter (default 0.05: 5% of the median). */
  relDeviation: number;
  /** Groups with fewer values get statistics but no outlier judgement (default 3). */
  minGroupSize: number;
}

export const DEFAULT_THRESHOLDS: OutlierThresholds = { robustZ: 3.5, relDeviation: 0.05, minGroupSize: 3 };

/** The centre and spread of one group's values (same unit as the values). */
export interface RobustCentre {
  n: number;
  median: number;
  /** Median of |x − median| (unscaled). */
  mad: number;
}

/**
 * Median and MAD of `values` (simple-statistics).
 * @throws RangeError when `values` is empty or holds a number that is not finite.
 */
export function robustCentre(values: readonly number[]): RobustCentre {
  if (values.length === 0) throw new RangeError('robustCentre: no values');
  if (values.some((v) => !Number.isFinite(v))) throw new RangeError('robustCentre: a value is not finite');
  const list = [...values];
  return { n: list.length, median: median(list), mad: medianAbsoluteDeviation(list) };
}

/**
 * Robust z-score 0.6745·(x − median)/MAD (Iglewicz & Hoaglin, 1993). null when the MAD is 0 (more than half the
 * values are equal): the score is then undefined and the outlier rule falls back on the relative deviation.
 */
export function robustZ(x: number, centre: RobustCentre): number | null {
  if (centre.mad === 0) return null;
  return (MAD_TO_SIGMA * (x - centre.median)) / centre.mad;
}

/** (x − median)/|median|; null when the median is 0. */
export function relDeviation(x: number, centre: RobustCentre): number | null {
  if (centre.median === 0) return null;
  return (x - centre.median) / Math.abs(centre.median);
}

/**
 * The outlier rule: the group has at least `minGroupSize` values, |relative deviation| > `relDeviation` and
 * |robust z| > `robustZ` (with a MAD of 0, where z is undefined, the relative deviation alone decides).
 */
export function isOutlier(
  z: number | null,
  rel: number | null,
  n: number,
  thresholds: OutlierThresholds,
): boolean {
  if (n < thresholds.minGroupSize || rel === null || Math.abs(rel) <= thresholds.relDeviation) return false;
  return z === null || Math.abs(z) > thresholds.robustZ;
}
