/**
 * Zoom, pan and keyboard reading of an on-screen chart (docs/figures.md#zoom-and-read-out), through
 * chartjs-plugin-zoom (MIT): dragging a box zooms to it, Ctrl + wheel or a pinch zooms, Shift + drag pans, and
 * with the chart focused + and − zoom, Shift + arrows pan, 0 resets. Exports and the CLI never zoom: the plugin is
 * registered only where there is a window (hammerjs, its gesture library, needs one when it loads).
 */
import { Chart, type Plugin } from 'chart.js';
import type { ZoomPluginOptions } from 'chartjs-plugin-zoom/types/options';
import { isOverlay } from './datasets';
import { inArea, zoomFocus, type PixelPoint } from './zoom-focus';

/** A drag shorter than this (CSS pixels) is a click, not a box to zoom to. */
const DRAG_THRESHOLD_PX = 5;

/**
 * The zoom plugin's options of an on-screen chart; `changed` is called after each zoom or pan by pointer. A drag
 * zooms to the dragged box (the plugin maps its corners through the chart's own scales, so the axes then run
 * exactly over the values under the box); with Shift held a drag pans instead.
 */
export function zoomOptions(changed: () => void, accent = '#0969da'): ZoomPluginOptions {
  return {
    zoom: {
      wheel: { enabled: true, modifierKey: 'ctrl' },
      drag: {
        enabled: true,
        threshold: DRAG_THRESHOLD_PX,
        borderColor: accent,
        borderWidth: 1,
        backgroundColor: `${accent}22`,
      },
      pinch: { enabled: true },
      mode: 'xy',
      onZoomComplete: changed,
    },
    pan: { enabled: true, mode: 'xy', modifierKey: 'shift', onPanComplete: changed },
  };
}

/** How much one key press zooms (1.25: a quarter closer) and pans (CSS pixels). */
const ZOOM_STEP = 1.25;
const PAN_STEP_PX = 40;

/**
 * Clips every dataset (lines, markers, error bars) and the flag labels to the plot while the chart is zoomed or
 * panned: a line dataset may draw a little past the plot in the full view (datasets.ts, so an edge point keeps its
 * whole cap), but zoomed in its lines run on to points outside the view and would cross the axes.
 */
export const zoomClipPlugin: Plugin = {
  id: 'zoomClip',
  beforeDatasetsDraw(chart) {
    if (!isZoomed(chart)) return;
    const { ctx, chartArea } = chart;
    ctx.save();
    ctx.beginPath();
    ctx.rect(
      chartArea.left,
      chartArea.top,
      chartArea.right - chartArea.left,
      chartArea.bottom - chartArea.top,
    );
    ctx.clip();
    (chart as unknown as { zoomClipped?: boolean }).zoomClipped = true;
  },
  afterDatasetsDraw(chart) {
    const clipped = chart as unknown as { zoomClipped?: boolean };
    if (!clipped.zoomClipped) return;
    clipped.zoomClipped = false;
    chart.ctx.restore();
  },
};

let loading: Promise<boolean> | null = null;
let loaded: boolean | null = null;

/**
 * Loads and registers the plugin once: true once registered, false where there is no window or it could not load
 * (no zoom then), a promise of either while it loads.
 */
export function zoomReady(): boolean | Promise<boolean> {
  if (typeof window === 'undefined') return false;
  if (loaded !== null) return loaded;
  loading ??= import('chartjs-plugin-zoom').then(
    (plugin) => {
      Chart.register(plugin.default, zoomClipPlugin);
      return (loaded = true);
    },
    () => (loaded = false),
  );
  return loading;
}

/** The zoom plugin's methods on a chart (present once the plugin is registered). */
interface Zoomable {
  zoom?(amount: number | { x: number; y: number; focalPoint?: PixelPoint }): void;
  pan?(amount: { x?: number; y?: number }): void;
  resetZoom?(): void;
  isZoomedOrPanned?(): boolean;
}

