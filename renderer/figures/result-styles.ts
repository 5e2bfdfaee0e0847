/**
 * The style of every series of a saved run (docs/figures.md#series-styles): taken from its definition key, the
 * series' name without the part its facet's title says (facets.ts: "fence:device:plain × 1 block" in the device
 * facet is "fence:plain × 1 block"), so a series defined alike looks alike in every facet, on screen and in every
 * export. A run of at most SERIES_PER_PLOT series is one plot, whose keys are the names themselves.
 */
import { chooseFacets, type Facet } from './facets';
import { seriesStyles, type ChartPalette, type SeriesStyle } from './palette';

/**
 * The definition key of each series of `names` (the whole run's series, distinct, in result order): its legend
 * name in its facet of `facets` (default the run's own, chooseFacets). Two series of one facet never share a key
 * (they differ in a part other than the facet's).
 */
export function definitionKeys(
  names: readonly string[],
  facets: readonly Facet[] = chooseFacets(names),
): Map<string, string> {
  const keys = new Map<string, string>();
  for (const facet of facets) {
    for (const name of facet.series) keys.set(name, facet.legendNames.get(name) ?? name);
  }
  return keys;
}

/**
 * The style of every series of `names` (as definitionKeys takes them, with `facets`), by name: seriesStyles over
 * the keys in the order they first appear, so every series of one key has the same hue, dash and marker.
 */
export function resultStyles(
  palette: ChartPalette,
  names: readonly string[],
  facets: readonly Facet[] = chooseFacets(names),
): Map<string, SeriesStyle> {
  const keys = definitionKeys(names, facets);
  const byKey = seriesStyles(
    palette,
    names.map((name) => keys.get(name) ?? name),
  );
  return new Map(names.map((name) => [name, byKey.get(keys.get(name) ?? name)!]));
}
