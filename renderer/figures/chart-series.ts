/**
 * Where each datum of a chart goes: a line series (and an overlay when it is flagged) or a bar in its category,
 * each series with its own palette slot; and whether a log axis can draw it. Called by appendPoints (config.ts).
 */
import type { ChartModel, ChartSpec } from './chart-model';
import {
  barDataset,
  datasetSeries,
  lineDataset,
  overlayDataset,
  overlayOf,
  type Overlay,
  type WorkbenchDataset,
} from './datasets';
import { gapAt, type ChartDatum } from './datum';
import { denseBars, LABEL_EVERY_CATEGORY_UP_TO } from './dense-bars';
import { nextSeriesStyle, seriesSlot, type ChartPalette } from './palette';
import type { Translate } from './translate';

/**
 * Whether a log axis can draw the datum (its median is > 0), noting its smallest positive value; a lower error-bar
 * end ≤ 0 is drawn to the bottom of the chart (it lies below every value a log axis has).
 */
export function fitsLogAxis(model: ChartModel, datum: ChartDatum): boolean {
  if (!(datum.y > 0)) return false;
  const low = datum.yMin > 0 ? Math.min(datum.y, datum.yMin) : datum.y;
  model.minPositive = model.minPositive === null ? low : Math.min(model.minPositive, low);
  if (!(datum.yMin > 0)) datum.yMin = Number.MIN_VALUE;
  return true;
}

function findDataset(model: ChartModel, label: string): WorkbenchDataset | undefined {
  return model.config.data.datasets.find((d) => datasetSeries(d) === label);
}

function findOverlay(model: ChartModel, overlay: Overlay): WorkbenchDataset | undefined {
  return model.config.data.datasets.find((d) => (d as { overlay?: Overlay }).overlay === overlay);
}

/** The palette slots of the model's series so far. */
function takenSlots(model: ChartModel): number[] {
  return model.config.data.datasets.flatMap((d) => {
    const slot = (d as { slot?: number }).slot;
    return slot === undefined ? [] : [slot];
  });
}

/** How a chart names and styles its series (ChartSpec). */
export type SeriesLook = Pick<ChartSpec, 'styles' | 'legendNames'>;

/**
 * Lines: the datum joins its series (returned), and an overlay when it is flagged. A new series takes its style
 * from `look.styles`, else the next free one.
 */
export function placeLine(
  model: ChartModel,
  palette: ChartPalette,
  datum: ChartDatum,
  t: Translate,
  look: SeriesLook = {},
): WorkbenchDataset {
  const { datasets } = model.config.data;
  let series = findDataset(model, datum.series);
  if (!series) {
    const style =
      look.styles?.get(datum.series) ??
      nextSeriesStyle(palette, datum.series, takenSlots(model), model.series);
    const label = look.legendNames?.get(datum.series);
    series = Object.assign(lineDataset(datum.series, style, label), { slot: style.slot });
    model.series += 1;
    datasets.push(series);
    // Until it is decimated the dataset draws the series' own array: Chart.js parses only the points pushed to it.
    model.lines.set(series, series.data as ChartDatum[]);
  }
  model.lines.get(series)!.push(datum);
  const overlay = overlayOf(datum);
  if (overlay) {
    let marks = findOverlay(model, overlay);
    if (!marks) {
      marks = overlayDataset(palette, overlay, t);
      datasets.push(marks);
    }
    marks.data.push(datum);
  }
  return series;
}

/** The index of a bar category, added (with a gap in every dataset) when it is new. */
export function categoryIndex(model: ChartModel, category: string): number {
  const labels = model.config.data.labels as string[];
  const known = model.categoryIndexes.get(category);
  if (known !== undefined) return known;
  for (const dataset of model.config.data.datasets) dataset.data.push(gapAt(category));
  model.categoryIndexes.set(category, labels.length);
  const index = labels.push(category) - 1;
  if (labels.length === LABEL_EVERY_CATEGORY_UP_TO + 1) denseBars(model.config);
  return index;
}

/**
 * Bars: every dataset holds one entry per category, a gap where its series has no bar, because the error-bar
 * controller puts a dataset's i-th entry in the i-th category.
 */
export function placeBar(
  model: ChartModel,
  palette: ChartPalette,
  datum: ChartDatum,
  look: SeriesLook = {},
): void {
  const { datasets } = model.config.data;
  const labels = model.config.data.labels as string[];
  const index = categoryIndex(model, String(datum.x));
  let series = findDataset(model, datum.series);
  if (!series) {
    const slot = look.styles?.get(datum.series)?.slot ?? seriesSlot(palette, datum.series, takenSlots(model));
    const label = look.legendNames?.get(datum.series);
    series = Object.assign(barDataset(palette, datum.series, slot, label), { slot });
    model.series += 1;
    series.data.push(...labels.map(gapAt));
    datasets.push(series);
    if (labels.length > LABEL_EVERY_CATEGORY_UP_TO) denseBars(model.config);
  }
  series.data[index] = datum;
}
