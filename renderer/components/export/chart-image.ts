/**
 * A figure as a picture file in the browser: a fresh configuration from the figure
 * pipeline (renderer/figures/figure.ts), drawn once more off screen, either on a canvas at PNG_PIXEL_RATIO (PNG) or
 * into an svgcanvas context that records SVG with its fonts as attributes (svg-context.ts). The background plugin
 * paints the theme's background first, so neither picture is transparent. The CLI draws the same configurations
 * on @napi-rs/canvas (electron/cli/figure-image.ts).
 */
import { Chart } from 'chart.js';
import type { WorkbenchChartConfig } from '../../figures/config';
import { PNG_PIXEL_RATIO, staticConfig, type FigureSize } from '../../figures/figure';
import { registerCharts } from '../../figures/register';
import { FigureSvgContext } from './svg-context';

/**
 * The chart of `config` as a PNG data URL, `size` CSS pixels drawn at PNG_PIXEL_RATIO (so 2·width × 2·height
 * pixels), on the theme's opaque background. `config` must be a copy of its own (not one a chart on screen uses).
 * @throws Error when the browser gives no 2D canvas.
 */
export function chartPng(config: WorkbenchChartConfig, size: FigureSize): string {
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
 * The chart of `config` as SVG text of `size` CSS pixels (shapes and text as SVG elements, background included,
 * fonts as attributes). `config` must be a copy of its own, as for chartPng.
 */
export function chartSvg(config: WorkbenchChartConfig, size: FigureSize): string {
  registerCharts();
  const context = new FigureSvgContext({ width: size.width, height: size.height });
  // Chart.js asks its item for a 2D context and then reads `context.canvas` (svgcanvas: the context itself).
  const surface = { width: size.width, height: size.height, getContext: () => context };
  const chart = new Chart(surface as unknown as HTMLCanvasElement, staticConfig(config, 1, true));
  try {
    return context.getSerializedSvg(true);
  } finally {
    chart.destroy();
  }
}
