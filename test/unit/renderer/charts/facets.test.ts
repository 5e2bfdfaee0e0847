/**
 * Many series (docs/figures.md#many-series, #series-styles): series styles keep hue and dash apart within a plot and
 * follow the series' definition key (its name less the facet's part), not the plot; results with more than 8 series become facets of at most 8, grouped by a part
 * of their names, the legend names without the part the facet's title says.
 */
import { describe, expect, it } from 'vitest';
import { chooseFacets, SERIES_PER_PLOT, seriesNames } from '../../../../renderer/figures/facets';
import { runFigures } from '../../../../renderer/figures/figure';
import { chartPalette, nextSeriesStyle, seriesStyles } from '../../../../renderer/figures/palette';
import { isOverlay } from '../../../../renderer/figures/datasets';
import { definitionKeys, resultStyles } from '../../../../renderer/figures/result-styles';
import { FIGURE_OPTIONS, reference } from './figure-fixtures';

const fences = reference('h200-fences.json');
const pipeline = reference('h200-pipeline.json');
const look = (d: object) => {
  const { seriesColor, borderDash } = d as { seriesColor: string; borderDash: number[] };
  return `${seriesColor} ${JSON.stringify(borderDash)}`;
};

describe('series styles', () => {
  it('give 12 distinct hues, then the hues again with another dash', () => {
    const palette = chartPalette('light');
    expect(new Set(palette.series).size).toBe(12);
    expect(new Set(chartPalette('dark').series).size).toBe(12);
    const names = seriesNames(fences.points);
    const styles = [...seriesStyles(palette, names).values()];
    expect(new Set(styles.slice(0, 12).map((s) => s.color)).size).toBe(12);
    expect(new Set(styles.map((s) => `${s.color} ${s.dash.join(',')}`)).size).toBe(24);
    expect(styles.slice(12).every((s) => s.dash.length > 0)).toBe(true);
  });

  it('are the same for a series streamed in result order as for the saved result', () => {
    const palette = chartPalette('light');
    const names = seriesNames(fences.points);
    const whole = seriesStyles(palette, names);
    const taken: number[] = [];
    names.forEach((name, i) => {
      const style = nextSeriesStyle(palette, name, taken, i);
      taken.push(style.slot);
      expect(style).toEqual(whole.get(name));
    });
  });

  it('give a series defined alike ("plain × 1 block") one style in every facet of its result', () => {
    const styleOf = (d: object) => `${look(d)} ${String((d as { pointStyle: unknown }).pointStyle)}`;
    const byKey = new Map<string, Set<string>>();
    const models = runFigures(fences, { ...FIGURE_OPTIONS, kind: 'line' });
    expect(models).toHaveLength(3);
    for (const model of models) {
      const series = model.config.data.datasets.filter((d) => !isOverlay(d));
      expect(series).toHaveLength(8);
      // within a plot no two series share colour and dash
      expect(new Set(series.map(look)).size).toBe(series.length);
      for (const d of series) byKey.set(d.label!, (byKey.get(d.label!) ?? new Set()).add(styleOf(d)));
    }
    expect([...byKey.keys()]).toContain('fence:plain × 1 block');
    expect(byKey.size).toBe(8);
    for (const [key, styles] of byKey) expect([...styles], key).toHaveLength(1);
    const keys = definitionKeys(seriesNames(fences.points));
    expect(keys.get('fence:system:plain × 132 blocks')).toBe('fence:plain × 132 blocks');
    const styles = resultStyles(chartPalette('dark'), seriesNames(fences.points));
    expect(styles.get('fence:block:plain × 1 block')).toEqual(styles.get('fence:system:plain × 1 block'));
    expect(styles.get('fence:block:plain × 1 block')).not.toEqual(styles.get('fence:block:alone × 1 block'));
  });

  it('key a run of at most 8 series by its names, as the one plot and a live run style them', () => {
    const names = ['warp', 'block', 'grid', 'fence:device:plain'];
    const palette = chartPalette('light');
    expect(resultStyles(palette, names)).toEqual(seriesStyles(palette, names));
  });
});

describe('facets', () => {
  it('leave a result of at most 8 series in one plot', () => {
    const names = ['warp', 'block', 'grid'];
    expect(chooseFacets(names)).toEqual([
      { title: null, series: names, legendNames: new Map(names.map((n) => [n, n])) },
    ]);
  });

  it('group fences (24 series) by scope, 8 a plot, legend names without the scope', () => {
    const facets = chooseFacets(seriesNames(fences.points));
    expect(facets.map((f) => f.title)).toEqual(['block', 'device', 'system']);
    expect(facets.map((f) => f.series.length)).toEqual([8, 8, 8]);
    expect(facets[1]!.legendNames.get('fence:device:plain × 132 blocks')).toBe('fence:plain × 132 blocks');
  });

  it('cut pipeline (20 series) by stages into equal runs of at most 8', () => {
    const facets = chooseFacets(seriesNames(pipeline.points));
    expect(facets.map((f) => f.title)).toEqual([
      '2 stages (1/2)',
      '2 stages (2/2)',
      '4 stages (1/2)',
      '4 stages (2/2)',
    ]);
    expect(facets.every((f) => f.series.length <= SERIES_PER_PLOT)).toBe(true);
    expect(facets[0]!.legendNames.get('__syncthreads, 2 stages')).toBe('__syncthreads');
  });

  it('cut names with no shared part into equal runs', () => {
    const names = Array.from({ length: 10 }, (_, i) => `series${i}`);
    expect(chooseFacets(names).map((f) => [f.title, f.series.length])).toEqual([
      ['1/2', 5],
      ['2/2', 5],
    ]);
  });

  it('name series by their whole names in a facet where the short names would be alike or empty', () => {
    // "fence:device" and "fence, device" split into the same parts: in the device facet both would be "fence".
    const names = ['fence:device', 'fence, device', 'other:device', 'fence:block', 'other:block'];
    for (const facet of chooseFacets(names, 2)) {
      const legend = [...facet.legendNames.values()];
      expect(new Set(legend).size, legend.join(' | ')).toBe(legend.length);
      expect(legend.every((name) => name.trim() !== '')).toBe(true);
    }
    // A dimension with an empty value ("a:") gives no untitled plot.
    const empty = [':', 'a:', 'b:x', 'c:x', 'd:y', 'e:y', 'f:y', 'g:y', 'h:y'];
    for (const facet of chooseFacets(empty, 4)) {
      expect(facet.title === null || !/^\s*(\(|$)/.test(facet.title), String(facet.title)).toBe(true);
      expect([...facet.legendNames.values()].every((name) => name.trim() !== '')).toBe(true);
    }
  });

  it('draw every point of the result in exactly one facet', () => {
    const models = runFigures(fences, { ...FIGURE_OPTIONS, kind: 'line' });
    expect(models.reduce((sum, m) => sum + m.drawn + m.skipped + m.nonPositive, 0)).toBe(
      fences.points.length,
    );
    expect(models[0]!.config.options?.plugins?.title?.text).toBe(`fences — ${fences.name} · block`);
  });
});
