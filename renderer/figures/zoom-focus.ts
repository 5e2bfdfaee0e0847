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
 * The focal point of a zoom step: the selected point when there is one in view; else the mean position of the
 * points in view (where the data lies, not the middle of the axes: a sweep's values crowd near 0 ns); else null
 * (no point in view: the plugin then zooms about the plot's centre).
 */
export function zoomFocus(
  points: readonly PixelPoint[],
  area: PlotArea,
  selected: PixelPoint | null,
): PixelPoint | null {
  if (selected && inArea(selected, area)) return { x: selected.x, y: selected.y };
  let [x, y, n] = [0, 0, 0];
  for (const point of points) {
    if (!inArea(point, area)) continue;
    x += point.x;
    y += point.y;
    n += 1;
  }
  return n === 0 ? null : { x: x / n, y: y / n };
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
