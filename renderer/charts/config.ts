/**
 * The one place charts are built (DESIGN.md §6): points + display settings -> a Chart.js configuration, used by the
 * live chart on screen and reusable by PNG/SVG export. Line modes draw one line per series against `plan.xAxis`;
 * bar modes draw grouped bars (one category per point label, one colour per series). Every value carries its
 * p10–p90 error bar; incorrect, noisy and throttled points are drawn and labelled distinctly.
 */
import type { ChartConfiguration, Scale, TooltipItem } from 'chart.js';
import type { Plan, Point } from '../../electron/core/results/schema';
import type { AxisScale, Units } from '../stores/settings-storage';
import { formatCount, formatValue } from '../format/numbers';
import {
  chartMetric,
  gapAt,
  isDatum,
  metricUnit,
  toDatum,
  type ChartDatum,
  type ChartEntry,
  type Metric,
} from './datum';
import {
  barDataset,
  isOverlay,
  lineDataset,
  overlayDataset,
  overlayOf,
  OVERLAY_LABELS,
  type WorkbenchChartType,
  type WorkbenchDataset,
} from './datasets';
import { chartPalette, type ChartPalette } from './palette';
import { flagText } from './plugins';

export type WorkbenchChartConfig = ChartConfiguration<WorkbenchChartType, ChartEntry[], string>;

/** What a chart shows and how, independent of its points. */
export interface ChartSpec {
  kind: 'line' | 'bars';
  /** The mode's x axis (line modes). */
  xAxis: Plan['xAxis'];
  units: Units;
  /** Scale of the y axis. */
  axis: AxisScale;
  theme: 'light' | 'dark';
  title: string;
  /** A replay of a saved run: the title says so. */
  replay: boolean;
}

/** A chart configuration and what is known about its content so far. */
export interface ChartModel {
  config: WorkbenchChartConfig;
  /** Fixed by the first points (null while there are none). */
  metric: Metric | null;
  /** Series (datasets that are not overlays), points drawn, and points without a value in the metric and unit. */
  series: number;
  drawn: number;
  skipped: number;
  /** Points a log y axis cannot draw: their value is ≤ 0 (drawn on a linear axis). */
  nonPositive: number;
  /** The smallest value > 0 drawn (median or error-bar end): a log y axis starts at or below it. */
  minPositive: number | null;
  /** The bar category of a point (default: its label); see BuildOptions. */
  categoryOf: ((point: Point) => string) | null;
}

/** How points are placed beyond the spec. */
export interface BuildOptions {
  /**
   * Bars only: the category of each point (default its label). The Compare chart puts the same measurement of
   * several runs in one category although their labels differ (e.g. 132 vs 170 blocks).
   */
  categoryOf?: (point: Point) => string;
  /** Bars only: categories laid out first, in this order (later points add theirs after them). */
  categories?: readonly string[];
}

/**
 * What the marks are, under every chart's title (so pictures and reports keep it): the error bars span p10–p90 of
 * the repetitions, which is no confidence interval (the tables give the 95% CI of the median).
 */
export const ERROR_BAR_NOTE =
  'Median with error bars from p10 to p90 of the repetitions (their spread, not a 95% CI)';

/** Least room between two tick labels of a log x axis, in CSS pixels. */
const TICK_SPACING_PX = 44;
const tickDigits = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3 });

/**
 * Where a log x axis has ticks: at the data's x values, or, when there are more of them than fit in `maxTicks`, at
 * the powers of 2 (whole-number data) or 10 between them. Ticks closer than 1/(maxTicks − 1) of the axis (on the
 * log scale) to the one before are left out, so labels never overlap; the first and the last value keep theirs.
 */
export function logAxisTicks(xs: readonly number[], maxTicks: number): number[] {
  const values = [...new Set(xs.filter((v) => Number.isFinite(v) && v > 0))].sort((a, b) => a - b);
  if (values.length <= 2) return values;
  const first = values[0]!;
  const last = values[values.length - 1]!;
  let candidates = values;
  if (values.length > maxTicks) {
    const base = values.every((v) => Number.isInteger(v)) ? 2 : 10;
    const powers: number[] = [];
    const lo = Math.ceil(Math.log(first) / Math.log(base) - 1e-9);
    const hi = Math.floor(Math.log(last) / Math.log(base) + 1e-9);
    for (let e = lo; e <= hi; e += 1) powers.push(base ** e);
    candidates = [...new Set([first, ...powers.filter((p) => p > first && p < last), last])];
  }
  const gap = (Math.log10(last) - Math.log10(first)) / Math.max(1, maxTicks - 1);
  const kept: number[] = [];
  for (const value of candidates) {
    const previous = kept[kept.length - 1];
    if (previous === undefined || Math.log10(value) - Math.log10(previous) >= gap * 0.999) kept.push(value);
  }
  if (kept[kept.length - 1] !== last) {
    if (kept.length > 1 && Math.log10(last) - Math.log10(kept[kept.length - 1]!) < gap) kept.pop();
    kept.push(last);
  }
  return kept;
}

