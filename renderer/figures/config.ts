/**
 * The one place charts are built (docs/architecture.md): points + display settings -> a Chart.js configuration, used by the
 * live chart on screen, the PNG/SVG exports and the CLI's figures. Line modes draw one line per series against
 * `plan.xAxis`; bar modes draw grouped bars (one category per point label, one colour per series). Every value
 * carries its p10–p90 error bar; incorrect, noisy, throttled and below-resolution points are drawn and labelled
 * distinctly. Every text is in `spec.locale`. Axis ticks: log-ticks.ts; the axis choice: axis-choice.ts.
 */
import type { ChartConfiguration, TooltipItem } from 'chart.js';
import type { Plan, Point } from '../../electron/model/results/schema';
import type { AxisScale, Units } from './settings-storage';
import { formatCount, formatValue, numberFormat, withUnit } from './numbers';
import { translatorFor, type Translate } from './translate';
import type { Locale } from './locale';
import { applyAxisChoice, AxisTracker } from './axis-choice';
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
import { decimate, DECIMATE_ABOVE } from './decimate';
import { denseBars, LABEL_EVERY_CATEGORY_UP_TO } from './dense-bars';
import {
  barDataset,
  isOverlay,
  lineDataset,
  overlayDataset,
  overlayOf,
  type Overlay,
  type WorkbenchChartType,
  type WorkbenchDataset,
} from './datasets';
import { logTickLabel, placeXLogTicks } from './log-ticks';
import { legendLabels } from './legend';
import { axisLabel } from '../../electron/model/words/axis-labels';
import { chartPalette, seriesSlot, type ChartPalette } from './palette';
import { flagText, footerHeight, type FlagTexts } from './plugins';

export type WorkbenchChartConfig = ChartConfiguration<WorkbenchChartType, ChartEntry[], string>;

