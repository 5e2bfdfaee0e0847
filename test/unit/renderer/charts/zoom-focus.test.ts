/**
 * Where Zoom in / Zoom out centre and which points the arrow keys read out (renderer/figures/zoom-focus.ts,
 * docs/figures.md#zoom-and-read-out): the selected point when it is in view, else the point in view nearest where
 * the points in view lie (not the middle of the axes, never an empty gap); the arrow keys step only through points
 * in view.
 */
import { describe, expect, it } from 'vitest';
import { stepInView, zoomFocus } from '../../../../renderer/figures/zoom-focus';

const area = { left: 100, right: 900, top: 50, bottom: 450 };

describe('zoomFocus', () => {
  it('is the selected point when it is in view', () => {
    expect(zoomFocus([{ x: 200, y: 400 }], area, { x: 700, y: 120 })).toEqual({ x: 700, y: 120 });
  });

  it("is the point in view nearest their mean, not the plot's centre, without a selected point in view", () => {
    // Values crowded near the x axis (0 ns) and one point out of view to the right.
    const points = [
      { x: 100, y: 440 },
      { x: 300, y: 430 },
      { x: 500, y: 420 },
      { x: 1200, y: 60 },
    ];
    expect(zoomFocus(points, area, { x: 1300, y: 10 })).toEqual({ x: 300, y: 430 });
    expect(zoomFocus(points, area, null)).toEqual({ x: 300, y: 430 });
  });

  it('is a point, not the empty gap between two groups of points far apart', () => {
    // A sweep's block series near the top and its warp series near the bottom: their mean lies in neither group.
    const points = [
      { x: 150, y: 80 },
      { x: 250, y: 70 },
      { x: 150, y: 440 },
      { x: 250, y: 430 },
    ];
    const focus = zoomFocus(points, area, null);
    expect(points).toContainEqual(focus);
    expect(focus).not.toEqual({ x: 200, y: 255 });
  });

  it('is null when no point is in view', () => {
    expect(zoomFocus([{ x: 950, y: 100 }], area, null)).toBeNull();
  });
});

describe('stepInView', () => {
  // Points 3 to 6 of a series are in view.
  const inView = [3, 4, 5, 6];
  it('starts at the first point in view', () => {
    expect(stepInView(inView, null, 1)).toBe(3);
  });
  it('steps to the next or previous point in view, never to one out of view', () => {
    expect(stepInView(inView, 4, 1)).toBe(5);
    expect(stepInView(inView, 6, 1)).toBe(6);
    expect(stepInView(inView, 3, -1)).toBe(3);
    // From a point zoomed out of view on the left, → goes to the first in view.
    expect(stepInView(inView, 0, 1)).toBe(3);
    expect(stepInView(inView, 9, -1)).toBe(6);
  });
  it('picks the nearest point in view on another series, and none when it has none in view', () => {
    expect(stepInView(inView, 1, 0)).toBe(3);
    expect(stepInView(inView, 5, 0)).toBe(5);
    expect(stepInView([], 5, 0)).toBeNull();
  });
});