/** The label of a log x tick: whole numbers as such ("1,024"), others with 3 significant digits ("0.00758"). */
export function logTickLabel(value: number): string {
  return Number.isInteger(value) ? formatCount(value) : tickDigits.format(value);
}

/** Replaces Chart.js's ticks of a log x axis (1, 2, … 9, 10, 20, … labelled "1.10" or overlapping) with ours. */
function placeLogTicks(scale: Scale): void {
  const xs = scale.chart.data.datasets.flatMap((d) =>
    (d.data as ChartEntry[]).filter(isDatum).map((datum) => Number(datum.x)),
  );
  const maxTicks = Math.max(2, Math.floor((scale.width || 600) / TICK_SPACING_PX));
  scale.ticks = logAxisTicks(xs, maxTicks)
    .filter((v) => v >= scale.min && v <= scale.max)
    .map((value) => ({ value }));
}

/** The note under a log-axis chart on the points it cannot draw, or null when it draws them all. */
export function logAxisNote(nonPositive: number): string | null {
  if (nonPositive <= 0) return null;
  return nonPositive === 1
    ? '1 point cannot be drawn on a log axis (its value is ≤ 0); the linear axis and the table show it.'
    : `${nonPositive} points cannot be drawn on a log axis (values ≤ 0); the linear axis and the table show them.`;
}

/** The chart title: "REPLAY — " in front of replays, so an exported image says so too. */
export function chartTitle(spec: Pick<ChartSpec, 'title' | 'replay'>): string {
  return spec.replay ? `REPLAY — ${spec.title}` : spec.title;
}

function yTitle(metric: Metric, units: Units): string {
  const unit = metricUnit(metric, units);
  return metric === 'wholeKernel' ? `whole kernel (${unit}, launch included)` : `per-sync cost (${unit})`;
}

function tooltipLines(item: TooltipItem<WorkbenchChartType>, unit: () => string): string[] {
  const datum = item.raw as ChartDatum;
  const lines = [
    `${datum.series}: median ${formatValue(datum.y)} ${unit()}`,
    `p10 ${formatValue(datum.p10)} · p90 ${formatValue(datum.p90)} · n ${formatCount(datum.n)}`,
  ];
  const flag = flagText(datum);
  return flag ? [...lines, flag] : lines;
}

/** A chart of `points` (possibly none yet: a live run appends later with `appendPoints`). */
export function buildChartModel(
  spec: ChartSpec,
  points: readonly Point[],
  options: BuildOptions = {},
): ChartModel {
  const palette = chartPalette(spec.theme);
  const ticks = { color: palette.text };
  const grid = { color: palette.grid };
  const model: ChartModel = {
    config: undefined as unknown as WorkbenchChartConfig,
    metric: null,
    series: 0,
    drawn: 0,
    skipped: 0,
    nonPositive: 0,
    minPositive: null,
    categoryOf: options.categoryOf ?? null,
  };
  const unit = () => metricUnit(model.metric ?? 'perSync', spec.units);
  const x =
    spec.kind === 'bars'
      ? { type: 'category' as const, ticks, grid }
      : spec.xAxis?.log
        ? {
            type: 'logarithmic' as const,
            ticks: {
              ...ticks,
              autoSkip: false,
              maxRotation: 0,
              callback: (v: string | number) => logTickLabel(Number(v)),
            },
            afterBuildTicks: placeLogTicks,
            grid,
            title: { display: true, text: spec.xAxis.label, color: palette.text },
          }
        : {
            type: 'linear' as const,
            ticks,
            grid,
            title: { display: true, text: spec.xAxis?.label ?? 'point', color: palette.text },
          };
  model.config = {
    type: spec.kind === 'bars' ? 'barWithErrorBars' : 'lineWithErrorBars',
    data: { labels: spec.kind === 'bars' ? [...(options.categories ?? [])] : [], datasets: [] },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      interaction: { mode: 'nearest', intersect: false },
      color: palette.text,
      plugins: {
        title: { display: true, text: chartTitle(spec), color: palette.text, font: { size: 14 } },
        subtitle: { display: true, text: ERROR_BAR_NOTE, color: palette.text, font: { size: 11 } },
        legend: { labels: { color: palette.text } },
        tooltip: {
          filter: (item) => isDatum(item.raw as ChartEntry) && !isOverlay(item.dataset),
          callbacks: {
            title: (items) => (items[0]?.raw as ChartDatum | undefined)?.label ?? '',
            label: (item) => tooltipLines(item, unit),
          },
        },
        background: { color: palette.background },
        flagLabels: { incorrectColor: palette.incorrect, flaggedColor: palette.flagged },
      },
      scales: {
        x,
        y: {
          type: spec.axis === 'log' ? 'logarithmic' : 'linear',
          beginAtZero: spec.axis !== 'log',
          ticks,
          grid,
          title: { display: true, text: yTitle('perSync', spec.units), color: palette.text },
        },
      },
    },
  } as WorkbenchChartConfig;
  appendPoints(model, spec, points);
  return model;
}

