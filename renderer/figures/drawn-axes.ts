/**
 * Where a drawn chart's plot lies and what its axes span, for tests in a real browser
 * (docs/figures.md#zoom-and-read-out).
 */
import type { Chart } from 'chart.js';

/** A chart's plot area and axes as drawn. */
export interface ChartAxes {
  area: { left: number; top: number; right: number; bottom: number };
  x: { min: number; max: number; log: boolean } | null;
  y: { min: number; max: number; log: boolean } | null;
}

/**
 * The plot's area on the canvas (CSS pixels from its top left corner) and the range and kind of its x and y axes as
 * drawn, or null before the chart has laid out: what the user's pixels mean.
 */
export function drawnAxes(chart: Pick<Chart, 'chartArea' | 'scales'> | null): ChartAxes | null {
  if (!chart?.chartArea) return null;
  const { left, top, right, bottom } = chart.chartArea;
  const axis = (id: string) => {
    const scale = chart.scales[id];
    return scale ? { min: scale.min, max: scale.max, log: scale.type === 'logarithmic' } : null;
  };
  return { area: { left, top, right, bottom }, x: axis('x'), y: axis('y') };
}
