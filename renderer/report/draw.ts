/**
 * Draws a report's charts with the app's own chart module (renderer/charts): light theme, linear axis, ns, at 2×
 * device pixels so a printed report stays sharp; tooltips work when the file is opened in a browser.
 */
import { Chart } from 'chart.js';
import type { ReportData } from '../../electron/core/report/data';
import { buildChartModel } from '../charts/config';
import { registerCharts } from '../charts/register';
import { chartPoints } from './overlay';

/** Device pixels per CSS pixel of a report chart. */
const PIXEL_RATIO = 2;

/** Draws every chart of `data` into its canvas in `doc`; returns how many were drawn (a canvas may be missing). */
export function drawReportCharts(doc: Document, data: ReportData): number {
  registerCharts();
  let drawn = 0;
  for (const chart of data.charts) {
    const canvas = doc.getElementById(chart.canvasId);
    if (!(canvas instanceof HTMLCanvasElement) || !canvas.getContext('2d')) continue;
    const spec = {
      kind: chart.kind,
      xAxis: chart.xAxis,
      title: chart.title,
      replay: false,
      units: 'ns' as const,
      axis: 'linear' as const,
      theme: 'light' as const,
    };
    const { config } = buildChartModel(spec, chartPoints(data.results, chart.runs));
    new Chart(canvas, {
      ...config,
      options: { ...config.options, responsive: false, animation: false, devicePixelRatio: PIXEL_RATIO },
    });
    drawn += 1;
  }
  return drawn;
}
