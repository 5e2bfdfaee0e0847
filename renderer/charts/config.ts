/**
 * The one place charts are built (DESIGN.md §6): points + display settings -> a Chart.js configuration, used by the
 * live chart on screen and reusable by PNG/SVG export. Line modes draw one line per series against `plan.xAxis`;
 * bar modes draw grouped bars (one category per point label, one colour per series). Every value carries its
 * p10–p90 error bar; incorrect, noisy and throttled points are drawn and labelled distinctly.
 */
import type { ChartConfiguration, ChartDataset, ScriptableContext, TooltipItem } from 'chart.js';
import type { Plan, Point } from '../../electron/core/results/schema';
import type { AxisScale, Units } from '../stores/settings-storage';
import { formatCount, formatValue } from '../format/numbers';
import { chartMetric, metricUnit, toDatum, type ChartDatum, type Metric } from './datum';
import { chartPalette, seriesColor, type ChartPalette } from './palette';
import { flagText } from './plugins';

export type WorkbenchChartType = 'lineWithErrorBars' | 'barWithErrorBars';
export type WorkbenchChartConfig = ChartConfiguration<WorkbenchChartType, ChartDatum[], string>;
type WorkbenchDataset = ChartDataset<WorkbenchChartType, ChartDatum[]>;

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
  /** Points drawn, and points without a value in the chosen metric and unit. */
  drawn: number;
  skipped: number;
}

/** The chart title: "REPLAY — " in front of replays, so an exported image says so too. */
export function chartTitle(spec: Pick<ChartSpec, 'title' | 'replay'>): string {
  return spec.replay ? `REPLAY — ${spec.title}` : spec.title;
}

function yTitle(metric: Metric, units: Units): string {
  const unit = metricUnit(metric, units);
  return metric === 'wholeKernel' ? `whole kernel (${unit}, launch included)` : `per-sync cost (${unit})`;
}

function datumOf(context: ScriptableContext<WorkbenchChartType>): ChartDatum | undefined {
  return context.raw as ChartDatum | undefined;
}

function newDataset(spec: ChartSpec, palette: ChartPalette, series: string, n: number): WorkbenchDataset {
  const color = seriesColor(palette, n);
  const markColor = (context: ScriptableContext<WorkbenchChartType>) => {
    const datum = datumOf(context);
    if (datum?.incorrect) return palette.incorrect;
    return datum?.noisy || datum?.throttled ? palette.flagged : color;
  };
  const common = {
    label: series,
    data: [],
    borderColor: markColor,
    errorBarColor: color,
    errorBarWhiskerColor: color,
  };
  if (spec.kind === 'bars') {
    return {
      ...common,
      backgroundColor: (context: ScriptableContext<WorkbenchChartType>) =>
        datumOf(context)?.incorrect ? `${palette.incorrect}33` : `${color}cc`,
      borderWidth: (context: ScriptableContext<WorkbenchChartType>) => {
        const datum = datumOf(context);
        return datum?.incorrect || datum?.noisy || datum?.throttled ? 3 : 1;
      },
      skipNull: true,
    } as WorkbenchDataset;
  }
  return {
    ...common,
    backgroundColor: color,
    pointBackgroundColor: markColor,
    pointStyle: (context: ScriptableContext<WorkbenchChartType>) => {
      const datum = datumOf(context);
      if (datum?.incorrect) return 'crossRot';
      return datum?.noisy || datum?.throttled ? 'triangle' : 'circle';
    },
    pointRadius: (context: ScriptableContext<WorkbenchChartType>) => (datumOf(context)?.incorrect ? 7 : 3),
    borderWidth: 2,
  } as WorkbenchDataset;
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
export function buildChartModel(spec: ChartSpec, points: readonly Point[]): ChartModel {
  const palette = chartPalette(spec.theme);
  const ticks = { color: palette.text };
  const grid = { color: palette.grid };
  const model: ChartModel = {
    config: undefined as unknown as WorkbenchChartConfig,
    metric: null,
    drawn: 0,
    skipped: 0,
  };
  const unit = () => metricUnit(model.metric ?? 'perSync', spec.units);
  const x =
    spec.kind === 'bars'
      ? { type: 'category' as const, ticks, grid }
      : {
          type: spec.xAxis?.log ? ('logarithmic' as const) : ('linear' as const),
          ticks,
          grid,
          title: { display: true, text: spec.xAxis?.label ?? 'point', color: palette.text },
        };
  model.config = {
    type: spec.kind === 'bars' ? 'barWithErrorBars' : 'lineWithErrorBars',
    data: { labels: [], datasets: [] },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      interaction: { mode: 'nearest', intersect: false },
      color: palette.text,
      plugins: {
        title: { display: true, text: chartTitle(spec), color: palette.text, font: { size: 14 } },
        legend: { labels: { color: palette.text } },
        tooltip: {
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
  const { datasets } = model.config.data;
  const labels = model.config.data.labels as string[];
  for (const point of points) {
    const datum = toDatum(point, spec.kind, model.metric, spec.units);
    if (!datum) {
      model.skipped += 1;
      continue;
    }
    let dataset = datasets.find((d) => d.label === point.series);
    if (!dataset) {
      dataset = newDataset(spec, palette, point.series, datasets.length);
      datasets.push(dataset);
    }
    dataset.data.push(datum);
    if (spec.kind === 'bars' && !labels.includes(point.label)) labels.push(point.label);
    model.drawn += 1;
  }
}
