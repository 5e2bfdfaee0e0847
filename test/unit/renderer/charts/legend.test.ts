/**
 * The legend draws each entry as its dataset is drawn: a chart built from the workbench's configurations on a real
 * canvas (@napi-rs/canvas), each legend entry compared with the options Chart.js resolved for that dataset's
 * ordinary points or bars (point style, fill, border colour).
 */
import { createCanvas } from '@napi-rs/canvas';
import { Chart, type ChartItem } from 'chart.js';
import { describe, expect, it } from 'vitest';
import type { WorkbenchChartConfig } from '../../../../renderer/figures/config';
import type { WorkbenchChartType } from '../../../../renderer/figures/datasets';
import { overlayOf, type Overlay } from '../../../../renderer/figures/datasets';
import type { ChartEntry } from '../../../../renderer/figures/datum';
import { comparisonFigures, runFigure, staticConfig } from '../../../../renderer/figures/figure';
import { registerCharts } from '../../../../renderer/figures/register';
import { FIGURE_OPTIONS, reference } from './figure-fixtures';
import { syntheticResult } from '../../../fixtures/synthetic-result';

function drawn(config: WorkbenchChartConfig): Chart<WorkbenchChartType, ChartEntry[], string> {
  registerCharts();
  return new Chart(createCanvas(960, 420) as unknown as ChartItem, staticConfig(config, 1));
}

/**
 * Each legend entry beside the resolved options of its dataset's first ordinary (unflagged) element; a series
 * whose every point is flagged has none and is left out.
 */
function entries(chart: Chart<WorkbenchChartType, ChartEntry[], string>) {
  return chart.legend!.legendItems!.flatMap((item) => {
    const i = item.datasetIndex!;
    const dataset = chart.data.datasets[i]!;
    const overlay = (dataset as { overlay?: Overlay }).overlay;
    const j = dataset.data.findIndex((e) => e.y !== null && (overlay !== undefined || overlayOf(e) === null));
    if (j < 0) return [];
    const options = chart.getDatasetMeta(i).data[j]!.options as unknown as Record<string, unknown>;
    return [{ item, options, overlay }];
  });
}

describe('chart legend', () => {
  it('uses point styles, not boxes', () => {
    const chart = drawn(runFigure(reference('h200-sweep.json'), { ...FIGURE_OPTIONS, kind: 'line' }).config);
    expect(chart.options.plugins?.legend?.labels?.usePointStyle).toBe(true);
    chart.destroy();
  });

  it('draws a compared line series by its own marker and colour: runs by marker (and dash), series by colour', () => {
    const chart = drawn(
      comparisonFigures([reference('h200-sweep_a.json'), reference('h200-sweep_b.json')], {
        ...FIGURE_OPTIONS,
        kind: 'line',
      })[0]!.config,
    );
    const shown = entries(chart);
    expect(shown.length).toBe(4);
    for (const { item, options } of shown) {
      expect(item.pointStyle, item.text).toBe(options.pointStyle);
      expect(item.fillStyle, item.text).toBe(options.backgroundColor);
      expect(item.strokeStyle, item.text).toBe(options.borderColor);
    }
    // A series keeps its colour in both runs; the runs differ by marker in the legend, as by dash on the chart.
    // The legend names a line by its run's number and its series ("Run 2 · warp"); the run's name is in the footer.
    expect(shown.map((e) => e.item.text).sort()).toEqual([
      'Run 1 · block',
      'Run 1 · warp',
      'Run 2 · block',
      'Run 2 · warp',
    ]);
    const warp = shown.filter((e) => e.item.text.endsWith(' · warp'));
    expect(warp).toHaveLength(2);
    expect(warp[0]!.item.strokeStyle).toBe(warp[1]!.item.strokeStyle);
    expect(warp[0]!.item.pointStyle).not.toBe(warp[1]!.item.pointStyle);
    const run1 = shown.filter((e) => e.item.text.startsWith('Run 1 ·')).map((e) => e.item.strokeStyle);
    expect(new Set(run1).size).toBe(2);
    const dashes = chart.data.datasets.map((d) =>
      JSON.stringify((d as { borderDash?: number[] }).borderDash),
    );
    expect(new Set(dashes).size).toBe(2);
    chart.destroy();
  });

  it('draws the flagged overlays by their cross and triangle', () => {
    const chart = drawn(
      runFigure(syntheticResult({ mode: 'sweep' }), { ...FIGURE_OPTIONS, kind: 'line' }).config,
    );
    const overlays = entries(chart).filter((e) => e.overlay !== undefined);
    expect(overlays.map((e) => e.item.pointStyle).sort()).toEqual(['crossRot', 'triangle']);
    for (const { item, options } of overlays) expect(item.strokeStyle).toBe(options.borderColor);
    chart.destroy();
  });

  it('draws a bar series by its ordinary bars’ fill and border, even when its first bar is flagged', () => {
    const result = reference('h200-modes_a.json');
    const chart = drawn(runFigure(result, { ...FIGURE_OPTIONS, kind: 'bars' }).config);
    const shown = entries(chart);
    expect(shown.length).toBeGreaterThan(2);
    for (const { item, options } of shown) {
      expect(item.pointStyle, item.text).toBe('rect');
      expect(item.fillStyle, item.text).toBe(options.backgroundColor);
      expect(item.strokeStyle, item.text).toBe(options.borderColor);
    }
    chart.destroy();
  });
});
