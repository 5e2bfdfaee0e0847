/**
 * Small multiples of a result with many series (docs/figures.md#many-series): its series are grouped by what they
 * vary into facets of at most SERIES_PER_PLOT series each, every facet one plot with the same axes and the same
 * series styles (palette.ts seriesStyles over the whole result).
 *
 * A series name is read as parts joined by ":", "," or "×" ("fence:device:plain × 132 blocks"); a dimension is a
 * part position counted from the end, present in every name. The facets are the values of the dimension with the
 * fewest values (2 to MAX_FACETS) whose every value holds at most SERIES_PER_PLOT series; when none does, the
 * dimension with the fewest values, each value cut into equal runs of at most SERIES_PER_PLOT series in result
 * order; with no dimension, the series themselves cut so. In a facet the legend leaves out the part its title says.
 */

/** Series drawn in one plot at most. */
export const SERIES_PER_PLOT = 8;
/** Facets one dimension may give at most (more would be a wall of tiny plots). */
export const MAX_FACETS = 6;

/** One plot of a faceted figure: its title (null: the figure is not faceted), its series and legend names. */
export interface Facet {
  title: string | null;
  series: string[];
  /** Legend name of each series of the facet (the name without the part the title says). */
  legendNames: Map<string, string>;
}

const SEPARATOR = /(\s*(?::|,|×)\s*)/;

/** The parts of a name and the separators between them ("a:b × c" -> parts a, b, c; separators ":", " × "). */
function splitName(name: string): { parts: string[]; separators: string[] } {
  const pieces = name.split(SEPARATOR);
  return {
    parts: pieces.filter((_, i) => i % 2 === 0),
    separators: pieces.filter((_, i) => i % 2 === 1),
  };
}

/** The name without its part at `fromEnd` (1: the last) and the separator that joined it. */
function withoutPart(name: string, fromEnd: number): string {
  const { parts, separators } = splitName(name);
  const at = parts.length - fromEnd;
  if (at < 0 || parts.length < 2) return name;
  const keptParts = parts.filter((_, i) => i !== at);
  const keptSeparators = separators.filter((_, i) => i !== (at === 0 ? 0 : at - 1));
  return keptParts.map((part, i) => (i === 0 ? part : `${keptSeparators[i - 1]}${part}`)).join('');
}

/** The value of each name at a dimension, grouped in first-seen order. */
function groupsAt(names: readonly string[], fromEnd: number): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const name of names) {
    const { parts } = splitName(name);
    const value = parts[parts.length - fromEnd]!.trim();
    groups.set(value, [...(groups.get(value) ?? []), name]);
  }
  return groups;
}

/** `names` cut into the fewest equal runs of at most `max`, in order. */
function chunks(names: readonly string[], max: number): string[][] {
  const count = Math.ceil(names.length / max);
  const size = Math.ceil(names.length / count);
  return Array.from({ length: count }, (_, i) => names.slice(i * size, (i + 1) * size));
}

/** The dimension to facet by and whether its values fit a plot each, or null when no part varies. */
function chooseDimension(names: readonly string[], max: number): { fromEnd: number; fits: boolean } | null {
  const depth = Math.min(...names.map((n) => splitName(n).parts.length));
  let best: { fromEnd: number; fits: boolean; values: number } | null = null;
  for (let fromEnd = 1; fromEnd <= depth; fromEnd += 1) {
    const groups = groupsAt(names, fromEnd);
    // A dimension with an empty value (a name ending in ":") would give a plot with no title.
    if (groups.size < 2 || groups.size > MAX_FACETS || groups.has('')) continue;
    const fits = [...groups.values()].every((g) => g.length <= max);
    const better = !best || (fits && !best.fits) || (fits === best.fits && groups.size < best.values);
    if (better) best = { fromEnd, fits, values: groups.size };
  }
  return best && { fromEnd: best.fromEnd, fits: best.fits };
}

/**
 * A facet of `series` titled `title`, each series named by `legend` in it; by its whole name instead when `legend`
 * would leave two of them alike ("a:b" and "a, b" both "a") or one empty, so no two lines of a plot share a legend
 * name and a style (result-styles.ts keys styles by these names).
 */
function facet(title: string | null, series: string[], legend: (name: string) => string): Facet {
  const short = series.map(legend);
  const trimmed = short.map((name) => name.trim());
  const usable = trimmed.every((name) => name !== '') && new Set(trimmed).size === trimmed.length;
  return { title, series, legendNames: new Map(series.map((s, i) => [s, usable ? short[i]! : s])) };
}

/**
 * The facets of a figure of series `names` (distinct, in result order): one facet of them all when there are at
 * most `max`, else as the file's comment says. Titles of runs cut from one value say which run ("2 stages (1/2)").
 */
export function chooseFacets(names: readonly string[], max = SERIES_PER_PLOT): Facet[] {
  if (names.length <= max) return [facet(null, [...names], (s) => s)];
  const dimension = chooseDimension(names, max);
  if (!dimension) {
    const runs = chunks(names, max);
    return runs.map((run, i) => facet(`${i + 1}/${runs.length}`, run, (s) => s));
  }
  const shortName = (s: string) => withoutPart(s, dimension.fromEnd);
  return [...groupsAt(names, dimension.fromEnd)].flatMap(([value, group]) => {
    const runs = chunks(group, max);
    return runs.map((run, i) =>
      facet(runs.length > 1 ? `${value} (${i + 1}/${runs.length})` : value, run, shortName),
    );
  });
}

/** The distinct series of `points`, in the order they first appear. */
export function seriesNames(points: readonly { series: string }[]): string[] {
  return [...new Set(points.map((p) => p.series))];
}
