import { describe, expect, it } from 'vitest';

import { medianCiRanks, medianOf, publishedValue, summarize } from '../../../electron/core/measure/stats';

describe('summarize', () => {
  it('gives the median, R-7 quantiles, extremes and mean of the samples', () => {
    const s = summarize([5, 1, 2, 3, 4, 6, 7, 8, 9, 10]);
    expect(s.n).toBe(10);
    expect(s.median).toBe(5.5);
    expect(s.p10).toBeCloseTo(1.9, 10);
    expect(s.p90).toBeCloseTo(9.1, 10);
    expect([s.min, s.max, s.mean]).toEqual([1, 10, 5.5]);
    expect(s.relSpread).toBeCloseTo((9.1 - 1.9) / 5.5, 10);
  });

  it('bounds the median with order statistics: ranks 2 and 9 of 10 (coverage 97.9%)', () => {
    const s = summarize([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    expect([s.ciLow, s.ciHigh]).toEqual([20, 90]);
  });

  it('has no interval below 6 samples and no relative spread around a zero median', () => {
    const s = summarize([-1, 0, 1]);
    expect(s.ciLow).toBeNull();
    expect(s.ciHigh).toBeNull();
    expect(s.relSpread).toBeNull();
  });

  it('refuses empty and non-finite samples', () => {
    expect(() => summarize([])).toThrow(/no samples/);
    expect(() => summarize([1, Number.NaN])).toThrow(/finite/);
    expect(() => summarize([1, Infinity])).toThrow(/finite/);
  });
});

describe('medianCiRanks', () => {
  it('matches the binomial table for n = 100 and n = 1000', () => {
    expect(medianCiRanks(100)).toEqual([40, 61]);
    expect(medianCiRanks(1000)).toEqual([469, 532]);
  });

  it('is symmetric and covers at least 95%', () => {
    for (const n of [6, 7, 20, 33, 250]) {
      const [j, k] = medianCiRanks(n)!;
      expect(j + k).toBe(n + 1);
      // P(j <= B < k) for B ~ Binomial(n, 1/2), computed directly.
      let p = 0;
      let c = 1;
      for (let i = 0; i <= n; i += 1) {
        if (i >= j && i < k) p += c / 2 ** n;
        c = (c * (n - i)) / (i + 1);
      }
      expect(p).toBeGreaterThanOrEqual(0.95);
    }
  });

  it('has no interval for fewer than 6 samples', () => {
    expect(medianCiRanks(5)).toBeNull();
  });
});

describe('publishedValue and medianOf', () => {
  it('keeps only the median of a published figure', () => {
    expect(publishedValue(0.0089)).toMatchObject({ n: 0, median: 0.0089, p10: null, ciLow: null });
  });

  it('medianOf handles empty input', () => {
    expect(medianOf([])).toBeNull();
    expect(medianOf([3, 1, 2])).toBe(2);
  });
});