/** What a chart shows and how, independent of its points. */
export interface ChartSpec {
  kind: 'line' | 'bars';
  /** The mode's x axis (line modes). */
  xAxis: Plan['xAxis'];
  units: Units;
  /** Scale of the y axis: 'auto' picks log when the values span more than two decades (axis-choice.ts). */
  axis: AxisScale;
  theme: 'light' | 'dark';
  title: string;
  /** A replay of a saved run: the title says so. */
  replay: boolean;
  /** Language of every text in the figure (default English). */
  locale?: Locale;
  /** Provenance lines under the figure (device · date · version · source); none on screen. */
  provenance?: readonly string[];
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
  /** Points a log y axis (chosen by the user) cannot draw: their value is ≤ 0 (drawn on a linear axis). */
  nonPositive: number;
  /** The smallest value > 0 drawn (median or error-bar end): a log y axis starts at or below it. */
  minPositive: number | null;
  /** The bar category of a point (default: its label); see BuildOptions. */
  categoryOf: ((point: Point) => string) | null;
  /** Bars: the index of each category in `config.data.labels` (a lookup per point, not a search of the labels). */
  categoryIndexes: Map<string, number>;
  /** Every datum of each line series (the dataset may hold fewer marks: decimate.ts). */
  lines: Map<WorkbenchDataset, ChartDatum[]>;
  /** Line series that grew past DECIMATE_ABOVE since their marks were last chosen (settleMarks). */
  unsettled: Set<WorkbenchDataset>;
  /** The values seen, for the 'auto' axis. */
  axisTracker: AxisTracker;
  /** Why an 'auto' axis stays linear although the values span more than two decades (null: no reason needed). */
  axisNote: string | null;
  /** Whether the y axis is logarithmic as built now. */
  logY: boolean;
  /** Points drawn at the timer's resolution because their value lies below it, and the largest such resolution. */
  belowResolution: number;
  resolution: number | null;
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

/** The English note under every chart's title (the error bars span p10–p90, not a confidence interval). */
export const ERROR_BAR_NOTE = translatorFor('en')('chart.errorBarNote');

/** The note under a log-axis chart on the points it cannot draw, or null when it draws them all. */
export function logAxisNote(nonPositive: number, locale: Locale = 'en'): string | null {
  if (nonPositive <= 0) return null;
  const t = translatorFor(locale);
  return nonPositive === 1 ? t('chart.logNoteOne') : t('chart.logNoteMany', { count: nonPositive });
}

/**
 * The note under a chart with values below the timer's resolution ("3 points lie below the timer resolution (one
 * SM cycle, 0.51 ns): drawn up to it."), or null when there are none.
 */
export function resolutionNote(model: ChartModel, spec: Pick<ChartSpec, 'units' | 'locale'>): string | null {
  if (model.belowResolution === 0 || model.resolution === null) return null;
  const locale = spec.locale ?? 'en';
  const resolution = numberFormat({ maximumSignificantDigits: 2 }, locale).format(model.resolution);
  const key = model.belowResolution === 1 ? 'chart.belowResolutionNoteOne' : 'chart.belowResolutionNote';
  return translatorFor(locale)(key, {
    count: model.belowResolution,
    resolution: withUnit(resolution, model.resolution, metricUnit(model.metric ?? 'perSync', spec.units)),
  });
}

/** The chart title: "REPLAY — " in front of replays (in the chart's language), so an exported image says so too. */
export function chartTitle(spec: Pick<ChartSpec, 'title' | 'replay' | 'locale'>): string {
  return spec.replay
    ? translatorFor(spec.locale ?? 'en')('chart.replayTitle', { title: spec.title })
    : spec.title;
}

function yTitle(metric: Metric, units: Units, t: Translate): string {
  const unit = metricUnit(metric, units);
  return metric === 'wholeKernel' ? t('chart.wholeKernelAxis', { unit }) : t('chart.perSyncAxis', { unit });
}

function flagTexts(t: Translate, unit: string, locale: Locale, labelBelowResolution = true): FlagTexts {
  return {
    labelBelowResolution,
    incorrect: t('chart.incorrect'),
    noisy: t('chart.noisy'),
    throttled: t('chart.throttled'),
    belowResolution: t('chart.belowResolution'),
    unit,
    locale,
  };
}

function tooltipLines(
  item: TooltipItem<WorkbenchChartType>,
  unit: () => string,
  t: Translate,
  locale: Locale,
): string[] {
  const datum = item.raw as ChartDatum;
  const texts = flagTexts(t, unit(), locale);
  const value =
    datum.belowResolution === null ? `${formatValue(datum.y, locale)}` : `< ${formatValue(datum.y, locale)}`;
  const lines = [
    t('chart.tooltipMedian', { series: datum.series, value, unit: unit() }),
    t('chart.tooltipSpread', {
      p10: formatValue(datum.p10, locale),
      p90: formatValue(datum.p90, locale),
      n: formatCount(datum.n, locale),
    }),
  ];
  const flag = flagText(datum, texts);
  return flag ? [...lines, flag] : lines;
}

/** A chart of `points` (possibly none yet: a live run appends later with `appendPoints`). */
export function buildChartModel(
  spec: ChartSpec,
  points: readonly Point[],
  options: BuildOptions = {},
): ChartModel {
  const locale = spec.locale ?? 'en';
  const t = translatorFor(locale);
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
    categoryIndexes: new Map((options.categories ?? []).map((c, i) => [c, i])),
    lines: new Map(),
    unsettled: new Set(),
    axisTracker: new AxisTracker(),
    axisNote: null,
    logY: spec.axis === 'log',
    belowResolution: 0,
    resolution: null,
  };
  const unit = () => metricUnit(model.metric ?? 'perSync', spec.units);
  const x =
    spec.kind === 'bars'
      ? { type: 'category' as const, ticks: { ...ticks, autoSkip: false }, grid }
      : spec.xAxis?.log
        ? {
            type: 'logarithmic' as const,
            ticks: {
              ...ticks,
              autoSkip: false,
              maxRotation: 0,
              callback: (v: string | number) => logTickLabel(Number(v), locale),
            },
            afterBuildTicks: placeXLogTicks,
            grid,
            title: { display: true, text: axisLabel(spec.xAxis.label, locale), color: palette.text },
          }
        : {
            type: 'linear' as const,
            ticks,
            grid,
            title: {
              display: true,
              text: spec.xAxis ? axisLabel(spec.xAxis.label, locale) : t('chart.point'),
              color: palette.text,
            },
          };
  const provenance = [...(spec.provenance ?? [])];
  model.config = {
    type: spec.kind === 'bars' ? 'barWithErrorBars' : 'lineWithErrorBars',
    data: { labels: spec.kind === 'bars' ? [...(options.categories ?? [])] : [], datasets: [] },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      locale,
      interaction: { mode: 'nearest', intersect: false },
      color: palette.text,
      layout: { padding: { top: 4, right: 16, bottom: 4 + footerHeight(provenance.length), left: 8 } },
      plugins: {
        title: {
          display: true,
          text: chartTitle(spec),
          color: palette.text,
          font: { size: 14, weight: 'bold' },
        },
        subtitle: { display: true, text: t('chart.errorBarNote'), color: palette.text, font: { size: 11 } },
        legend: {
          labels: {
            color: palette.text,
            boxWidth: 14,
            // With point styles a glyph's radius is boxHeight × √2 / 2: about 6 px, near the points' own.
            boxHeight: 8,
            padding: 12,
            usePointStyle: true,
            generateLabels: legendLabels,
          },
        },
        tooltip: {
          filter: (item) => isDatum(item.raw as ChartEntry) && !isOverlay(item.dataset),
          callbacks: {
            title: (items) => (items[0]?.raw as ChartDatum | undefined)?.label ?? '',
            label: (item) => tooltipLines(item, unit, t, locale),
          },
        },
        background: { color: palette.background },
        flagLabels: {
          incorrectColor: palette.incorrect,
          flaggedColor: palette.flagged,
          texts: flagTexts(t, unit(), locale, spec.kind === 'bars'),
        },
        provenance: { lines: provenance, color: palette.text },
      },
      scales: {
        x,
        y: {
          type: 'linear',
          beginAtZero: true,
          ticks,
          grid,
          title: { display: true, text: yTitle('perSync', spec.units, t), color: palette.text },
        },
      },
    },
  } as WorkbenchChartConfig;
  if ((options.categories?.length ?? 0) > LABEL_EVERY_CATEGORY_UP_TO) denseBars(model.config);
  applyAxisChoice(model, spec);
  appendPoints(model, spec, points);
  return model;
}

