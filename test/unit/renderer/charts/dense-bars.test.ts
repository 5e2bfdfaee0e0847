import { describe, expect, it } from 'vitest';

import { buildChartModel, type ChartSpec } from '../../../../renderer/figures/config';
import { LABEL_EVERY_CATEGORY_UP_TO } from '../../../../renderer/figures/dense-bars';
import { syntheticResult } from '../../../fixtures/synthetic-result';

const BARS: ChartSpec = {
  kind: 'bars',
  units: 'ns',
  axis: 'linear',
  theme: 'light',
  xAxis: null,
  title: 'bars',
  replay: false,
};

/** `n` categorical points in two series (each point its own category). */
function points(n: number) {
  return syntheticResult({
    points: Array.from({ length: n }, (_, i) => ({
      series: i % 2 ? 'block' : 'warp',
      label: `point ${i}`,
      perSyncNs: 10 + (i % 7),
      reps: 3,
    })),
  }).points;
}

const ticksOf = (model: ReturnType<typeof buildChartModel>) =>
  (model.config.options?.scales?.x as { ticks: { autoSkip?: boolean } }).ticks;
const skipNull = (model: ReturnType<typeof buildChartModel>) =>
  model.config.data.datasets.map((d) => (d as { skipNull?: boolean }).skipNull);

describe('bar charts of many categories', () => {
  it('label every category and close up gaps as before, up to the limit', () => {
    const model = buildChartModel(BARS, points(LABEL_EVERY_CATEGORY_UP_TO));
    expect(ticksOf(model).autoSkip).toBe(false);
    expect(skipNull(model)).toEqual([true, true]);
    expect(model.config.data.labels).toHaveLength(LABEL_EVERY_CATEGORY_UP_TO);
  });

  it('past it, skip overlapping labels and keep every bar in its slot; each category once, in order', () => {
    const model = buildChartModel(BARS, points(LABEL_EVERY_CATEGORY_UP_TO + 1));
    expect(ticksOf(model).autoSkip).toBe(true);
    expect(skipNull(model)).toEqual([false, false]);
    const labels = model.config.data.labels as string[];
    expect(labels).toEqual(Array.from({ length: LABEL_EVERY_CATEGORY_UP_TO + 1 }, (_, i) => `point ${i}`));
    expect(model.drawn).toBe(LABEL_EVERY_CATEGORY_UP_TO + 1);
    for (const dataset of model.config.data.datasets) expect(dataset.data).toHaveLength(labels.length);
  });

  it('places 36,000 bars in linear time (seconds at most, not minutes)', () => {
    const many = points(36_000);
    const start = performance.now();
    const model = buildChartModel(BARS, many);
    expect(performance.now() - start).toBeLessThan(5000);
    expect(model.config.data.labels).toHaveLength(36_000);
  });
});
