/**
 * Dataset styles. Line modes (up to thousands of points) use only static options, so Chart.js shares one option
 * object per dataset and a redraw stays cheap; flagged points are drawn a second time in overlay datasets (a cross
 * for incorrect points, a triangle for noisy or throttled ones) that also name the flag in the legend. Bar modes
 * (a handful of bars) mark each flagged bar through scriptable options.
 */
import type { ChartDataset, ScriptableContext } from 'chart.js';
import type { Translate } from './translate';
import { isDatum, type ChartEntry } from './datum';
import { seriesColor, type ChartPalette, type SeriesStyle } from './palette';

export type WorkbenchChartType = 'lineWithErrorBars' | 'barWithErrorBars';
export type WorkbenchDataset = ChartDataset<WorkbenchChartType, ChartEntry[]>;

/** Which overlay a flagged point goes to. */
export type Overlay = 'incorrect' | 'flagged';

/** Message keys of the overlays' legend labels. */
const OVERLAY_KEYS: Record<Overlay, string> = { incorrect: 'chart.incorrect', flagged: 'chart.flagged' };

/** The legend label of an overlay in the chart's language. */
export function overlayLabel(overlay: Overlay, t: Translate): string {
  return t(OVERLAY_KEYS[overlay]);
}

/** The overlay a datum belongs to, or null for an ordinary point. */
export function overlayOf(entry: ChartEntry | undefined): Overlay | null {
  if (!isDatum(entry)) return null;
  const datum = entry;
  if (datum.incorrect) return 'incorrect';
  return datum.noisy || datum.throttled ? 'flagged' : null;
}

/** Whether a dataset is an overlay rather than a series (overlays carry their kind in `overlay`). */
export function isOverlay(dataset: object): boolean {
  return (dataset as { overlay?: Overlay }).overlay !== undefined;
}

/** Width of an error bar's cap on a line chart, in CSS pixels (chartjs-chart-error-bars' default size). */
export const LINE_CAP_WIDTH_PX = 20;
/** How far a line dataset may draw past the chart area: half a cap sideways, a point's radius up and down. */
const LINE_CLIP_PX = { left: LINE_CAP_WIDTH_PX / 2 + 1, right: LINE_CAP_WIDTH_PX / 2 + 1, top: 5, bottom: 5 };

/**
 * The line of a series drawn in `style` (palette.ts: hue, dash, marker), labelled `label` in the legend (default:
 * the series' name; a facet shortens it): static options only. Point options go unprefixed (`radius`,
 * `pointStyle`): the error-bar controller's point element is `pointWithErrorBar`, so `point*` dataset options
 * would not reach it. `seriesColor` is for the legend (legend.ts), `series` finds the dataset of a datum. A point
 * on the plot's left or right edge keeps its whole cap: Chart.js clips a dataset to the chart area plus the point's
 * radius, which cut such a cap short on one side, so what was left stood off-centre from its point.
 */
export function lineDataset(series: string, style: SeriesStyle, label = series): WorkbenchDataset {
  const color = style.color;
  return {
    label,
    series,
    seriesColor: color,
    data: [],
    borderColor: color,
    backgroundColor: color,
    borderDash: [...style.dash],
    pointStyle: style.marker,
    radius: 3,
    borderWidth: 2,
    errorBarColor: color,
    errorBarWhiskerColor: color,
    errorBarWhiskerSize: LINE_CAP_WIDTH_PX,
    clip: LINE_CLIP_PX,
  } as WorkbenchDataset;
}

/** The series a dataset draws (its `series`, else its label), or undefined for an overlay of flagged points. */
export function datasetSeries(dataset: WorkbenchDataset): string | undefined {
  if (isOverlay(dataset)) return undefined;
  return (dataset as { series?: string }).series ?? dataset.label;
}

/** The markers drawn over flagged points of a line chart (no line, no second error bar, on top). */
export function overlayDataset(palette: ChartPalette, overlay: Overlay, t: Translate): WorkbenchDataset {
  const color = overlay === 'incorrect' ? palette.incorrect : palette.flagged;
  return {
    label: overlayLabel(overlay, t),
    overlay,
    data: [],
    showLine: false,
    order: -1,
    borderColor: color,
    backgroundColor: 'transparent',
    pointStyle: overlay === 'incorrect' ? 'crossRot' : 'triangle',
    radius: 7,
    borderWidth: 2,
    errorBarColor: 'transparent',
    errorBarWhiskerColor: 'transparent',
  } as WorkbenchDataset;
}

/** The bars of the n-th series (empty: the caller fills one entry per category); a flagged bar gets a thick border. */
export function barDataset(
  palette: ChartPalette,
  series: string,
  n: number,
  label = series,
): WorkbenchDataset {
  const color = seriesColor(palette, n);
  const overlay = (context: ScriptableContext<WorkbenchChartType>) => overlayOf(context.raw as ChartEntry);
  return {
    label,
    series,
    seriesColor: color,
    data: [],
    skipNull: true,
    backgroundColor: (context: ScriptableContext<WorkbenchChartType>) =>
      overlay(context) === 'incorrect' ? `${palette.incorrect}33` : `${color}cc`,
    borderColor: (context: ScriptableContext<WorkbenchChartType>) => {
      const flag = overlay(context);
      if (flag === 'incorrect') return palette.incorrect;
      return flag === 'flagged' ? palette.flagged : color;
    },
    borderWidth: (context: ScriptableContext<WorkbenchChartType>) => (overlay(context) ? 3 : 1),
    errorBarColor: color,
    errorBarWhiskerColor: color,
  } as WorkbenchDataset;
}
