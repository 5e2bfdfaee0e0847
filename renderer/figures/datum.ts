/** One chart value per Point: which statistic is drawn (per-sync ns or cycles, or the whole kernel), and its flags. */
import type { Point, Stats } from '../../electron/model/results/schema';
import type { Units } from './settings-storage';
import { belowResolution } from '../../electron/model/measure/resolution';

/** What the y axis shows: the per-sync cost (difference method) or, for modes without one, the whole kernel. */
export type Metric = 'perSync' | 'wholeKernel';

/** A drawn value with its error bar (p10–p90) and what the tooltip and labels need. */
export interface ChartDatum {
  x: number | string;
  y: number;
  yMin: number;
  yMax: number;
  p10: number | null;
  p90: number | null;
  n: number;
  series: string;
  label: string;
  incorrect: boolean;
  noisy: boolean;
  throttled: boolean;
  /**
   * The timer's resolution (in the chart's unit) when the per-sync median lies below it (resolution.ts): the datum
   * is drawn up to the resolution and labelled "< resolution"; null for a measured value.
   */
  belowResolution: number | null;
}

const bare = new WeakMap<ChartDatum, ChartDatum>();

/**
 * The datum drawn without its error bar (decimate.ts: one error bar per slice of a dense line): a copy, the same
 * one on every call, whose yMin and yMax are null, which the error-bar controller skips. Its tooltip still gives
 * p10 and p90.
 */
export function withoutErrorBar(datum: ChartDatum): ChartDatum {
  let copy = bare.get(datum);
  if (!copy) {
    copy = { ...datum, yMin: null, yMax: null } as unknown as ChartDatum;
    bare.set(datum, copy);
  }
  return copy;
}

/** An empty slot of a bar dataset: a category where the series has no bar (drawn as nothing). */
export interface ChartGap {
  x: string;
  y: null;
  yMin: null;
  yMax: null;
}

/** What a dataset holds: values, and (bar charts) gaps. */
export type ChartEntry = ChartDatum | ChartGap;

/** The gap of a bar category. */
export function gapAt(label: string): ChartGap {
  return { x: label, y: null, yMin: null, yMax: null };
}

/** Whether an entry is a drawn value rather than a gap. */
export function isDatum(entry: ChartEntry | undefined): entry is ChartDatum {
  return entry !== undefined && entry.y !== null;
}

/** The metric of a run: per-sync when its first point has one, else the whole-kernel time when that exists. */
export function chartMetric(points: readonly Point[]): Metric {
  const first = points[0];
  if (!first || first.perSyncNs || first.perSyncCycles) return 'perSync';
  return first.wholeKernelMs ? 'wholeKernel' : 'perSync';
}

/** The unit the y axis is in: whole-kernel times in µs, as every table of the renderer shows them. */
export function metricUnit(metric: Metric, units: Units): string {
  return metric === 'wholeKernel' ? 'µs' : units;
}

/** The median, p10 and p90 of a point in the metric and unit (whole-kernel ms of the file shown in µs). */
function statsOf(
  point: Point,
  metric: Metric,
  units: Units,
): Pick<Stats, 'median' | 'p10' | 'p90' | 'n'> | null {
  if (metric === 'wholeKernel') {
    const ms = point.wholeKernelMs;
    if (!ms) return null;
    const us = (v: number | null) => (v === null ? null : v * 1000);
    return { median: ms.median * 1000, p10: us(ms.p10), p90: us(ms.p90), n: ms.n };
  }
  return units === 'cycles' ? point.perSyncCycles : point.perSyncNs;
}

/**
 * The datum of a point, or null when the point has no value in this metric and unit (e.g. cycles of a host-timed
 * point). Line charts place it at `point.x`; bar charts in the category `category` (default `point.label`, e.g. the
 * Compare chart's row, so the same measurement of several runs shares one category). `label` stays the point's
 * own, for the tooltip. A per-sync median below the timer's resolution is drawn as a bar or mark from 0 up to the
 * resolution (never a negative value), its `belowResolution` set.
 */
export function toDatum(
  point: Point,
  kind: 'line' | 'bars',
  metric: Metric,
  units: Units,
  category: string = point.label,
): ChartDatum | null {
  const stats = statsOf(point, metric, units);
  if (!stats) return null;
  const resolution = metric === 'perSync' ? belowResolution(point, units) : null;
  return {
    x: kind === 'bars' ? category : (point.x ?? point.index),
    y: resolution ?? stats.median,
    yMin: resolution === null ? (stats.p10 ?? stats.median) : 0,
    yMax: resolution ?? stats.p90 ?? stats.median,
    p10: stats.p10,
    p90: stats.p90,
    n: stats.n,
    series: point.series,
    label: point.label,
    incorrect: point.incorrect,
    noisy: point.noisy,
    throttled: point.clock.throttled,
    belowResolution: resolution,
  };
}
