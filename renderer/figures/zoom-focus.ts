/**
 * Where a key or button zoom of an on-screen chart centres (docs/figures.md#zoom-and-read-out), and which points
 * the arrow keys step through: pure geometry in CSS pixels of the canvas, so tests need no browser.
 */

/** A point on the canvas, CSS pixels (y grows downwards). */
export interface PixelPoint {
  x: number;
  y: number;
}

/** The plot's area on the canvas, CSS pixels. */
export interface PlotArea {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Whether `point` lies within `area` (to half a pixel: a sweep's first point is on the edge). */
export function inArea(point: PixelPoint, area: PlotArea): boolean {
  const slack = 0.5;
  return (
    Number.isFinite(point.x) &&
    Number.isFinite(point.y) &&
    point.x >= area.left - slack &&
    point.x <= area.right + slack &&
    point.y >= area.top - slack &&
    point.y <= area.bottom + slack
  );
}

/**
 * The focal point of a zoom step: the selected point when there is one in view; else the point in view nearest the
 * mean position of the points in view (where the data lies, not the middle of the axes: a sweep's values crowd near
 * 0 ns). A zoom keeps its focal point where it is on the canvas, so a focal point that is itself a point keeps at
 * least that point in view; the bare mean could fall in the empty space between two groups of points (a sweep's
 * block and warp series an order of magnitude apart). Null when no point is in view (the plugin then zooms about
 * the plot's centre).
 */
export function zoomFocus(
  points: readonly PixelPoint[],
  area: PlotArea,
  selected: PixelPoint | null,
): PixelPoint | null {
  if (selected && inArea(selected, area)) return { x: selected.x, y: selected.y };
  const shown = points.filter((point) => inArea(point, area));
  if (shown.length === 0) return null;
  const mean = {
    x: shown.reduce((sum, point) => sum + point.x, 0) / shown.length,
    y: shown.reduce((sum, point) => sum + point.y, 0) / shown.length,
  };
  const distance = (point: PixelPoint): number => Math.hypot(point.x - mean.x, point.y - mean.y);
  const nearest = shown.reduce((best, point) => (distance(point) < distance(best) ? point : best));
  return { x: nearest.x, y: nearest.y };
}

/**
 * The index an arrow key moves the read-out to among a series' points, only those in view (`inView`: their
 * indexes, ascending): `step` 1 to the next one after `from`, −1 to the one before it (staying at the last or
 * first at the ends), 0 (another series) to the one nearest `from`. Null when none of the series' points is in
 * view; `from` null starts at the first in view.
 */
export function stepInView(inView: readonly number[], from: number | null, step: -1 | 0 | 1): number | null {
  if (inView.length === 0) return null;
  if (from === null) return inView[0]!;
  if (step === 1) return inView.find((i) => i > from) ?? inView[inView.length - 1]!;
  if (step === -1) return [...inView].reverse().find((i) => i < from) ?? inView[0]!;
  return inView.reduce((best, i) => (Math.abs(i - from) < Math.abs(best - from) ? i : best), inView[0]!);
}
