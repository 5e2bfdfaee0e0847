import { binomialDistribution } from 'simple-statistics';
import { describe, expect, it } from 'vitest';

import { startMeasuredRun } from '../../../electron/core/measure/run';
import {
  medianCiRankTable,
  medianCiRanks,
  medianOf,
  publishedValue,
  summarize,
} from '../../../electron/model/measure/stats';
import { fakeBackend, syntheticPointResult } from '../helpers/fake-backend';

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

describe('medianCiRankTable: one rank table for the reported interval and the native stopping rule', () => {
  it('equals ranks computed independently from the Binomial(n, 1/2) mass function', () => {
    const table = medianCiRankTable(400);
    for (let n = 0; n <= 400; n += 1) {
      let j = 0;
      if (n >= 6) {
        const pmf = binomialDistribution(n, 0.5)!;
        let cumulative = 0;
        for (let i = 0; i < pmf.length && cumulative + pmf[i]! <= 0.025; i += 1) {
          cumulative += pmf[i]!;
          j = i + 1;
        }
      }
      expect(table[n], `n = ${n}`).toBe(j);
    }
  });

  it('is what summarize() reports and what a run sends with every point', async () => {
    const samples = Array.from({ length: 37 }, (_, i) => (i * 7919) % 101);
    const sorted = [...samples].sort((a, b) => a - b);
    const j = medianCiRankTable(37)[37]!;
    expect(summarize(samples)).toMatchObject({ ciLow: sorted[j - 1], ciHigh: sorted[37 - j] });
    const backend = fakeBackend({ result: () => syntheticPointResult(10) });
    const run = await startMeasuredRun(
      { mode: 'block', params: {}, stopping: { maxReps: 300 } },
      backend,
      {},
    );
    await run.done;
    expect(backend.started[0]![0]!.ciLoRanks).toEqual(medianCiRankTable(300));
  });

  it('refuses a size it does not compute', () => {
    expect(() => medianCiRankTable(-1)).toThrow(RangeError);
    expect(() => medianCiRankTable(1.5)).toThrow(/whole number from 0 to 100000/);
  });
});
