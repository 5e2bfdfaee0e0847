/**
 * Flag labels ("⚠ noisy", docs/figures.md#flag-labels) never overlap: the layout (flag-layout.ts) on its own, and
 * every label the plugin writes on a real canvas (@napi-rs/canvas) for the measured `fences` facets (20 noisy
 * points) and for a SYNTHETIC sweep whose every point is noisy, each label's box taken from the canvas' own text
 * metrics at the place it was written.
 */
import { createCanvas } from '@napi-rs/canvas';
import { Chart, type ChartItem } from 'chart.js';
import { describe, expect, it } from 'vitest';
import type { WorkbenchChartConfig } from '../../../../renderer/figures/config';
import { boxesOverlap, placeLabels, type LabelBox } from '../../../../renderer/figures/flag-layout';
import { runFigures, staticConfig } from '../../../../renderer/figures/figure';
import { registerCharts } from '../../../../renderer/figures/register';
import { syntheticResult } from '../../../fixtures/synthetic-result';
import { FIGURE_OPTIONS, reference } from './figure-fixtures';

const FLAG = /^(⚠|✗|<)/;

/** Reads a number option (the first of an indexable one). */
const first = (v: unknown, fallback: number): number =>
  typeof (Array.isArray(v) ? v[0] : v) === 'number' ? ((Array.isArray(v) ? v[0] : v) as number) : fallback;

/**
 * The marks of every visible dataset as Chart.js laid them out: each point's marker (radius and border) and each
 * error bar's caps (the whisker's width at p10 and p90), read from the elements, not from the layout's own code.
 */
function drawnMarks(chart: Chart): LabelBox[] {
  const marks: LabelBox[] = [];
  chart.data.datasets.forEach((_d, i) => {
    const meta = chart.getDatasetMeta(i);
    if (meta.hidden) return;
    for (const element of meta.data) {
      const e = element as unknown as { x: number; y: number; yMin?: unknown; yMax?: unknown };
      const options = element.options as unknown as Record<string, unknown>;
      const r = first(options.radius, 3) + first(options.borderWidth, 1) / 2;
      marks.push({ left: e.x - r, right: e.x + r, top: e.y - r, bottom: e.y + r });
      const cap = first(options.errorBarWhiskerSize, 0) / 2;
      for (const end of [e.yMin, e.yMax].flat()) {
        if (typeof end === 'number')
          marks.push({ left: e.x - cap, right: e.x + cap, top: end - 1, bottom: end + 1 });
      }
    }
  });
  return marks;
}

/**
 * The box of every flag label written while `config` is drawn on a 800 × 450 canvas, the plot area and the marks
 * drawn.
 */
function writtenLabels(config: WorkbenchChartConfig): {
  boxes: LabelBox[];
  area: LabelBox;
  marks: LabelBox[];
} {
  registerCharts();
  const canvas = createCanvas(800, 450);
  const ctx = canvas.getContext('2d');
  const boxes: LabelBox[] = [];
  const fillText = ctx.fillText.bind(ctx);
  ctx.fillText = (text: string, x: number, y: number, maxWidth?: number) => {
    // Flag labels are the 11 px texts that start with a flag (the legend names the overlays at 12 px).
    if (FLAG.test(text) && ctx.font.startsWith('11px')) {
      const m = ctx.measureText(text);
      // textAlign is centre for flag labels: the ink runs from x − left to x + right.
      boxes.push({
        left: x - m.actualBoundingBoxLeft,
        right: x + m.actualBoundingBoxRight,
        top: y - m.actualBoundingBoxAscent,
        bottom: y + m.actualBoundingBoxDescent,
      });
    }
    fillText(text, x, y, maxWidth);
  };
  const chart = new Chart(canvas as unknown as ChartItem, staticConfig(config, 1));
  const { left, right, top, bottom } = chart.chartArea;
  const marks = drawnMarks(chart as unknown as Chart);
  chart.destroy();
  return { boxes, area: { left, right, top, bottom }, marks };
}

function overlaps(boxes: readonly LabelBox[]): [number, number][] {
  const pairs: [number, number][] = [];
  boxes.forEach((a, i) =>
    boxes.slice(i + 1).forEach((b, j) => boxesOverlap(a, b) && pairs.push([i, i + 1 + j])),
  );
  return pairs;
}

