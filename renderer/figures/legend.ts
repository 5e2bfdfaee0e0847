/**
 * The legend of a workbench chart, each entry drawn as its dataset is (Chart.js's `usePointStyle`): a line series
 * by its point style and colour (circle, or the compared series' own marker), an overlay of flagged points by its
 * cross or triangle, a bar series by a square of its bars' fill and border. Chart.js's own entries resolve a bar
 * series' scriptable colours at its first bar (the colour of a flag, when that bar is flagged) and draw every line
 * series as a filled box.
 */
import type { Chart, LegendItem, Plugin, PointStyle } from 'chart.js';
import type { WorkbenchDataset } from './datasets';

/**
 * What a dataset carries for its legend entry besides Chart.js's options: the series' own colour, and a text
 * shorter than its label (a compared line's "Run 2 · plain launch", overlay-chart.ts).
 */
interface LegendFacts {
  seriesColor?: string;
  overlay?: string;
  legendText?: string;
}

/** The glyph of one dataset's entry: its point style, fill, border colour and border width. */
export function legendGlyph(
  dataset: WorkbenchDataset,
  kind: 'line' | 'bars',
): Pick<LegendItem, 'pointStyle' | 'fillStyle' | 'strokeStyle' | 'lineWidth' | 'lineDash'> {
  const facts = dataset as WorkbenchDataset & LegendFacts;
  const own = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const colour = facts.seriesColor ?? own(dataset.borderColor) ?? '#888888';
  const bars = kind === 'bars' && facts.overlay === undefined;
  const pointStyle = (dataset as { pointStyle?: PointStyle }).pointStyle;
  return {
    pointStyle: bars ? 'rect' : (pointStyle ?? 'circle'),
    // A bar series' fill is scriptable (flagged bars differ): its ordinary bars' fill is the colour at 80%.
    fillStyle: own(dataset.backgroundColor) ?? (bars ? `${colour}cc` : colour),
    strokeStyle: own(dataset.borderColor) ?? colour,
    lineWidth: typeof dataset.borderWidth === 'number' ? dataset.borderWidth : 1,
    // The glyph is the series' marker, drawn whole: a dash would break its outline.
    lineDash: [],
  };
}

/** Chart.js `legend.labels.generateLabels`: one entry per dataset, drawn as legendGlyph says. */
export function legendLabels(chart: Chart): LegendItem[] {
  const kind = String((chart.config as { type?: string }).type).startsWith('bar') ? 'bars' : 'line';
  const fontColor = chart.options.plugins?.legend?.labels?.color as string | undefined;
  return (chart.data.datasets as (WorkbenchDataset & LegendFacts)[]).map((dataset, i) => ({
    text: dataset.legendText ?? dataset.label ?? '',
    datasetIndex: i,
    hidden: !chart.isDatasetVisible(i),
    fontColor,
    ...legendGlyph(dataset, kind),
  }));
}

/** The share of a figure's height its legend may take at most (docs/figures.md#many-series). */
export const LEGEND_SHARE = 0.25;

/**
 * Caps the legend at LEGEND_SHARE of the figure's height before each layout (Chart.js's `maxHeight`, which is not
 * scriptable and so cannot follow the canvas's size from the configuration). Chart.js writes entries that do not
 * fit over the plot: facets.ts keeps a plot to SERIES_PER_PLOT series, whose entries fit in the cap.
 */
export const legendSharePlugin: Plugin<'lineWithErrorBars' | 'barWithErrorBars'> = {
  id: 'legendShare',
  beforeLayout(chart) {
    const legend = chart.legend as { options?: { maxHeight?: number } } | undefined;
    if (legend?.options) legend.options.maxHeight = Math.floor(chart.height * LEGEND_SHARE);
  },
};
