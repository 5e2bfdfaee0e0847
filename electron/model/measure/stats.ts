/**
 * Summary statistics of a sample set: median, p10/p90, min/max, mean, relative spread, and a 95% confidence
 * interval of the median by order statistics (distribution-free; the ranks come from the Binomial(n, 1/2)
 * distribution, as in Le Boudec, "Performance Evaluation of Computer and Communication Systems", 2010, §2.2;
 * docs/methods.md, "Statistics").
 * Quantiles use simple-statistics' `quantileSorted` (the R-7 / Excel definition).
 */
import { max, mean, min, quantileSorted } from 'simple-statistics';

import type { Stats } from '../results/schema';

/** Confidence level of every interval this module computes. */
export const CI_LEVEL = 0.95;

/** Lower ranks of the table computed so far (index n: rank for n samples, 0 = no interval). */
let rankTable: number[] = [0];

/**
 * 1-based lower ranks j(n) of the 95% CI of the median for n = 0..maxN samples: the largest j with
 * P(B < j) <= (1 - CI_LEVEL) / 2 for B ~ Binomial(n, 1/2), so [x_(j), x_(n+1-j)] covers the median with probability
 * >= CI_LEVEL; 0 where no such interval exists (n < 6 at 95%). The lower-tail CDF is carried from n to n + 1 by
 * P_{n+1}(B <= k) = (P_n(B <= k) + P_n(B <= k - 1)) / 2, O(maxN^2 / 4) in all (about 0.5 s for 20,000). This one table is both the reported
 * interval (summarize) and the native stopping rule's (the spec's ciLoRanks), so the two never pick different ranks.
 * @throws RangeError when maxN is not a whole number from 0 to 1e5.
 */
export function medianCiRankTable(maxN: number): number[] {
  if (!Number.isInteger(maxN) || maxN < 0 || maxN > 100_000) {
    throw new RangeError(`medianCiRankTable: maxN must be a whole number from 0 to 100000, got ${maxN}`);
  }
  if (rankTable.length > maxN) return rankTable.slice(0, maxN + 1);
  const alphaHalf = (1 - CI_LEVEL) / 2;
  const table = [0];
  // cdf[k] = P_n(B <= k) for k = 0..floor(n/2); above that, by symmetry, P_n(B <= k) = 1 - P_n(B <= n - 1 - k).
  let cdf = [1];
  const at = (prev: number[], prevN: number, k: number): number => {
    if (k < 0) return 0;
    if (k >= prevN) return 1;
    return k < prev.length ? prev[k]! : 1 - prev[prevN - 1 - k]!;
  };
  for (let n = 1; n <= maxN; n += 1) {
    const half = Math.floor(n / 2);
    const next = new Array<number>(half + 1);
    for (let k = 0; k <= half; k += 1) next[k] = (at(cdf, n - 1, k) + at(cdf, n - 1, k - 1)) / 2;
    cdf = next;
    // P(B < j) = P(B <= j - 1) = cdf[j - 1]; the largest j with that <= alpha/2.
    let j = 0;
    while (j < cdf.length && cdf[j]! <= alphaHalf) j += 1;
    table.push(j);
  }
  rankTable = table;
  return table.slice();
}

/**
 * 1-based ranks [j, k] of the sorted sample such that [x_j, x_k] covers the median with probability ≥ CI_LEVEL
 * (medianCiRankTable). Returns null when n is too small for any such interval (n < 6 at 95%).
 */
export function medianCiRanks(n: number): [number, number] | null {
  if (!Number.isInteger(n) || n < 0) return null;
  const j = (rankTable.length > n ? rankTable : medianCiRankTable(n))[n] ?? 0;
  return j >= 1 ? [j, n + 1 - j] : null;
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
