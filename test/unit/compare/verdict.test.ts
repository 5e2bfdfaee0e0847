import { describe, expect, it } from 'vitest';

import {
  CYCLE_FLOOR,
  RELATIVE_FLOOR,
  VERDICT_RULE,
  verdictFloor,
  verdictOf,
} from '../../../electron/model/compare/verdict';
import { publishedValue, summarize } from '../../../electron/model/measure/stats';

/** n samples spread evenly over centre × (1 ± spread). */
function samples(centre: number, spread: number, n = 20): ReturnType<typeof summarize> {
  return summarize(Array.from({ length: n }, (_, i) => centre * (1 + spread * (2 * (i / (n - 1)) - 1))));
}

/** One SM cycle at 1980 MHz, the H200's clock: the timer resolution the app names (0.51 ns). */
const H200_CYCLE_NS = 1000 / 1980;

describe('verdictFloor', () => {
  it('per-sync ns: the timer resolution when it is above 2 % of the median', () => {
    expect(verdictFloor('perSyncNs', 7, H200_CYCLE_NS)).toEqual({ value: H200_CYCLE_NS, kind: 'resolution' });
  });

  it('per-sync ns: 2 % of the median when that is larger than one cycle', () => {
    const floor = verdictFloor('perSyncNs', 950, H200_CYCLE_NS);
    expect(floor.kind).toBe('relative');
    expect(floor.value).toBeCloseTo(RELATIVE_FLOOR * 950, 12);
  });

  it('cycles: one SM cycle, whatever resolution is passed', () => {
    expect(verdictFloor('perSyncCycles', 14, null)).toEqual({ value: CYCLE_FLOOR, kind: 'resolution' });
    expect(verdictFloor('perSyncCycles', 14, 0.5)).toEqual({ value: 1, kind: 'resolution' });
    expect(verdictFloor('perSyncCycles', 1894, null).kind).toBe('relative');
  });

  it('the whole kernel and host-timed points: the relative floor alone', () => {
    expect(verdictFloor('wholeKernelMs', 0.01, H200_CYCLE_NS)).toEqual({ value: 0.0002, kind: 'relative' });
    expect(verdictFloor('perSyncNs', 7, null).kind).toBe('relative');
  });
});

describe('verdictOf', () => {
  it('a 0.03 ns difference at 7 ns is the same, although both intervals are tight and apart', () => {
    const a = samples(7, 0.0005);
    const b = samples(7.03, 0.0005);
    expect(b.ciLow!).toBeGreaterThan(a.ciHigh!);
    const floor = verdictFloor('perSyncNs', a.median, H200_CYCLE_NS).value;
    expect(verdictOf(a, b, floor)).toBe('same');
  });

  it('a difference beyond both intervals and the floor is faster or slower', () => {
    const a = samples(7, 0.01);
    const floor = verdictFloor('perSyncNs', a.median, H200_CYCLE_NS).value;
    expect(verdictOf(a, samples(8, 0.01), floor)).toBe('slower');
    expect(verdictOf(a, samples(6, 0.01), floor)).toBe('faster');
  });

  it('cycles: half a cycle apart is the same, three cycles apart is not', () => {
    const a = samples(28, 0.001);
    expect(verdictOf(a, samples(28.5, 0.001), verdictFloor('perSyncCycles', 28, null).value)).toBe('same');
    expect(verdictOf(a, samples(31, 0.001), verdictFloor('perSyncCycles', 28, null).value)).toBe('slower');
  });

  it('beyond the floor but inside overlapping intervals is the same (does not clear the noise)', () => {
    expect(verdictOf(samples(10, 0.5), samples(12, 0.5), 0.2)).toBe('same');
  });

  it('default floor: 2 % of the first median', () => {
    expect(verdictOf(samples(10, 0.002), samples(10.15, 0.002))).toBe('same');
    expect(verdictOf(samples(10, 0.002), samples(10.25, 0.002))).toBe('slower');
  });

  it('published values without an interval: only a difference above 25 % counts', () => {
    expect(verdictOf(publishedValue(10), samples(13, 0.01))).toBe('slower');
    expect(verdictOf(samples(10, 0.01), publishedValue(7))).toBe('faster');
    expect(verdictOf(publishedValue(10), samples(12, 0.01))).toBe('unclear');
    expect(verdictOf(publishedValue(10), publishedValue(10))).toBe('unclear');
    // Above 25 % but not above an instrument floor (0.3 ns against one cycle of 0.51 ns): unclear.
    expect(verdictOf(publishedValue(1), publishedValue(1.3), H200_CYCLE_NS)).toBe('unclear');
  });

  it('too few samples for an interval count as no interval', () => {
    expect(verdictOf(samples(10, 0.01, 5), samples(10, 0.01, 5))).toBe('unclear');
  });

  it('the rule names the relative floor and the timer resolution', () => {
    expect(VERDICT_RULE).toContain('2% of the first run’s median');
    expect(VERDICT_RULE).toContain('timer’s resolution (one SM cycle');
    expect(VERDICT_RULE).not.toMatch(/\bms\b/);
  });
});
