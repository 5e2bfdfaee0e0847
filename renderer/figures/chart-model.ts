/**
 * The shapes of the figure pipeline: what a chart shows (ChartSpec), how points are placed (BuildOptions), and the
 * chart being built (ChartModel), which config.ts fills and axis-choice.ts reads. Types only, so the parts of the
 * pipeline can name them without importing each other.
 */
import type { ChartConfiguration } from 'chart.js';
import type { Plan, Point } from '../../electron/model/results/schema';
import type { AxisTracker } from './axis-tracker';
import type { WorkbenchChartType, WorkbenchDataset } from './datasets';
import type { ChartDatum, ChartEntry, Metric } from './datum';
import type { Locale } from './locale';
import type { SeriesStyle } from './palette';
import type { AxisScale, Units } from './settings-storage';

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
  /**
   * The style of each series (palette.ts seriesStyles over the whole result), so a series keeps it in every facet,
   * view and export; a series not in it takes the next free style (palette.ts nextSeriesStyle).
   */
  styles?: ReadonlyMap<string, SeriesStyle>;
  /** Legend names of series (a facet leaves out the part its title says: facets.ts); default the series' name. */
  legendNames?: ReadonlyMap<string, string>;
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
