/**
 * The legend of a workbench chart, each entry drawn as its dataset is (Chart.js's `usePointStyle`): a line series
 * by its point style and colour (circle, or the compared series' own marker), an overlay of flagged points by its
 * cross or triangle, a bar series by a square of its bars' fill and border. Chart.js's own entries resolve a bar
 * series' scriptable colours at its first bar (the colour of a flag, when that bar is flagged) and draw every line
 * series as a filled box.
 */
import type { Chart, LegendItem, PointStyle } from 'chart.js';
import type { WorkbenchDataset } from './datasets';

/** What a dataset carries for its legend entry besides Chart.js's options: the series' own colour. */
interface LegendFacts {
  seriesColor?: string;
  overlay?: string;
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
    lineDash: [],
  };
}

/** Chart.js `legend.labels.generateLabels`: one entry per dataset, drawn as legendGlyph says. */
export function legendLabels(chart: Chart): LegendItem[] {
  const kind = String((chart.config as { type?: string }).type).startsWith('bar') ? 'bars' : 'line';
  const fontColor = chart.options.plugins?.legend?.labels?.color as string | undefined;
  return (chart.data.datasets as WorkbenchDataset[]).map((dataset, i) => ({
    text: dataset.label ?? '',
    datasetIndex: i,
    hidden: !chart.isDatasetVisible(i),
    fontColor,
    ...legendGlyph(dataset, kind),
  }));
}
