/**
 * One figure pipeline: the Chart.js configuration of a saved run or of a comparison, exactly as the
 * Results and Compare views draw it, plus what a picture needs beyond the screen: a provenance footer (device, date,
 * app version, "published"/"reference"), run names in the legend, a light "for print" background, and a static
 * configuration (fixed size, no animation, no DOM platform) that draws the same on a browser canvas, in svgcanvas
 * and on @napi-rs/canvas in the CLI. No DOM and no Node API here: the renderer and the CLI both use it.
 */
import { BasicPlatform } from 'chart.js';
import type { Point, ResultFile } from '../../electron/model/results/schema';
import { comparisonFacets } from './compare-facets';
import { overlayChart } from './overlay-chart';
import { formatDay } from './numbers';
import { translatorFor } from './translate';
import type { Locale } from './locale';
import type { AxisScale, Units } from './settings-storage';
import { buildChartModel, type ChartModel, type ChartSpec, type WorkbenchChartConfig } from './config';
import { chooseFacets, seriesNames, type Facet } from './facets';
import { chartPalette, seriesStyles } from './palette';
import { resultStyles } from './result-styles';
import { denseFigureBars, denseFigureColumns, denseFigureXScale } from './dense-bars';

/** How a figure is drawn, beyond its results. */
export interface FigureOptions {
  kind: 'line' | 'bars';
  units: Units;
  axis: AxisScale;
  theme: 'light' | 'dark';
  locale: Locale;
  /** Results shipped with the app (resources/reference), by id: their footer line says "reference". */
  referenceIds?: ReadonlySet<string>;
}

/** Size of a figure in CSS pixels (a PNG has PNG_PIXEL_RATIO times as many device pixels each way). */
export interface FigureSize {
  width: number;
  height: number;
}

/** Device pixels per CSS pixel of an exported PNG. */
export const PNG_PIXEL_RATIO = 2;
/**
 * Size of every exported figure (one plot; a faceted CLI figure stacks its plots), in CSS pixels, whatever the
 * window: 16:9, a PNG of 1600 × 900 pixels at PNG_PIXEL_RATIO (docs/figures.md#export-size). The CLI's
 * `--size WxH` changes it.
 */
export const EXPORT_FIGURE_SIZE: FigureSize = { width: 800, height: 450 };

/** Longest run name kept in a legend entry, and citation kept in a footer line (longer ones end in "…"). */
const LEGEND_NAME_CHARS = 48;
const CITATION_CHARS = 60;

function shorten(text: string, chars: number): string {
  return text.length > chars ? `${text.slice(0, chars - 1)}…` : text;
}

/** The title of the figure of one saved run, as the Results view's chart has it. */
export function runFigureTitle(result: ResultFile): string {
  return `${result.plan.mode} — ${result.name}`;
}

/** The title of a comparison figure in `locale`. */
export function comparisonTitle(count: number, locale: Locale): string {
  return translatorFor(locale)('chart.comparison', { count });
}

/** The legend names of compared runs: "1: name" (shortened), so the figure says which run is which. */
export function runLegendNames(results: readonly ResultFile[]): string[] {
  return results.map((r, i) => `${i + 1}: ${shorten(r.name, LEGEND_NAME_CHARS)}`);
}

/**
 * One footer line per result: "H200 · Nov 29, 2025 · Sync Workbench 0.1.0", with "reference dataset …" after it
 * when it is one; a published result names its publication instead of an app version (the app measured nothing);
 * numbered "1: …" when there are several.
 */
export function provenanceLines(
  results: readonly ResultFile[],
  locale: Locale,
  referenceIds: ReadonlySet<string> = new Set(),
): string[] {
  const t = translatorFor(locale);
  return results.map((r, i) => {
    const p = r.provenance;
    const device = p.device?.name ?? '—';
    const date = formatDay(p.startedAt, locale);
    const citation = r.source.citation ? `: ${shorten(r.source.citation, CITATION_CHARS)}` : '';
    const line =
      r.source.kind === 'published'
        ? `${device} · ${date} · ${t('chart.published')}${citation}`
        : t('chart.provenance', { device, date, version: p.app.version }) +
          (referenceIds.has(r.id) ? ` · ${t('chart.reference')}` : '');
    return `${results.length > 1 ? `${i + 1}: ` : ''}${line}`;
  });
}

/** The title of one facet of a run's figure: the run's, then what the facet holds ("fences — run · device"). */
export function facetTitle(title: string, facet: Facet): string {
  return facet.title === null ? title : `${title} · ${facet.title}`;
}