/**
 * Adds a batch of points to the model's datasets (new series get a dataset and their colour). With
 * `settle: false` the marks of a long (decimated) series are chosen later, by settleMarks: a live chart does it
 * once per redraw rather than once per batch.
 */
export function appendPoints(
  model: ChartModel,
  spec: ChartSpec,
  points: readonly Point[],
  options: { settle?: boolean } = {},
): void {
  if (points.length === 0) return;
  const t = translatorFor(spec.locale ?? 'en');
  if (model.metric === null) {
    model.metric = chartMetric(points);
    const y = model.config.options?.scales?.y;
    if (y?.title) y.title.text = yTitle(model.metric, spec.units, t);
    const flags = model.config.options?.plugins?.flagLabels;
    if (flags?.texts) flags.texts.unit = metricUnit(model.metric, spec.units);
  }
  const palette = chartPalette(spec.theme);
  const touched = new Set<WorkbenchDataset>();
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
    model.axisTracker.add(datum);
    if (datum.belowResolution !== null) {
      model.belowResolution += 1;
      model.resolution = Math.max(model.resolution ?? 0, datum.belowResolution);
    }
    if (spec.kind === 'bars') placeBar(model, palette, datum);
    else touched.add(placeLine(model, palette, datum, t));
    model.drawn += 1;
  }
  for (const dataset of touched) {
    if ((model.lines.get(dataset)?.length ?? 0) > DECIMATE_ABOVE) model.unsettled.add(dataset);
  }
  if (options.settle !== false) settleMarks(model, spec);
  applyAxisChoice(model, spec);
}

/** Chooses the marks of every line series that grew past DECIMATE_ABOVE since the last call (decimate.ts). */
export function settleMarks(model: ChartModel, spec: Pick<ChartSpec, 'xAxis'>): void {
  for (const dataset of model.unsettled) {
    dataset.data = decimate(model.lines.get(dataset) ?? [], spec.xAxis?.log ?? false);
  }
  model.unsettled.clear();
}

/** Marks drawn in line datasets after decimation (equal to the points drawn when nothing is decimated). */
export function marksDrawn(model: ChartModel): number {
  let marks = 0;
  for (const dataset of model.lines.keys()) marks += dataset.data.length;
  return marks;
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

function findDataset(model: ChartModel, label: string): WorkbenchDataset | undefined {
  return model.config.data.datasets.find((d) => d.label === label && !isOverlay(d));
}

function findOverlay(model: ChartModel, overlay: Overlay): WorkbenchDataset | undefined {
  return model.config.data.datasets.find((d) => (d as { overlay?: Overlay }).overlay === overlay);
}

/** The palette slots of the model's series so far. */
function takenSlots(model: ChartModel): number[] {
  return model.config.data.datasets.flatMap((d) => {
    const slot = (d as { slot?: number }).slot;
    return slot === undefined ? [] : [slot];
  });
}

/** Lines: the datum joins its series (returned), and an overlay when it is flagged. */
function placeLine(
  model: ChartModel,
  palette: ChartPalette,
  datum: ChartDatum,
  t: Translate,
): WorkbenchDataset {
  const { datasets } = model.config.data;
  let series = findDataset(model, datum.series);
  if (!series) {
    const slot = seriesSlot(palette, datum.series, takenSlots(model));
    series = Object.assign(lineDataset(palette, datum.series, slot), { slot });
    model.series += 1;
    datasets.push(series);
    // Until it is decimated the dataset draws the series' own array: Chart.js parses only the points pushed to it.
    model.lines.set(series, series.data as ChartDatum[]);
  }
  model.lines.get(series)!.push(datum);
  const overlay = overlayOf(datum);
  if (overlay) {
    let marks = findOverlay(model, overlay);
    if (!marks) {
      marks = overlayDataset(palette, overlay, t);
      datasets.push(marks);
    }
    marks.data.push(datum);
  }
  return series;
}

/** The index of a bar category, added (with a gap in every dataset) when it is new. */
function categoryIndex(model: ChartModel, category: string): number {
  const labels = model.config.data.labels as string[];
  const known = model.categoryIndexes.get(category);
  if (known !== undefined) return known;
  for (const dataset of model.config.data.datasets) dataset.data.push(gapAt(category));
  model.categoryIndexes.set(category, labels.length);
  const index = labels.push(category) - 1;
  if (labels.length === LABEL_EVERY_CATEGORY_UP_TO + 1) denseBars(model.config);
  return index;
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
    const slot = seriesSlot(palette, datum.series, takenSlots(model));
    series = Object.assign(barDataset(palette, datum.series, slot), { slot });
    model.series += 1;
    series.data.push(...labels.map(gapAt));
    datasets.push(series);
    if (labels.length > LABEL_EVERY_CATEGORY_UP_TO) denseBars(model.config);
  }
  series.data[index] = datum;
}
