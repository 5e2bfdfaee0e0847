/**
 * The chart of a comparison: every run's points in one chart (renderer/figures), one colour per run. Points are
 * placed by the comparison's rows (electron/core/compare: matched by series and x, and by label only where a run
 * repeats a series at one x), so the same measurement on two GPUs lines up although its label names a different
 * launch shape. Bars: one dataset per run, one category per row (the row's label: its first run's). Lines: one line
 * per run and series at the row's x, in the series' own colour (compare-facets.ts comparisonStyles, the same in every
 * plot) and the run's dash and marker, so two runs that agree still show both lines (docs/figures.md#compare); the
 * legend names a line by its run's number and the series' name in its plot ("Run 2 · plain launch"), and the run's
 * full name is in the figure's footer and the tooltip. The figure is the one every run has: per-sync when each
 * run's points carry it, else whole-kernel. A plot of a faceted comparison holds its facet's series only.
 */
import type { PointStyle } from 'chart.js';
import { compareResults, type Comparison } from '../../electron/model/compare/compare';
import { rowLabel } from '../../electron/model/compare/labels';
import type { Point, ResultFile } from '../../electron/model/results/schema';
import { buildChartModel, type ChartModel, type ChartSpec } from './config';
import { barDataset, isOverlay, lineDataset } from './datasets';
import { comparisonStyles, type ComparisonPlot } from './compare-facets';
import { chartPalette, SERIES_DASHES, SERIES_MARKERS, seriesColor } from './palette';
import { translatorFor } from './translate';

/** The dash of run 1, 2, … (run 1 solid). */
export function runDash(run: number): readonly number[] {
  return SERIES_DASHES[run % SERIES_DASHES.length] ?? [];
}
/** The marker of run 1, 2, …: the legend (which draws the marker, legend.ts) tells runs apart as dashes do. */
const runMarker = (run: number): PointStyle => SERIES_MARKERS[run % SERIES_MARKERS.length] ?? 'circle';

export interface OverlayChart {
  model: ChartModel;
  /** The colour of each run, in run order (its bars; its lines take their series' colours). */
  runColors: string[];
  /** For each dataset that is not an overlay of flagged points: its label and run index. */
  datasets: Array<{ label: string; run: number }>;
}

/** Whether every run's every point has a per-sync figure (else the chart shows the whole-kernel figure). */
function everyRunPerSync(results: readonly ResultFile[]): boolean {
  return results.every((r) => r.points.every((p) => p.perSyncNs !== null));
}

/**
 * The row of `comparison` each point of each run belongs to (null: a later point of the run with the same key,
 * which the comparison does not compare either). Rows are matched as compareResults matches them: by series and x,
 * and by label too where several rows share a series and x.
 */
export function rowsOfPoints(
  results: readonly ResultFile[],
  comparison: Comparison,
): (Comparison['rows'][number] | null)[][] {
  const rowsAt = new Map<string, Comparison['rows']>();
  for (const row of comparison.rows) {
    const key = JSON.stringify([row.series, row.x]);
    rowsAt.set(key, [...(rowsAt.get(key) ?? []), row]);
  }
  return results.map((result) => {
    const taken = new Set<Comparison['rows'][number]>();
    return result.points.map((p) => {
      const candidates = rowsAt.get(JSON.stringify([p.series, p.x])) ?? [];
      const row = candidates.length > 1 ? candidates.find((r) => r.label === p.label) : candidates[0];
      if (!row || taken.has(row)) return null;
      taken.add(row);
      return row;
    });
  });
}

/**
 * One category name per row: its label in `locale` (compare/labels.ts), told apart by its series and x where two
 * rows share a label.
 */
function categoryNames(rows: Comparison['rows'], locale: string): string[] {
  const names = rows.map((row) => rowLabel(row, locale).text);
  const count = new Map<string, number>();
  for (const name of names) count.set(name, (count.get(name) ?? 0) + 1);
  return rows.map((row, i) =>
    (count.get(names[i]!) ?? 0) > 1
      ? `${names[i]} (${row.series}${row.x === null ? '' : `, ${row.x}`})`
      : names[i]!,
  );
}

/**
 * The comparison chart of `results` labelled `runLabels` (e.g. "1: name", the datasets' and tooltips' names), drawn
 * with `spec` (kind, units, theme). `comparison` is compareResults(results) (computed when not given); `facet`, one
 * of comparisonFacets(results), keeps its series and runs only (default: every series and run in one plot). Runs keep their numbers, dashes and markers whichever of them a plot draws.
 */
export function overlayChart(
  results: readonly ResultFile[],
  runLabels: readonly string[],
  spec: Omit<ChartSpec, 'xAxis'>,
  comparison: Comparison = compareResults(results),
  facet?: ComparisonPlot,
): OverlayChart {
  const shown = facet ? new Set(facet.series) : null;
  const runsShown = facet ? new Set(facet.runs) : null;
  const t = translatorFor(spec.locale ?? 'en');
  const perSync = everyRunPerSync(results);
  const runOf = new Map<string, number>();
  const seriesOf = new Map<string, string>();
  const rowOf = rowsOfPoints(results, comparison);
  const categories = categoryNames(comparison.rows, spec.locale ?? 'en');
  const categoryOf = new Map<Point, string>();
  const points: Point[] = results.flatMap((result, run) => {
    return result.points.flatMap((p, i) => {
      const row = rowOf[run]?.[i];
      if (!row || (shown && !shown.has(p.series)) || (runsShown && !runsShown.has(run))) return [];
      const series =
        spec.kind === 'bars' ? (runLabels[run] ?? `Run ${run + 1}`) : `${runLabels[run]} · ${p.series}`;
      runOf.set(series, run);
      seriesOf.set(series, p.series);
      const figure = perSync ? {} : { perSyncNs: null, perSyncCycles: null };
      const placed: Point = { ...p, ...figure, series, x: row.x };
      categoryOf.set(placed, categories[comparison.rows.indexOf(row)] ?? row.label);
      return [placed];
    });
  });
  const xAxis = spec.kind === 'line' ? (results[0]?.plan.xAxis ?? null) : null;
  const model = buildChartModel({ ...spec, xAxis }, points, {
    categories: spec.kind === 'bars' ? categories : [],
    categoryOf: (p) => categoryOf.get(p) ?? p.label,
  });
  const palette = chartPalette(spec.theme);
  const styles = comparisonStyles(palette, results);
  const datasets: OverlayChart['datasets'] = [];
  model.config.data.datasets = model.config.data.datasets.map((dataset) => {
    const label = dataset.label ?? '';
    const run = runOf.get(label);
    if (isOverlay(dataset) || run === undefined) return dataset;
    datasets.push({ label, run });
    if (spec.kind === 'bars') return { ...barDataset(palette, label, run), data: dataset.data };
    const series = seriesOf.get(label) ?? '';
    const own = styles.get(series);
    const color = own?.color ?? seriesColor(palette, run);
    const style = { slot: own?.slot ?? run, color, dash: runDash(run), marker: runMarker(run) };
    const legendText = t('chart.legendRunSeries', {
      n: run + 1,
      series: facet?.legendNames.get(series) ?? series,
    });
    return { ...lineDataset(label, style), legendText, data: dataset.data };
  });
  return {
    model,
    runColors: results.map((_, run) => seriesColor(palette, run)),
    datasets,
  };
}
