/**
 * A zoomed axis ticks at round values only (docs/figures.md#zoom-and-read-out): the zoom plugin sets an axis' min
 * and max to the values under the dragged box (59.4 and 340.6, say), and Chart.js, drawing the figure on a real
 * canvas (@napi-rs/canvas), must not write those ends as ticks. Both linear axes of a SYNTHETIC sweep are checked.
 */
import { createCanvas } from '@napi-rs/canvas';
import { Chart, type ChartItem } from 'chart.js';
import { describe, expect, it } from 'vitest';
import { runFigures, staticConfig } from '../../../../renderer/figures/figure';
import { registerCharts } from '../../../../renderer/figures/register';
import { syntheticResult } from '../../../fixtures/synthetic-result';
import { FIGURE_OPTIONS } from './figure-fixtures';

/** Whether `value` is a round tick: a whole multiple of 1, 2 or 5 × 10ⁿ for some n with few digits. */
function round(value: number, step: number): boolean {
  return Math.abs(value / step - Math.round(value / step)) < 1e-6;
}

describe('ticks of a zoomed axis', () => {
  it('are round values inside the range, not the range ends', () => {
    registerCharts();
    const result = syntheticResult({
      mode: 'sweep',
      points: Array.from({ length: 20 }, (_, i) => ({
        series: 'warp',
        label: `point ${i}`,
        x: i + 1,
        perSyncNs: 20 + i * 20,
      })),
    });
    const xAxis = { key: 'nwarps', label: 'warps per block', log: false };
    const [model] = runFigures(
      { ...result, plan: { ...result.plan, xAxis } },
      { ...FIGURE_OPTIONS, kind: 'line' },
    );
    const config = staticConfig(model!.config, 1);
    // As the zoom plugin leaves them after a box over the middle of the plot.
    Object.assign(config.options!.scales!.x!, { min: 3.37, max: 14.07 });
    Object.assign(config.options!.scales!.y!, { min: 59.4, max: 340.6 });
    const chart = new Chart(createCanvas(800, 450) as unknown as ChartItem, config);
    for (const [id, lo, hi] of [
      ['x', 3.37, 14.07],
      ['y', 59.4, 340.6],
    ] as const) {
      const values = chart.scales[id]!.ticks.map((t) => t.value);
      expect(values.length, id).toBeGreaterThan(2);
      expect(values, id).not.toContain(lo);
      expect(values, id).not.toContain(hi);
      const step = values[1]! - values[0]!;
      for (const v of values) {
        expect(v, id).toBeGreaterThanOrEqual(lo);
        expect(v, id).toBeLessThanOrEqual(hi);
        expect(round(v, step), `${id} ${v}`).toBe(true);
      }
    }
    chart.destroy();
  });
});
