/**
 * Small multiples of a comparison (docs/figures.md#many-series): each run draws every series as a line of its own,
 * so a plot of `s` series of `r` runs draws `s × r` lines. The series are grouped as a run's are (facets.ts) but
 * with at most SERIES_PER_PLOT ÷ r series a plot, so no plot draws more than SERIES_PER_PLOT lines; a series keeps
 * one style (hue, marker) in every plot, taken from its definition key (result-styles.ts), and the runs differ by
 * dash and marker (overlay-chart.ts). A comparison of more runs than SERIES_PER_PLOT has one series a plot and
 * its runs in groups: run 1 (the baseline) and up to SERIES_PER_PLOT − 1 others a plot, titled by their runs. A
 * comparison drawn as bars (one bar per run and row) is one plot.
 */
import type { ResultFile } from '../../electron/model/results/schema';
import { chooseFacets, SERIES_PER_PLOT, seriesNames, type Facet } from './facets';
import type { Locale } from './locale';
import type { ChartPalette, SeriesStyle } from './palette';
import { resultStyles } from './result-styles';
import { translatorFor } from './translate';

/** One plot of a comparison: a facet of its series, and the runs it draws (indices into the results, run 1 first). */
export interface ComparisonPlot extends Facet {
  runs: number[];
}

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

/** The other runs than run 1 (indices 1 …) in groups of at most SERIES_PER_PLOT − 1, in order. */
function runGroups(runs: number): number[][] {
  const others = Array.from({ length: runs - 1 }, (_, i) => i + 1);
  const size = SERIES_PER_PLOT - 1;
  return Array.from({ length: Math.ceil(others.length / size) }, (_, g) =>
    others.slice(g * size, (g + 1) * size),
  );
}

/** "runs 1, 9–15" (numbers from 1) in `locale`. */
function runsTitle(runs: readonly number[], locale: Locale): string {
  const [, first, ...rest] = runs.map((i) => i + 1);
  const last = rest.at(-1);
  const others = last === undefined ? String(first) : `${first}–${last}`;
  return translatorFor(locale)('chart.plotRuns', { runs: `1, ${others}` });
}

/**
 * The plots of the comparison of `results`, titled in `locale`: one of every series and run for bars or few
 * series, else as the file's comment says.
 */
export function comparisonFacets(results: readonly ResultFile[], locale: Locale = 'en'): ComparisonPlot[] {
  const names = comparedSeries(results);
  const every = results.map((_, i) => i);
  if (comparisonKind(results) === 'bars')
    return [{ title: null, series: names, legendNames: new Map(names.map((n) => [n, n])), runs: every }];
  const facets = chooseFacets(names, seriesPerComparisonPlot(results.length));
  if (results.length <= SERIES_PER_PLOT) return facets.map((facet) => ({ ...facet, runs: every }));
  return facets.flatMap((facet) =>
    runGroups(results.length).map((group) => {
      const runs = [0, ...group];
      const title = [facet.title, runsTitle(runs, locale)].filter((t) => t !== null).join(' · ');
      return { ...facet, title, runs };
    }),
  );
}

/** The style of every compared series, by name: one per definition key of comparisonFacets, in every plot. */
export function comparisonStyles(
  palette: ChartPalette,
  results: readonly ResultFile[],
): Map<string, SeriesStyle> {
  return resultStyles(palette, comparedSeries(results), comparisonFacets(results));
}
