/**
 * Summary statistics of a sample set: median, p10/p90, min/max, mean, relative spread, and a 95% confidence
 * interval of the median by order statistics (distribution-free; the ranks come from the Binomial(n, 1/2)
 * distribution, as in Le Boudec, "Performance Evaluation of Computer and Communication Systems", 2010, §2.2).
 * Quantiles use simple-statistics' `quantileSorted` (the R-7 / Excel definition).
 */
import { binomialDistribution, max, mean, min, quantileSorted } from 'simple-statistics';

import type { Stats } from '../results/schema';

/** Confidence level of every interval this module computes. */
export const CI_LEVEL = 0.95;

/**
 * 1-based ranks [j, k] of the sorted sample such that [x_j, x_k] covers the median with probability ≥ CI_LEVEL.
 * Returns null when n is too small for any such interval (n < 6 at 95%).
 */
export function medianCiRanks(n: number): [number, number] | null {
  if (n < 6) return null;
  const pmf = binomialDistribution(n, 0.5);
  if (!pmf) return null;
  const alphaHalf = (1 - CI_LEVEL) / 2;
  // P(B < j) = sum_{i < j} pmf[i]; the largest j with P(B < j) <= alpha/2 gives x_j as the lower bound and, by
  // symmetry, x_{n+1-j} as the upper bound.
  let cumulative = 0;
  let j = 0;
  for (let i = 0; i < pmf.length; i += 1) {
    const next = cumulative + (pmf[i] ?? 0);
    if (next > alphaHalf) break;
    cumulative = next;
    j = i + 1;
  }
  if (j < 1) return null;
  return [j, n + 1 - j];
}

/**
 * Summarizes a non-empty array of finite numbers.
 * @throws Error when the array is empty or holds a non-finite value.
 */
export function summarize(samples: readonly number[]): Stats {
  if (samples.length === 0) throw new Error('summarize: no samples');
  if (samples.some((x) => !Number.isFinite(x))) throw new Error('summarize: samples must be finite numbers');
  const sorted = [...samples].sort((a, b) => a - b);
  const median = quantileSorted(sorted, 0.5);
  const p10 = quantileSorted(sorted, 0.1);
  const p90 = quantileSorted(sorted, 0.9);
  const ranks = medianCiRanks(sorted.length);
  return {
    n: sorted.length,
    median,
    p10,
    p90,
    min: min(sorted),
    max: max(sorted),
    mean: mean(sorted),
    relSpread: median !== 0 ? (p90 - p10) / Math.abs(median) : null,
    ciLow: ranks ? (sorted[ranks[0] - 1] ?? null) : null,
    ciHigh: ranks ? (sorted[ranks[1] - 1] ?? null) : null,
  };
}

/** Stats of a published single value (reference data): only the median is known. */
export function publishedValue(median: number): Stats {
  return {
    n: 0,
    median,
    p10: null,
    p90: null,
    min: null,
    max: null,
    mean: null,
    relSpread: null,
    ciLow: null,
    ciHigh: null,
  };
}

/** Median of a non-empty array (null when empty). */
export function medianOf(samples: readonly number[]): number | null {
  if (samples.length === 0) return null;
  return quantileSorted(
    [...samples].sort((a, b) => a - b),
    0.5,
  );
}