/** Adds a batch of points to the model's datasets (new series get a dataset and the next colour). */
export function appendPoints(model: ChartModel, spec: ChartSpec, points: readonly Point[]): void {
  if (points.length === 0) return;
  if (model.metric === null) {
    model.metric = chartMetric(points);
    const y = model.config.options?.scales?.y;
    if (y?.title) y.title.text = yTitle(model.metric, spec.units);
  }
  const palette = chartPalette(spec.theme);
  for (const point of points) {
    const category = model.categoryOf?.(point);
    const datum = toDatum(point, spec.kind, model.metric, spec.units, category);
    if (!datum) {
      model.skipped += 1;
      continue;
    }
    if (spec.axis === 'log' && !fitsLogAxis(model, datum)) {
      model.nonPositive += 1;
      if (spec.kind === 'bars') categoryIndex(model, String(datum.x));
      continue;
    }
    if (spec.kind === 'bars') placeBar(model, palette, datum);
    else placeLine(model, palette, datum);
    model.drawn += 1;
  }
  if (spec.axis === 'log') startLogAxis(model);
}

/**
 * Whether a log axis can draw the datum (its median is > 0), noting its smallest positive value; a lower error-bar
 * end ≤ 0 is drawn to the bottom of the chart (it lies below every value a log axis has).
 */
function fitsLogAxis(model: ChartModel, datum: ChartDatum): boolean {
  if (!(datum.y > 0)) return false;
  const low = datum.yMin > 0 ? Math.min(datum.y, datum.yMin) : datum.y;
  model.minPositive = model.minPositive === null ? low : Math.min(model.minPositive, low);
  if (!(datum.yMin > 0)) datum.yMin = Number.MIN_VALUE;
  return true;
}

/**
 * Starts the log y axis at the power of ten at or below the smallest positive value drawn: left to itself, Chart.js
 * starts a log axis one decade below its largest value when the data reach 0 or below, and hides what lies lower.
 */
function startLogAxis(model: ChartModel): void {
  const y = model.config.options?.scales?.y;
  if (!y || model.minPositive === null) return;
  y.min = 10 ** Math.floor(Math.log10(model.minPositive));
}

function findDataset(model: ChartModel, label: string): WorkbenchDataset | undefined {
  return model.config.data.datasets.find((d) => d.label === label);
}

/** Lines: the datum joins its series, and an overlay when it is flagged. */
function placeLine(model: ChartModel, palette: ChartPalette, datum: ChartDatum): void {
  const { datasets } = model.config.data;
  let series = findDataset(model, datum.series);
  if (!series) {
    series = lineDataset(palette, datum.series, model.series);
    model.series += 1;
    datasets.push(series);
  }
  series.data.push(datum);
  const overlay = overlayOf(datum);
  if (!overlay) return;
  let marks = findDataset(model, OVERLAY_LABELS[overlay]);
  if (!marks) {
    marks = overlayDataset(palette, overlay);
    datasets.push(marks);
  }
  marks.data.push(datum);
}

/** The index of a bar category, added (with a gap in every dataset) when it is new. */
function categoryIndex(model: ChartModel, category: string): number {
  const labels = model.config.data.labels as string[];
  const index = labels.indexOf(category);
  if (index >= 0) return index;
  for (const dataset of model.config.data.datasets) dataset.data.push(gapAt(category));
  return labels.push(category) - 1;
}

/**
 * Bars: every dataset holds one entry per category, a gap where its series has no bar, because the error-bar
 * controller puts a dataset's i-th entry in the i-th category.
 */
function placeBar(model: ChartModel, palette: ChartPalette, datum: ChartDatum): void {
  const { datasets } = model.config.data;
  const labels = model.config.data.labels as string[];
  const index = categoryIndex(model, String(datum.x));
  let series = findDataset(model, datum.series);
  if (!series) {
    series = barDataset(palette, datum.series, model.series);
    model.series += 1;
    series.data.push(...labels.map(gapAt));
    datasets.push(series);
  }
  series.data[index] = datum;
}
