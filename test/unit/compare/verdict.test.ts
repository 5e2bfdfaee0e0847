import { describe, expect, it } from 'vitest';

import { verdictOf } from '../../../electron/core/compare/verdict';
import { publishedValue, summarize } from '../../../electron/core/measure/stats';

/** n samples spread evenly over centre × (1 ± spread). */
function samples(centre: number, spread: number, n = 20): ReturnType<typeof summarize> {
  return summarize(Array.from({ length: n }, (_, i) => centre * (1 + spread * (2 * (i / (n - 1)) - 1))));
}

describe('verdictOf', () => {
  it('clearly faster: intervals apart and 20% lower', () => {
    expect(verdictOf(samples(10, 0.01), samples(8, 0.01))).toBe('faster');
  });

  it('clearly slower: intervals apart and 20% higher', () => {
    expect(verdictOf(samples(10, 0.01), samples(12, 0.01))).toBe('slower');
  });

  it('same: tight intervals whose farthest ends are within 3%', () => {
    expect(verdictOf(samples(10, 0.01), samples(10.05, 0.01))).toBe('same');
  });

  it('same even when the intervals are apart, if the whole difference is under 3%', () => {
    expect(verdictOf(samples(10, 0.002), samples(10.15, 0.002))).toBe('same');
  });

  it('unclear: a 20% difference inside overlapping, noisy intervals', () => {
    expect(verdictOf(samples(10, 0.5), samples(12, 0.5))).toBe('unclear');
  });

  it('unclear: equal medians but intervals too wide to call them the same', () => {
    expect(verdictOf(samples(10, 0.2), samples(10, 0.2))).toBe('unclear');
  });

  it('unclear: intervals apart but a difference too small to call faster, too uncertain to call same', () => {
    expect(verdictOf(samples(10, 0.01), samples(10.25, 0.01))).toBe('unclear');
  });

  it('published values without an interval: only a difference above 25% counts', () => {
    expect(verdictOf(publishedValue(10), samples(13, 0.01))).toBe('slower');
    expect(verdictOf(samples(10, 0.01), publishedValue(7))).toBe('faster');
    expect(verdictOf(publishedValue(10), samples(12, 0.01))).toBe('unclear');
    expect(verdictOf(publishedValue(10), publishedValue(10))).toBe('unclear');
  });

  it('too few samples for an interval count as no interval', () => {
    expect(verdictOf(samples(10, 0.01, 5), samples(10, 0.01, 5))).toBe('unclear');
  });

  it('a median at or below zero is judged by the intervals alone', () => {
    expect(verdictOf(samples(0.1, 2), samples(5, 0.01))).toBe('slower');
    expect(verdictOf(samples(0.1, 2), samples(0.1, 2))).toBe('unclear');
  });
});
