/**
 * A chart as a picture file (issue 5 §2): a fresh copy of the Chart.js configuration the chart on screen was made
 * from (renderer/charts), drawn once more off screen without animation, either on a canvas at 2× device pixel ratio
 * (PNG) or into an svgcanvas context that records SVG. Chart.js's BasicPlatform draws without DOM events or resize
 * observers. The background plugin paints the theme's background first, so neither picture is transparent.
 */
import { BasicPlatform, Chart } from 'chart.js';
import { Context } from 'svgcanvas';
import type { WorkbenchChartConfig } from '../charts/config';
import { registerCharts } from '../charts/register';

/** Size of the exported chart in CSS pixels (the PNG has twice as many device pixels each way). */
export interface ChartSize {
  width: number;
  height: number;
}

/** Device pixels per CSS pixel of an exported PNG. */
export const PNG_PIXEL_RATIO = 2;

/**
 * The configuration made static: fixed size, no animation, the given pixel ratio. `directLines` asks Chart.js to
 * stroke lines segment by segment (a `segment` option does) instead of through a Path2D object, which svgcanvas
 * cannot record.
 */
function staticConfig(
  config: WorkbenchChartConfig,
  pixelRatio: number,
  directLines = false,
): WorkbenchChartConfig {
  const datasets = directLines
    ? config.data.datasets.map((dataset) => ({ ...dataset, segment: {} }))
    : config.data.datasets;
  return {
    ...config,
    data: { ...config.data, datasets },
    platform: BasicPlatform,
    options: { ...config.options, responsive: false, animation: false, devicePixelRatio: pixelRatio },
  };
}

/**
 * The chart of `config` as a PNG data URL, `size` CSS pixels drawn at PNG_PIXEL_RATIO (so 2·width × 2·height
 * pixels), on the theme's opaque background. `config` must be a copy of its own (not one a chart on screen uses).
 * @throws Error when the browser gives no 2D canvas.
 */
export function chartPng(config: WorkbenchChartConfig, size: ChartSize): string {
  registerCharts();
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  if (!canvas.getContext('2d')) throw new Error('This browser gives no 2D canvas to draw the PNG on.');
  const chart = new Chart(canvas, staticConfig(config, PNG_PIXEL_RATIO));
  try {
    return canvas.toDataURL('image/png');
  } finally {
    chart.destroy();
  }
}

/**
 * The chart of `config` as SVG text of `size` CSS pixels (shapes and text as SVG elements, background included).
 * `config` must be a copy of its own, as for chartPng.
 */
export function chartSvg(config: WorkbenchChartConfig, size: ChartSize): string {
  registerCharts();
  const context = new Context({ width: size.width, height: size.height });
  // Chart.js asks its item for a 2D context and then reads `context.canvas` (svgcanvas: the context itself).
  const surface = { width: size.width, height: size.height, getContext: () => context };
  const chart = new Chart(surface as unknown as HTMLCanvasElement, staticConfig(config, 1, true));
  try {
    return context.getSerializedSvg(true);
  } finally {
    chart.destroy();
  }
}
