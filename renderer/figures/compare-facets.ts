/**
 * Small multiples of a comparison (docs/figures.md#many-series): each run draws every series as a line of its own,
 * so a plot of `s` series of `r` runs draws `s × r` lines. The series are grouped as a run's are (facets.ts) but
 * with at most SERIES_PER_PLOT ÷ r series a plot, so no plot draws more than SERIES_PER_PLOT lines; a series keeps
 * one style (hue, marker) in every plot, taken from its definition key (result-styles.ts), and the runs differ by
 * dash and marker (overlay-chart.ts). A comparison drawn as bars (one bar per run and row) is one plot.
 */
import type { ResultFile } from '../../electron/model/results/schema';
import { chooseFacets, SERIES_PER_PLOT, seriesNames, type Facet } from './facets';
import type { ChartPalette, SeriesStyle } from './palette';
import { resultStyles } from './result-styles';

/** Lines when every run is the same line mode, bars otherwise (the Compare view's rule). */
export function comparisonKind(results: readonly ResultFile[]): 'line' | 'bars' {
  const [first] = results;
  const same = results.every((r) => r.plan.mode === first?.plan.mode && r.plan.xAxis);
  return same && first?.plan.xAxis ? 'line' : 'bars';
}

/** The distinct series of every run of `results`, in the order they first appear (run 1 first). */
export function comparedSeries(results: readonly ResultFile[]): string[] {
  return seriesNames(results.flatMap((r) => r.points));
}

/** Series one plot of a line comparison of `runs` runs holds at most: SERIES_PER_PLOT ÷ runs, at least 1. */
export function seriesPerComparisonPlot(runs: number): number {
  return Math.max(1, Math.floor(SERIES_PER_PLOT / Math.max(1, runs)));
}

/** The plots of the comparison of `results`: one facet of every series for bars or few series, else as above. */
export function comparisonFacets(results: readonly ResultFile[]): Facet[] {
  const names = comparedSeries(results);
  if (comparisonKind(results) === 'bars')
    return [{ title: null, series: names, legendNames: new Map(names.map((n) => [n, n])) }];
  return chooseFacets(names, seriesPerComparisonPlot(results.length));
}

/** The style of every compared series, by name: one per definition key of comparisonFacets, in every plot. */
export function comparisonStyles(
  palette: ChartPalette,
  results: readonly ResultFile[],
): Map<string, SeriesStyle> {
  return resultStyles(palette, comparedSeries(results), comparisonFacets(results));
}
