/**
 * Draws a report's charts with the app's own chart modules: one run as the Results view draws it
 * (renderer/figures), several overlaid as the Compare view draws them (one colour per run, overlay-chart.ts). Light
 * theme, linear axis, ns, at 2× device pixels so a printed report stays sharp; tooltips work in a browser. Axes,
 * legends, tooltips and numbers are in the report's language (ReportData.locale, English when absent); the titles
 * come written by the host in that language.
 */
import { Chart } from 'chart.js';
import type { ReportChart, ReportData } from '../../electron/model/report/data';
import { buildChartModel, type ChartSpec, type WorkbenchChartConfig } from '../figures/config';
import { runLegendNames } from '../figures/figure';
import { registerCharts } from '../figures/register';
import { overlayChart } from '../figures/overlay-chart';

/** Device pixels per CSS pixel of a report chart. */
const PIXEL_RATIO = 2;

/** The chart configuration of `chart` in `data`, in the report's language. */
export function reportChartConfig(chart: ReportChart, data: ReportData): WorkbenchChartConfig {
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
  if (runs.length === 1) return buildChartModel(spec, runs[0]!.points).config;
  return overlayChart(runs, runLegendNames(runs), spec).model.config;
}

/** Draws every chart of `data` into its canvas in `doc`; returns how many were drawn (a canvas may be missing). */
export function drawReportCharts(doc: Document, data: ReportData): number {
  registerCharts();
  let drawn = 0;
  for (const chart of data.charts) {
    const canvas = doc.getElementById(chart.canvasId);
    if (!(canvas instanceof HTMLCanvasElement) || !canvas.getContext('2d')) continue;
    const config = reportChartConfig(chart, data);
    new Chart(canvas, {
      ...config,
      options: { ...config.options, responsive: false, animation: false, devicePixelRatio: PIXEL_RATIO },
    });
    drawn += 1;
  }
  return drawn;
}