/** The spec of a saved run's figure in `options`: its mode's x axis, its title and its provenance footer. */
function runSpec(result: ResultFile, options: FigureOptions): ChartSpec {
  return {
    kind: options.kind,
    xAxis: result.plan.xAxis,
    units: options.units,
    axis: options.axis,
    theme: options.theme,
    title: runFigureTitle(result),
    replay: false,
    locale: options.locale,
    provenance: provenanceLines([result], options.locale, options.referenceIds),
  };
}

/**
 * The plots of one run's `points` drawn with `spec`: one per facet (facets.ts: at most SERIES_PER_PLOT series a
 * plot), titled by facetTitle, every series styled by its definition key (result-styles.ts), the same in each.
 */
export function facetModels(points: readonly Point[], spec: ChartSpec): ChartModel[] {
  const names = seriesNames(points);
  const styles = resultStyles(chartPalette(spec.theme), names);
  return chooseFacets(names).map((facet) => {
    const shown = new Set(facet.series);
    return buildChartModel(
      { ...spec, title: facetTitle(spec.title, facet), styles, legendNames: facet.legendNames },
      points.filter((p) => shown.has(p.series)),
    );
  });
}

/** The figures of one saved run (the Results view's charts): facetModels of its points, with its footer. */
export function runFigures(result: ResultFile, options: FigureOptions): ChartModel[] {
  return facetModels(result.points, runSpec(result, options));
}

/**
 * The figure of one saved run with every series in one plot (the only facet when the run has few series): styled
 * by full name, since series that facets would tell apart by their titles share this plot.
 */
export function runFigure(result: ResultFile, options: FigureOptions): ChartModel {
  const names = seriesNames(result.points);
  return buildChartModel(
    { ...runSpec(result, options), styles: seriesStyles(chartPalette(options.theme), names) },
    result.points,
  );
}

/**
 * The figures of a comparison (the Compare view's charts): one per plot of comparisonFacets (compare-facets.ts: at
 * most SERIES_PER_PLOT lines a plot), the runs numbered in the legend, one footer line each.
 */
export function comparisonFigures(results: readonly ResultFile[], options: FigureOptions): ChartModel[] {
  const spec = {
    kind: options.kind,
    units: options.units,
    axis: options.axis,
    theme: options.theme,
    replay: false,
    locale: options.locale,
  };
  const title = comparisonTitle(results.length, options.locale);
  const provenance = provenanceLines(results, options.locale, options.referenceIds);
  const plots = comparisonFacets(results, options.locale);
  return plots.map((plot) => {
    // A plot of some of the runs (more runs than a plot holds) says where those runs were measured.
    const lines = provenance.filter((_, run) => plot.runs.includes(run));
    const plotSpec = { ...spec, title: facetTitle(title, plot), provenance: lines };
    return overlayChart(
      results,
      runLegendNames(results),
      plotSpec,
      undefined,
      plots.length > 1 ? plot : undefined,
    ).model;
  });
}

/**
 * `config` made static for a picture: fixed size (responsive off), no animation, Chart.js's BasicPlatform (no DOM
 * events or resize observers), the given pixel ratio. `directLines` asks Chart.js to stroke lines segment by
 * segment (a `segment` option does) instead of through a Path2D object, which svgcanvas cannot record.
 */
export function staticConfig(
  config: WorkbenchChartConfig,
  pixelRatio: number,
  directLines = false,
): WorkbenchChartConfig {
  const dense = denseFigureXScale(config) !== config.options?.scales?.x;
  const drawn = dense ? denseFigureColumns(config) : config;
  const datasets = directLines
    ? drawn.data.datasets.map((dataset) => ({ ...dataset, segment: {} }))
    : dense
      ? drawn.data.datasets.map(denseFigureBars)
      : drawn.data.datasets;
  return {
    ...config,
    data: { ...drawn.data, datasets },
    platform: BasicPlatform,
    options: {
      ...config.options,
      ...(config.options?.scales?.x
        ? { scales: { ...config.options.scales, x: denseFigureXScale(config) } }
        : {}),
      responsive: false,
      animation: false,
      devicePixelRatio: pixelRatio,
      // No tooltip, and no zoom (zoom.ts registers it on screen; a picture's surface has no events).
      plugins: { ...config.options?.plugins, tooltip: { enabled: false }, ...({ zoom: false } as object) },
      events: [],
    },
  };
}
