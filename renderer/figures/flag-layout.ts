/**
 * Where the flag labels of a chart go ("⚠ noisy" and the like, plugins.ts flagLabelPlugin), so that no two of them
 * ever overlap and none covers a point marker, bar or error bar of any series (docs/figures.md#flag-labels): each
 * label is tried above its point, then below it, a few pixels farther each time (moved inwards where it would
 * stick out past the plot's left or right edge), then beside it; the first place whose box, padded by
 * LABEL_GAP_PX, meets no label placed before nor any mark and lies within the plot is taken; a label with no such
 * place is left out (the tooltip, the read-out and the points table still say it). Pure geometry in CSS
 * pixels, so a test can check the layout without a canvas.
 */

/** Room kept around every label's box, CSS pixels. */
export const LABEL_GAP_PX = 2;
/** How far a label's baseline sits above its point, or its top below it, CSS pixels. */
export const LABEL_OFFSET_PX = 6;

/** A box on the canvas, CSS pixels (y grows downwards). */
export interface LabelBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** One label to place: its point, its text's width and its ink above and below the baseline. */
export interface LabelRequest {
  x: number;
  y: number;
  width: number;
  ascent: number;
  descent: number;
}

/** A placed label: where to write it (centre x, baseline y) and the box it covers. */
export interface PlacedLabel {
  index: number;
  x: number;
  baseline: number;
  box: LabelBox;
}

/** Whether two boxes share any area. */
export function boxesOverlap(a: LabelBox, b: LabelBox): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** The box of a label of `request` written centred at `x` with its baseline at `baseline`, padded by the gap. */
function boxAt(request: LabelRequest, x: number, baseline: number): LabelBox {
  return {
    left: x - request.width / 2 - LABEL_GAP_PX,
    right: x + request.width / 2 + LABEL_GAP_PX,
    top: baseline - request.ascent - LABEL_GAP_PX,
    bottom: baseline + request.descent + LABEL_GAP_PX,
  };
}

/** Whether a label's point lies within `area` (to half a pixel: a sweep's first point is on the edge). */
function pointInside(request: LabelRequest, area: LabelBox): boolean {
  const slack = 0.5;
  return (
    request.x >= area.left - slack &&
    request.x <= area.right + slack &&
    request.y >= area.top - slack &&
    request.y <= area.bottom + slack
  );
}

/** The farthest a label's box may sit above or below its point, and the step between the places tried, CSS pixels. */
const MAX_OFFSET_PX = 36;
const OFFSET_STEP_PX = 3;

/** Boxes filed by the columns of the canvas they cross, so a label is tested only against those near it. */
class BoxIndex {
  private readonly columns = new Map<number, LabelBox[]>();
  private static readonly COLUMN_PX = 64;

  add(box: LabelBox): void {
    for (const column of this.columnsOf(box)) {
      const boxes = this.columns.get(column);
      if (boxes) boxes.push(box);
      else this.columns.set(column, [box]);
    }
  }

  meets(box: LabelBox): boolean {
    return this.columnsOf(box).some((c) => this.columns.get(c)?.some((other) => boxesOverlap(other, box)));
  }

  private columnsOf(box: LabelBox): number[] {
    const first = Math.floor(box.left / BoxIndex.COLUMN_PX);
    const last = Math.floor(box.right / BoxIndex.COLUMN_PX);
    return Array.from({ length: Math.max(0, last - first) + 1 }, (_, i) => first + i);
  }
}

/**
 * The places tried for a label, as (centre x, baseline): above and below its point, alternately, from
 * LABEL_OFFSET_PX out to MAX_OFFSET_PX, then to its right and to its left (vertically centred on the point).
 */
function candidates(request: LabelRequest, x: number): [number, number][] {
  const places: [number, number][] = [];
  for (let offset = LABEL_OFFSET_PX; offset <= MAX_OFFSET_PX; offset += OFFSET_STEP_PX) {
    places.push([x, request.y - offset - request.descent], [x, request.y + offset + request.ascent]);
  }
  const middle = request.y + (request.ascent - request.descent) / 2;
  const side = LABEL_OFFSET_PX + 4 + request.width / 2;
  places.push([request.x + side, middle], [request.x - side, middle]);
  return places;
}

/**
 * Places `requests` in order (earlier ones win a contested place) within `area`, clear of `obstacles` (the point
 * markers, bars and error bars of every series drawn); returns the placed ones, each with the index of its
 * request. No two returned boxes overlap, none meets an obstacle, and every one lies inside `area`; a request
 * whose point lies outside `area` (zoomed away) gets no label.
 */
export function placeLabels(
  requests: readonly LabelRequest[],
  area: LabelBox,
  obstacles: readonly LabelBox[] = [],
): PlacedLabel[] {
  const placed: PlacedLabel[] = [];
  const taken = new BoxIndex();
  for (const obstacle of obstacles) taken.add(obstacle);
  requests.forEach((request, index) => {
    // A point outside the plot (a zoomed chart's) is not drawn there, so neither is its label.
    if (!pointInside(request, area)) return;
    const half = request.width / 2 + LABEL_GAP_PX;
    if (area.right - area.left < 2 * half) return;
    // A label near the plot's edge moves inwards rather than past it (a sweep's first point is on the edge).
    const inwards = Math.min(Math.max(request.x, area.left + half), area.right - half);
    for (const [x, baseline] of candidates(request, inwards)) {
      const box = boxAt(request, x, baseline);
      const inside =
        box.left >= area.left && box.right <= area.right && box.top >= area.top && box.bottom <= area.bottom;
      if (!inside || taken.meets(box)) continue;
      placed.push({ index, x, baseline, box });
      taken.add(box);
      return;
    }
  });
  return placed;
}
