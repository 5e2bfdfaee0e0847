/**
 * Draws a report's charts with the app's own chart modules: one run as the Results view draws it
 * (renderer/figures), several overlaid as the Compare view draws them (overlay-chart.ts), each as small multiples
 * when it has many series. Light
 * theme, linear axis, ns, at 2× device pixels so a printed report stays sharp; tooltips work in a browser. Axes,
 * legends, tooltips and numbers are in the report's language (ReportData.locale, English when absent); the titles
 * come written by the host in that language.
 */
import { Chart } from 'chart.js';
import type { ReportChart, ReportData } from '../../electron/model/report/data';
import type { ChartSpec, WorkbenchChartConfig } from '../figures/config';
import { comparisonFacets } from '../figures/compare-facets';
import { facetModels, facetTitle, runLegendNames } from '../figures/figure';
import { registerCharts } from '../figures/register';
import { overlayChart } from '../figures/overlay-chart';

/** Device pixels per CSS pixel of a report chart. */
const PIXEL_RATIO = 2;

/**
 * The configurations of `chart` in `data`, in the report's language: one per plot of its small multiples, as the app
 * draws them (docs/figures.md#many-series): a run's facets (facets.ts) with the run's series styles, or a
 * comparison's (compare-facets.ts); each plot's title says what it holds.
 */
export function reportChartConfigs(chart: ReportChart, data: ReportData): WorkbenchChartConfig[] {
  const spec: ChartSpec = {
    kind: chart.kind,
    xAxis: chart.xAxis,
    title: chart.title,
    replay: false,
    units: 'ns',
    axis: 'auto',
    theme: 'light',
    locale: data.locale ?? 'en',
  };
  const runs = chart.runs.map((i) => data.results[i]).filter((r) => r !== undefined);
  if (runs.length === 1) return facetModels(runs[0]!.points, spec).map((model) => model.config);
  const facets = comparisonFacets(runs, spec.locale);
  return facets.map(
    (facet) =>
      overlayChart(
        runs,
        runLegendNames(runs),
        { ...spec, title: facetTitle(chart.title, facet) },
        undefined,
        facets.length > 1 ? facet : undefined,
      ).model.config,
  );
}

/**
 * The canvases of a chart of `plots` plots: its own canvas, and for each further plot a copy of it (same size and
 * label, id `<id>-2`, `<id>-3`, …) placed after the one before.
 */
function plotCanvases(canvas: HTMLCanvasElement, plots: number): HTMLCanvasElement[] {
  const canvases = [canvas];
  for (let i = 2; i <= plots; i += 1) {
    const copy = canvas.cloneNode(false) as HTMLCanvasElement;
    copy.id = `${canvas.id}-${i}`;
    canvases[canvases.length - 1]!.after(copy);
    canvases.push(copy);
  }
  return canvases;
}

/**
 * Draws every chart of `data` into its canvas in `doc`, a chart of several plots into copies of its canvas after
 * it; returns how many charts were drawn (a canvas may be missing).
 */
export function drawReportCharts(doc: Document, data: ReportData): number {
  registerCharts();
  let drawn = 0;
  for (const chart of data.charts) {
    const canvas = doc.getElementById(chart.canvasId);
    if (!(canvas instanceof HTMLCanvasElement) || !canvas.getContext('2d')) continue;
    const configs = reportChartConfigs(chart, data);
    plotCanvases(canvas, configs.length).forEach((plot, i) => {
      const config = configs[i]!;
      new Chart(plot, {
        ...config,
        options: { ...config.options, responsive: false, animation: false, devicePixelRatio: PIXEL_RATIO },
      });
    });
    drawn += 1;
  }
  return drawn;
}
