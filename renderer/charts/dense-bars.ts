/**
 * Bar charts of many categories (a categorical run of thousands of points): what changes past
 * LABEL_EVERY_CATEGORY_UP_TO categories so that drawing them stays linear in the bars (config.ts calls it).
 */
import type { WorkbenchChartConfig } from './config';

/**
 * Bars label every category up to this many; past it the chart is dense (denseBars): Chart.js leaves out labels
 * that would overlap (autoSkip), as several thousand labels on one axis cannot be read and drawing each took
 * seconds in an SVG export.
 */
export const LABEL_EVERY_CATEGORY_UP_TO = 200;

/**
 * A bar chart past LABEL_EVERY_CATEGORY_UP_TO categories: labels that would overlap are left out, and each series
 * keeps its slot in every category (skipNull off: Chart.js's skipNull searches every dataset's values for each bar,
 * which made 36,000 bars take over 10 s; bars that narrow have no room to close up anyway).
 */
export function denseBars(config: WorkbenchChartConfig): void {
  const x = config.options?.scales?.x as { ticks?: Record<string, unknown> } | undefined;
  // sampleSize: the label widths are estimated from that many labels, not measured one by one.
  if (x?.ticks) Object.assign(x.ticks, { autoSkip: true, sampleSize: LABEL_EVERY_CATEGORY_UP_TO });
  for (const dataset of config.data.datasets) {
    if ('skipNull' in dataset) (dataset as { skipNull?: boolean }).skipNull = false;
  }
}
