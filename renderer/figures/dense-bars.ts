/**
 * Bar charts of many categories (a categorical run of thousands of points): what changes past
 * LABEL_EVERY_CATEGORY_UP_TO categories so that drawing them stays linear in the bars (config.ts calls it).
 */
import type { WorkbenchChartConfig } from './chart-model';

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

/**
 * The x scale of a dense bar chart's figure (png, svg; figure.ts staticConfig): without a grid line and a tick mark
 * per category, which made an SVG of 36,000 bars 21 MB (two paths per category beside its one bar) and drew lines
 * 0.03 px apart that read as a grey wash. Every bar is still drawn; on screen the chart is unchanged. Returns the
 * x scale options to use, or `x` as it is when the chart is not dense.
 */
export function denseFigureXScale(config: WorkbenchChartConfig): Record<string, unknown> | undefined {
  const x = config.options?.scales?.x as Record<string, unknown> | undefined;
  // A category axis (bars, bars with error bars) past the labelling limit: exactly the charts denseBars changed.
  const dense = x?.type === 'category' && (config.data.labels?.length ?? 0) > LABEL_EVERY_CATEGORY_UP_TO;
  if (!x || !dense) return x;
  return { ...x, grid: { ...(x.grid as Record<string, unknown> | undefined), display: false } };
}

/**
 * A dense bar chart's dataset in a figure: bars without a border. A bar a fraction of a pixel wide shows no border,
 * but Chart.js draws a bordered bar as a clip region and an even-odd ring, three SVG elements per bar.
 */
export function denseFigureBars<T extends object>(dataset: T): T {
  return { ...dataset, borderWidth: 0 };
}

/**
 * Most categories a dense bar chart's figure draws: one column per device pixel of a figure up to 1000 CSS pixels
 * wide at a PNG's pixel ratio of 2 (figure.ts). Past it several categories share a pixel column anyway.
 */
export const FIGURE_COLUMNS = 2_000;

interface BarEntry {
  x: unknown;
  y: number | null;
  yMin?: number | null;
  yMax?: number | null;
  incorrect?: boolean;
  noisy?: boolean;
  throttled?: boolean;
}

/** The bar that stands for `entries` in one column: the tallest, its error bar spanning theirs, any flag kept. */
function columnBar(entries: readonly BarEntry[], label: string): BarEntry {
  let tallest: BarEntry | null = null;
  let low = Infinity;
  let high = -Infinity;
  const flags = { incorrect: false, noisy: false, throttled: false };
  for (const e of entries) {
    if (e.y === null || e.y === undefined) continue;
    if (!tallest || e.y > tallest.y!) tallest = e;
    if (typeof e.yMin === 'number') low = Math.min(low, e.yMin);
    if (typeof e.yMax === 'number') high = Math.max(high, e.yMax);
    flags.incorrect ||= e.incorrect === true;
    flags.noisy ||= e.noisy === true;
    flags.throttled ||= e.throttled === true;
  }
  if (!tallest) return { x: label, y: null, yMin: null, yMax: null };
  const errorBar = low <= high ? { yMin: low, yMax: high } : {};
  return { ...tallest, x: label, ...errorBar, ...(typeof tallest.incorrect === 'boolean' ? flags : {}) };
}

/**
 * A dense bar chart's categories and datasets for a figure of at most `columns` categories: each run of
 * consecutive categories that shares a column is drawn as one bar per series, the tallest of the run, its error
 * bar from the lowest to the highest end of theirs, flagged when any of them is, labelled with the run's first
 * category. Bars from a common baseline that fall in one pixel column paint it as their tallest does, so the
 * picture is what drawing each would give, while an SVG of 36,000 categories holds 2,000 bars, not 36,000 (13 MB,
 * seconds to draw). Returns `config` as it is when it has at most `columns` categories.
 */
export function denseFigureColumns(
  config: WorkbenchChartConfig,
  columns = FIGURE_COLUMNS,
): WorkbenchChartConfig {
  const labels = (config.data.labels ?? []) as string[];
  if (labels.length <= columns) return config;
  const per = Math.ceil(labels.length / columns);
  const starts = Array.from({ length: Math.ceil(labels.length / per) }, (_, i) => i * per);
  const datasets = config.data.datasets.map((dataset) => {
    const data = dataset.data as unknown as BarEntry[];
    const merged = starts.map((start) => columnBar(data.slice(start, start + per), labels[start]!));
    return { ...dataset, data: merged } as unknown as (typeof config.data.datasets)[number];
  });
  return { ...config, data: { ...config.data, labels: starts.map((s) => labels[s]!), datasets } };
}
