/**
 * A comparison with many series is drawn as small multiples (renderer/figures/compare-facets.ts,
 * docs/figures.md#many-series): the measured `pipeline` (20 series) and `pdl` (7 series) H200 agreement runs, two
 * runs each, give plots of at most 8 lines, every series in exactly one plot, each series in one style in every
 * plot, and a legend that stays within a quarter of the figure (drawn on a real canvas, @napi-rs/canvas, at the
 * exported figure's size). A comparison of more runs than a plot holds draws its runs in groups beside run 1; one of
 * few series stays one plot.
 */
import { createCanvas } from '@napi-rs/canvas';
import { Chart, type ChartItem } from 'chart.js';
import { describe, expect, it } from 'vitest';
import {
  comparedSeries,
  comparisonFacets,
  seriesPerComparisonPlot,
} from '../../../../renderer/figures/compare-facets';
import { isOverlay } from '../../../../renderer/figures/datasets';
import { SERIES_PER_PLOT } from '../../../../renderer/figures/facets';
import { comparisonFigures, EXPORT_FIGURE_SIZE, staticConfig } from '../../../../renderer/figures/figure';
import { LEGEND_SHARE } from '../../../../renderer/figures/legend';
import { registerCharts } from '../../../../renderer/figures/register';
import { FIGURE_OPTIONS, reference } from './figure-fixtures';

const PAIRS = [
  ['h200-pipeline.json', 'h200-pipeline_b.json'],
  ['h200-pdl.json', 'h200-pdl_b.json'],
] as const;

describe('comparison small multiples', () => {
  it('hold SERIES_PER_PLOT ÷ runs series a plot', () => {
    expect([1, 2, 3, 4, 9].map(seriesPerComparisonPlot)).toEqual([8, 4, 2, 2, 1]);
  });

  for (const files of PAIRS) {
    it(`${files.join(' vs ')}: plots of at most ${SERIES_PER_PLOT} lines, each series in one plot and one style`, () => {
      registerCharts();
      const results = files.map(reference);
      const series = comparedSeries(results);
      expect(series.length).toBeGreaterThan(SERIES_PER_PLOT / 2);
      const facets = comparisonFacets(results);
      expect(facets.length).toBeGreaterThan(1);
      expect(facets.flatMap((f) => f.series).sort()).toEqual([...series].sort());

      const figures = comparisonFigures(results, { ...FIGURE_OPTIONS, kind: 'line' });
      expect(figures).toHaveLength(facets.length);
      const colourOf = new Map<string, string>();
      figures.forEach((figure, i) => {
        const lines = figure.config.data.datasets.filter((d) => !isOverlay(d));
        expect(lines.length, `plot ${i}`).toBeLessThanOrEqual(SERIES_PER_PLOT);
        expect(lines.length).toBe(facets[i]!.series.length * results.length);
        // A series has one colour, in both runs and in every plot; runs differ by dash.
        for (const line of lines) {
          const name = line.label!.split(' · ').slice(1).join(' · ');
          const colour = String(line.borderColor);
          expect(colourOf.get(name) ?? colour, name).toBe(colour);
          colourOf.set(name, colour);
        }
        const { width, height } = EXPORT_FIGURE_SIZE;
        const chart = new Chart(
          createCanvas(width, height) as unknown as ChartItem,
          staticConfig(figure.config, 1),
        );
        expect(chart.legend!.height / chart.height, `plot ${i} legend`).toBeLessThanOrEqual(LEGEND_SHARE);
        const legend = chart.legend!.legendItems!.filter(
          (item) => !isOverlay(figure.config.data.datasets[item.datasetIndex!]!),
        );
        expect(legend).toHaveLength(lines.length);
        for (const item of legend) expect(item.text).toMatch(/^Run [12] · /);
        chart.destroy();
      });
      expect(new Set(colourOf.values()).size).toBeGreaterThan(1);
    });
  }

  it('more runs than a plot holds: one series a plot, run 1 and up to 7 others, every line once', () => {
    const sweep = reference('h200-sweep.json');
    // 20 runs of the sweep (2 series): 3 groups of others (7, 7, 5) for each series.
    const runs = Array.from({ length: 20 }, (_, i) => ({ ...sweep, id: `run-${i}`, name: `run ${i + 1}` }));
    const plots = comparisonFacets(runs);
    expect(plots).toHaveLength(2 * 3);
    expect(plots.map((p) => p.title)).toContain('warp · runs 1, 9–15');
    const figures = comparisonFigures(runs, { ...FIGURE_OPTIONS, kind: 'line' });
    const drawn = new Set<string>();
    figures.forEach((figure, i) => {
      const lines = figure.config.data.datasets.filter((d) => !isOverlay(d));
      expect(lines.length, `plot ${i}`).toBeLessThanOrEqual(SERIES_PER_PLOT);
      expect(lines[0]!.label!.startsWith('1: run 1 · '), 'run 1 in every plot').toBe(true);
      for (const line of lines) drawn.add(line.label!);
      // The footer names the plot's runs only.
      expect(figure.config.options?.plugins?.provenance?.lines).toHaveLength(plots[i]!.runs.length);
    });
    expect(drawn.size).toBe(20 * 2);
  });

  it('a comparison of few series, or of bars, is one plot', () => {
    expect(comparisonFacets([reference('h200-sweep_a.json'), reference('h200-sweep_b.json')])).toHaveLength(
      1,
    );
    expect(comparisonFacets([reference('h200-modes_a.json'), reference('h200-modes_b.json')])).toHaveLength(
      1,
    );
  });
});