/**
 * Zooms, pans or resets `chart` for a key (+, =, −, -, 0, Shift + arrows); false for any other key. + and − zoom
 * about `selected` (the read-out's point, CSS pixels) where given and in view (zoomStep).
 */
export function zoomKey(
  chart: object,
  event: Pick<KeyboardEvent, 'key' | 'shiftKey'>,
  selected: PixelPoint | null = null,
): boolean {
  const zoomable = chart as unknown as Zoomable;
  if (!zoomable.zoom || !zoomable.pan || !zoomable.resetZoom) return false;
  const pans: Record<string, { x?: number; y?: number }> = {
    ArrowLeft: { x: PAN_STEP_PX },
    ArrowRight: { x: -PAN_STEP_PX },
    ArrowUp: { y: PAN_STEP_PX },
    ArrowDown: { y: -PAN_STEP_PX },
  };
  if (event.key === '+' || event.key === '=') zoomStep(chart, 1, selected);
  else if (event.key === '-' || event.key === '−') zoomStep(chart, -1, selected);
  else if (event.key === '0') zoomable.resetZoom();
  else if (event.shiftKey && pans[event.key]) zoomable.pan(pans[event.key]!);
  else return false;
  return true;
}

/** The pixel positions of the points of `chart`'s visible series (not the overlays of flagged points). */
function drawnPoints(chart: Chart): PixelPoint[] {
  const points: PixelPoint[] = [];
  chart.data.datasets.forEach((dataset, i) => {
    const meta = chart.getDatasetMeta(i);
    if (meta.hidden || isOverlay(dataset)) return;
    for (const element of meta.data) points.push({ x: element.x, y: element.y });
  });
  return points;
}

/**
 * Zooms `chart` in by ZOOM_STEP (`direction` 1) or out by as much (−1), about the selected point (CSS pixels)
 * where one is given and in view, else about the mean position of the points in view, else about the plot's
 * centre (zoom-focus.ts): the value under the focus stays where it is.
 */
export function zoomStep(chart: object, direction: 1 | -1, selected: PixelPoint | null = null): void {
  const zoomable = chart as unknown as Zoomable;
  const amount = direction === 1 ? ZOOM_STEP : 1 / ZOOM_STEP;
  const drawn = chart as Chart;
  const focalPoint = drawn.chartArea ? zoomFocus(drawnPoints(drawn), drawn.chartArea, selected) : null;
  zoomable.zoom?.(focalPoint ? { x: amount, y: amount, focalPoint } : amount);
}

/**
 * How many points of `chart`'s visible series are drawn inside its plot while it is zoomed or panned (a bar counts
 * when some of its length is in view: on a zoomed log axis a bar below the view is drawn from the axis' bottom
 * edge with no length), or null in the full view: zero says the zoom shows an empty region.
 */
export function pointsInView(chart: object): number | null {
  const drawn = chart as Chart;
  if (!drawn.chartArea || !isZoomed(chart)) return null;
  const area = drawn.chartArea;
  let count = 0;
  drawn.data.datasets.forEach((dataset, i) => {
    const meta = drawn.getDatasetMeta(i);
    if (meta.hidden || isOverlay(dataset)) return;
    for (const element of meta.data as unknown as { x: number; y: number; base?: number }[]) {
      const base = element.base;
      const shown =
        typeof base === 'number' && String(meta.type).startsWith('bar')
          ? element.x >= area.left &&
            element.x <= area.right &&
            Math.min(element.y, base) < area.bottom &&
            Math.max(element.y, base) > area.top
          : inArea(element, area);
      if (shown) count += 1;
    }
  });
  return count;
}

/** Whether `chart` is zoomed or panned away from its full view. */
export function isZoomed(chart: object): boolean {
  return (chart as unknown as Zoomable).isZoomedOrPanned?.() ?? false;
}

/** Back to the full view. */
export function resetZoom(chart: object): void {
  (chart as unknown as Zoomable).resetZoom?.();
}