describe('flag label layout', () => {
  it('places crowded labels above, then below their points, drops the rest, and never overlaps', () => {
    const area = { left: 0, right: 300, top: 0, bottom: 200 };
    const requests = Array.from({ length: 30 }, (_, i) => ({
      x: 10 + i * 9,
      y: 100 + (i % 3) * 5,
      width: 44,
      ascent: 9,
      descent: 3,
    }));
    const placed = placeLabels(requests, area);
    expect(placed.length).toBeGreaterThan(4);
    expect(placed.length).toBeLessThan(requests.length);
    expect(overlaps(placed.map((p) => p.box))).toEqual([]);
    expect(placed.some((p) => p.baseline > requests[p.index]!.y)).toBe(true);
    for (const { box } of placed) {
      expect(box.left).toBeGreaterThanOrEqual(area.left);
      expect(box.right).toBeLessThanOrEqual(area.right);
    }
    // The first point sits on the plot's left edge: its label moves inwards instead of being lost.
    expect(placed[0]).toMatchObject({ index: 0, x: 24 });
  });

  it('gives no label to a point outside the plot (zoomed away), but keeps one on its edge', () => {
    const area = { left: 100, right: 400, top: 50, bottom: 250 };
    const label = { width: 40, ascent: 9, descent: 3 };
    const requests = [
      { x: 40, y: 150, ...label },
      { x: 100, y: 150, ...label },
      { x: 250, y: 400, ...label },
      { x: 460, y: 120, ...label },
    ];
    expect(placeLabels(requests, area).map((p) => p.index)).toEqual([1]);
  });
});

describe('flag label layout around marks', () => {
  it('moves a label off the markers and error bars it would cover, and drops it when it is walled in', () => {
    const area = { left: 0, right: 400, top: 0, bottom: 300 };
    const request = { x: 200, y: 150, width: 40, ascent: 9, descent: 3 };
    // Another series' marker just above the point: the label goes below it instead.
    const marker = { left: 195, right: 205, top: 125, bottom: 135 };
    const [below] = placeLabels([request], area, [marker]);
    expect(below!.baseline).toBeGreaterThan(request.y);
    expect(boxesOverlap(below!.box, marker)).toBe(false);
    // A long error bar's stem through the point, above and below: the label goes beside it.
    const stem = { left: 198.5, right: 201.5, top: 60, bottom: 240 };
    const [beside] = placeLabels([request], area, [stem]);
    expect(Math.abs(beside!.x - request.x)).toBeGreaterThan(request.width / 2);
    expect(boxesOverlap(beside!.box, stem)).toBe(false);
    // Marks all around: no label.
    const wall = { left: 100, right: 300, top: 100, bottom: 200 };
    expect(placeLabels([request], area, [wall])).toEqual([]);
  });
});

describe('flag labels drawn', () => {
  it('never overlap, cover a marker or cap, nor leave the plot in the fences facets; noisy points are labelled', () => {
    let written = 0;
    for (const model of runFigures(reference('h200-fences.json'), { ...FIGURE_OPTIONS, kind: 'line' })) {
      const { boxes, area, marks } = writtenLabels(model.config);
      expect(overlaps(boxes)).toEqual([]);
      const covered = boxes.flatMap((box) => marks.filter((mark) => boxesOverlap(box, mark)).map(() => box));
      expect(covered).toEqual([]);
      for (const box of boxes) {
        expect(box.left).toBeGreaterThanOrEqual(area.left - 1);
        expect(box.right).toBeLessThanOrEqual(area.right + 1);
        expect(box.top).toBeGreaterThanOrEqual(area.top - 1);
        expect(box.bottom).toBeLessThanOrEqual(area.bottom + 1);
      }
      written += boxes.length;
    }
    expect(written).toBeGreaterThan(0);
  });

  it('never overlap in a sweep whose every point is noisy', () => {
    const result = syntheticResult({
      mode: 'sweep',
      points: Array.from({ length: 60 }, (_, i) => ({
        series: i % 3 === 0 ? 'warp' : i % 3 === 1 ? 'block' : 'grid',
        label: `point ${i}`,
        x: Math.floor(i / 3) + 1,
        perSyncNs: 10 + (i % 3) * 0.8 + Math.floor(i / 3) * 0.3,
        noisy: true,
        throttled: i % 4 === 0,
      })),
    });
    const xAxis = { key: 'nwarps', label: 'warps per block', log: false };
    const [model] = runFigures(
      { ...result, plan: { ...result.plan, xAxis } },
      { ...FIGURE_OPTIONS, kind: 'line' },
    );
    const { boxes, marks } = writtenLabels(model!.config);
    expect(boxes.length).toBeGreaterThan(3);
    expect(overlaps(boxes)).toEqual([]);
    expect(boxes.filter((box) => marks.some((mark) => boxesOverlap(box, mark)))).toEqual([]);
  });
});
