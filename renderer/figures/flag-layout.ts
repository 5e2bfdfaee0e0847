/**
 * Where the flag labels of a chart go ("⚠ noisy" and the like, plugins.ts flagLabelPlugin), so that no two of them
 * ever overlap (docs/figures.md#flag-labels): each label is tried above its point, then below it (moved inwards
 * where it would stick out past the plot's left or right edge); the first place
 * whose box, padded by LABEL_GAP_PX, meets no label placed before and lies within the plot is taken; a label with
 * no such place is left out (the tooltip, the read-out and the points table still say it). Pure geometry in CSS
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

/**
 * Places `requests` in order (earlier ones win a contested place) within `area`; returns the placed ones, each
 * with the index of its request. No two returned boxes overlap and every one lies inside `area`; a request whose
 * point lies outside `area` (zoomed away) gets no label.
 */
export function placeLabels(requests: readonly LabelRequest[], area: LabelBox): PlacedLabel[] {
  const placed: PlacedLabel[] = [];
  requests.forEach((request, index) => {
    // A point outside the plot (a zoomed chart's) is not drawn there, so neither is its label.
    if (!pointInside(request, area)) return;
    const half = request.width / 2 + LABEL_GAP_PX;
    if (area.right - area.left < 2 * half) return;
    // A label near the plot's edge moves inwards rather than past it (a sweep's first point is on the edge).
    const x = Math.min(Math.max(request.x, area.left + half), area.right - half);
    const above = request.y - LABEL_OFFSET_PX - request.descent;
    const below = request.y + LABEL_OFFSET_PX + request.ascent;
    for (const baseline of [above, below]) {
      const box = boxAt(request, x, baseline);
      const inside =
        box.left >= area.left && box.right <= area.right && box.top >= area.top && box.bottom <= area.bottom;
      if (!inside || placed.some((p) => boxesOverlap(p.box, box))) continue;
      placed.push({ index, x, baseline, box });
      return;
    }
  });
  return placed;
}
