/**
 * The one place charts are built (docs/architecture.md): points + display settings -> a Chart.js configuration, used by the
 * live chart on screen, the PNG/SVG exports and the CLI's figures. Line modes draw one line per series against
 * `plan.xAxis`; bar modes draw grouped bars (one category per point label, one colour per series). Every value
 * carries its p10–p90 error bar; incorrect, noisy, throttled and below-resolution points are drawn and labelled
 * distinctly. Every text is in `spec.locale`. Axis ticks: log-ticks.ts; the axis choice: axis-choice.ts.
 */
import type { TooltipItem } from 'chart.js';
import type { Point } from '../../electron/model/results/schema';
import type { Units } from './settings-storage';
import { formatCount, formatValue, numberFormat, withUnit } from './numbers';
import { translatorFor, type Translate } from './translate';
import type { Locale } from './locale';
import { applyAxisChoice } from './axis-choice';
import { AxisTracker } from './axis-tracker';
import { xScale } from './chart-axes';
import type { BuildOptions, ChartModel, ChartSpec, WorkbenchChartConfig } from './chart-model';
import { categoryIndex, fitsLogAxis, placeBar, placeLine } from './chart-series';
import {
  chartMetric,
  isDatum,
  metricUnit,
  toDatum,
  type ChartDatum,
  type ChartEntry,
  type Metric,
} from './datum';
import { decimate, DECIMATE_ABOVE } from './decimate';
import { denseBars, LABEL_EVERY_CATEGORY_UP_TO } from './dense-bars';
import { isOverlay, type WorkbenchChartType, type WorkbenchDataset } from './datasets';
import { legendLabels } from './legend';
import { chartPalette, type ChartPalette } from './palette';
import { flagText, type FlagTexts } from './plugins';

// The shapes are named by the pipeline's callers (the live chart, the exports, the report, the CLI) from here.
export type { BuildOptions, ChartModel, ChartSpec, WorkbenchChartConfig } from './chart-model';

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

/**
 * What the tooltip and the keyboard read-out say of a datum: its series, median and unit; its p10–p90 interval
 * with the unit and its sample count; its flag, if any. `unit` is the y axis' unit.
 */
export function readoutLines(datum: ChartDatum, unit: string, t: Translate, locale: Locale): string[] {
  const texts = flagTexts(t, unit, locale);
  const value =
    datum.belowResolution === null ? `${formatValue(datum.y, locale)}` : `< ${formatValue(datum.y, locale)}`;
  const lines = [
    t('chart.tooltipMedian', { series: datum.series, value, unit }),
    t('chart.tooltipSpread', {
      p10: formatValue(datum.p10, locale),
      p90: formatValue(datum.p90, locale),
      unit,
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
  const provenance = [...(spec.provenance ?? [])];
  const ticks = { color: palette.text };
  const grid = { color: palette.grid };
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
      layout: { padding: { top: 4, right: 16, bottom: 4, left: 8 } },
      plugins: chartPlugins(spec, palette, t, unit, provenance),
      scales: {
        x: xScale(spec, palette, t),
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

/** The title, the error-bar note, the legend, the tooltips, the flags' labels and the provenance lines. */
function chartPlugins(
  spec: ChartSpec,
  palette: ChartPalette,
  t: Translate,
  unit: () => string,
  provenance: string[],
) {
  const locale = spec.locale ?? 'en';
  return {
    title: {
      display: true,
      text: chartTitle(spec),
      color: palette.text,
      font: { size: 14, weight: 'bold' as const },
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
      filter: (item: TooltipItem<WorkbenchChartType>) =>
        isDatum(item.raw as ChartEntry) && !isOverlay(item.dataset as WorkbenchDataset),
      callbacks: {
        title: (items: TooltipItem<WorkbenchChartType>[]) =>
          (items[0]?.raw as ChartDatum | undefined)?.label ?? '',
        label: (item: TooltipItem<WorkbenchChartType>) =>
          readoutLines(item.raw as ChartDatum, unit(), t, locale),
      },
    },
    background: { color: palette.background },
    flagLabels: {
      incorrectColor: palette.incorrect,
      flaggedColor: palette.flagged,
      texts: flagTexts(t, unit(), locale, spec.kind === 'bars'),
    },
    provenance: { lines: provenance, color: palette.text },
  };
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
    if (spec.kind === 'bars') placeBar(model, palette, datum, spec);
    else touched.add(placeLine(model, palette, datum, t, spec));
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
