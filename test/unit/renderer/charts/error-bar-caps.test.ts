/**
 * Where the error bars' caps land (chartjs-chart-error-bars drawing the workbench's configurations on a real 2D
 * canvas, @napi-rs/canvas): every cap is centred on the x pixel of its point or bar, at the pixels of p10 and p90,
 * for line and bar charts, also for a point on the plot's edge. The drawing calls are recorded with the canvas's
 * translation applied and cut to the dataset's clip area, so the test checks the segments as they reach the pixels.
 */
import { createCanvas } from '@napi-rs/canvas';
import { Chart, type ChartItem } from 'chart.js';
import { describe, expect, it } from 'vitest';
import { type WorkbenchChartConfig } from '../../../../renderer/figures/config';
import type { WorkbenchChartType } from '../../../../renderer/figures/datasets';
import { isDatum, type ChartEntry } from '../../../../renderer/figures/datum';
import { comparisonFigures, runFigure, staticConfig } from '../../../../renderer/figures/figure';
import { registerCharts } from '../../../../renderer/figures/register';
import { FIGURE_OPTIONS, reference } from './figure-fixtures';

interface Segment {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Draws `config` once, recording every straight segment stroked (moveTo → lineTo), translation applied. */
function drawnSegments(config: WorkbenchChartConfig): {
  chart: Chart<WorkbenchChartType, ChartEntry[], string>;
  segments: Segment[];
} {
  registerCharts();
  const canvas = createCanvas(960, 420);
  const ctx = canvas.getContext('2d');
  const segments: Segment[] = [];
  const offsets: { x: number; y: number }[] = [];
  let offset = { x: 0, y: 0 };
  let at: { x: number; y: number } | null = null;
  const recording = new Proxy(ctx, {
    get(target, key) {
      if (key === 'save') return () => (offsets.push({ ...offset }), target.save());
      if (key === 'restore') return () => ((offset = offsets.pop() ?? { x: 0, y: 0 }), target.restore());
      if (key === 'translate')
        return (x: number, y: number) => (
          (offset = { x: offset.x + x, y: offset.y + y }),
          target.translate(x, y)
        );
      if (key === 'moveTo')
        return (x: number, y: number) => ((at = { x: x + offset.x, y: y + offset.y }), target.moveTo(x, y));
      if (key === 'lineTo')
        return (x: number, y: number) => {
          const to = { x: x + offset.x, y: y + offset.y };
          if (at) segments.push({ x0: at.x, y0: at.y, x1: to.x, y1: to.y });
          at = to;
          target.lineTo(x, y);
        };
      const value = Reflect.get(target, key) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
    set(target, key, value) {
      return Reflect.set(target, key, value);
    },
  });
  const surface = { width: 960, height: 420, getContext: () => recording, style: {} };
  Object.defineProperty(recording, 'canvas', { value: surface });
  const chart = new Chart(surface as unknown as ChartItem, staticConfig(config, 1));
  return { chart, segments };
}

/** The caps of each drawn datum: horizontal segments at its p10 and p90 pixels, and each one's centre. */
function capsOf(config: WorkbenchChartConfig) {
  const { chart, segments } = drawnSegments(config);
  const y = chart.scales.y!;
  const caps: { pointX: number; centres: number[]; widths: number[] }[] = [];
  chart.data.datasets.forEach((dataset, i) => {
    const meta = chart.getDatasetMeta(i);
    (dataset.data as ChartEntry[]).forEach((entry, j) => {
      if (!isDatum(entry) || entry.yMin === entry.yMax) return;
      const element = meta.data[j]!;
      const at = [y.getPixelForValue(entry.yMin), y.getPixelForValue(entry.yMax)];
      // What reaches the canvas: the dataset is clipped to the chart area widened by its `clip`.
      const clip = (meta as unknown as { _clip: { left: number | false; right: number | false } })._clip;
      const left = clip.left === false ? -Infinity : chart.chartArea.left - clip.left;
      const right = clip.right === false ? Infinity : chart.chartArea.right + clip.right;
      const near = segments.filter(
        (s) =>
          Math.abs(s.y0 - s.y1) < 1e-6 &&
          Math.abs(s.x1 - s.x0) > 1e-6 &&
          at.some((py) => Math.abs(s.y0 - py) < 0.5) &&
          Math.min(s.x0, s.x1) <= element.x + 1 &&
          Math.max(s.x0, s.x1) >= element.x - 1 &&
          Math.abs(s.x1 - s.x0) < 60,
      );
      const shown = near.map((s) => [
        Math.max(left, Math.min(s.x0, s.x1)),
        Math.min(right, Math.max(s.x0, s.x1)),
      ]);
      caps.push({
        pointX: element.x,
        centres: shown.map(([a, b]) => (a! + b!) / 2),
        widths: shown.map(([a, b]) => b! - a!),
      });
    });
  });
  chart.destroy();
  return caps;
}

describe('error-bar caps', () => {
  for (const [kind, file] of [
    ['line', 'h200-sweep.json'],
    // Its first point (x = 0) lies on the plot's left edge: its cap must not be cut short there.
    ['line', 'h200-overlap.json'],
    ['bars', 'h200-modes_a.json'],
  ] as const) {
    it(`are centred on the x pixel of their ${kind === 'line' ? 'point' : 'bar'}`, () => {
      const caps = capsOf(runFigure(reference(file), { ...FIGURE_OPTIONS, kind }).config);
      expect(caps.length).toBeGreaterThan(3);
      for (const cap of caps) {
        // Both caps (p10 and p90) of every datum, each centred on the datum's x within a tenth of a pixel.
        expect(cap.centres.length).toBeGreaterThanOrEqual(2);
        for (const centre of cap.centres) expect(Math.abs(centre - cap.pointX)).toBeLessThan(0.1);
        for (const width of cap.widths) expect(width).toBeGreaterThan(2);
      }
    });
  }

  for (const [kind, files] of [
    ['line', ['h200-sweep_a.json', 'h200-sweep_b.json']],
    ['bars', ['h200-modes_a.json', 'h200-modes_b.json']],
    // Grouped bars where most categories hold one run's bar only (the other is a gap).
    ['bars', ['h200-sweep.json', 'h200-modes.json']],
  ] as const) {
    it(`are centred on their ${kind === 'line' ? 'points' : 'bars'} in a comparison of ${files.join(' and ')}`, () => {
      const [figure, ...more] = comparisonFigures(files.map(reference), { ...FIGURE_OPTIONS, kind });
      expect(more).toHaveLength(0);
      const caps = capsOf(figure!.config);
      expect(caps.length).toBeGreaterThan(3);
      for (const cap of caps) {
        expect(cap.centres.length).toBeGreaterThanOrEqual(2);
        for (const centre of cap.centres) expect(Math.abs(centre - cap.pointX)).toBeLessThan(0.1);
      }
    });
  }
});
