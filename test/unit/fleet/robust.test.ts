import { describe, expect, it } from 'vitest';

import {
  DEFAULT_THRESHOLDS,
  isOutlier,
  MAD_TO_SIGMA,
  relDeviation,
  robustCentre,
  robustZ,
} from '../../../electron/model/fleet/robust';

describe('robust statistics of a fleet (docs/fleet.md#how-outliers-are-found)', () => {
  it('median and MAD of a set with one far value, by hand', () => {
    // sorted 1 2 3 4 100: median 3; |x − 3| = 2 1 0 1 97 → sorted 0 1 1 2 97: MAD 1.
    const c = robustCentre([4, 1, 100, 3, 2]);
    expect(c).toEqual({ n: 5, median: 3, mad: 1 });
    expect(robustZ(100, c)).toBeCloseTo(MAD_TO_SIGMA * 97, 10);
    expect(robustZ(2, c)).toBeCloseTo(-0.6745, 10);
    expect(relDeviation(100, c)).toBeCloseTo(97 / 3, 10);
  });

  it('the outlier rule needs both thresholds, and a group large enough', () => {
    const t = DEFAULT_THRESHOLDS;
    expect(isOutlier(10, 0.2, 8, t)).toBe(true);
    expect(isOutlier(10, 0.04, 8, t)).toBe(false); // far in z, but within 5% of the median
    expect(isOutlier(3, 0.2, 8, t)).toBe(false); // 20% off, but the group is that spread
    expect(isOutlier(-10, -0.2, 8, t)).toBe(true); // too fast counts as well
    expect(isOutlier(10, 0.2, 2, t)).toBe(false); // two runs: no judgement
  });

  it('a MAD of 0 leaves z undefined and lets the relative deviation decide', () => {
    const c = robustCentre([5, 5, 5, 5, 6]);
    expect(c.mad).toBe(0);
    expect(robustZ(6, c)).toBeNull();
    expect(isOutlier(null, relDeviation(6, c), c.n, DEFAULT_THRESHOLDS)).toBe(true);
    expect(isOutlier(null, relDeviation(5.1, c), c.n, DEFAULT_THRESHOLDS)).toBe(false);
  });

  it('refuses an empty set and values that are not finite', () => {
    expect(() => robustCentre([])).toThrow(/no values/);
    expect(() => robustCentre([1, Number.NaN])).toThrow(/not finite/);
  });
});
