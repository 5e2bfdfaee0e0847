/**
 * The SVG of a dense bar chart (renderer/figures/dense-bars.ts denseFigureBars, denseFigureXScale): every bar drawn,
 * without the per-bar clip region and border ring that made 36,000 bars 21 MB.
 */
import { describe, expect, it } from 'vitest';

import { drawFigure, figureConfigs } from '../../../electron/cli/figure-image';
import type { ResultFile } from '../../../electron/model/results/schema';
import type { WorkbenchChartConfig } from '../../../renderer/figures/config';
import { denseFigureColumns, FIGURE_COLUMNS } from '../../../renderer/figures/dense-bars';
import { syntheticSweep } from '../../fixtures/synthetic-sweep';

/** A sweep's points as categories: a mode drawn as bars. */
function bars(points: number): ResultFile {
  const sweep = syntheticSweep(points, 1);
  return {
    ...sweep,
    plan: { ...sweep.plan, mode: 'modes' },
    points: sweep.points.map((p) => ({ ...p, x: null })),
  };
}

describe('the SVG of a dense bar chart', () => {
  it('draws each of 2,000 bars as one filled path, with no clip region per bar', () => {
    const svg = drawFigure(figureConfigs([bars(2_000)], { format: 'svg' }), 'svg', {
      width: 960,
      height: 420,
    }).toString();
    const filledBars = svg.match(/<path fill="#[0-9A-F]{6}"[^>]* d="M[^"]*Z"\/>/g) ?? [];
    // Every bar, and the legend's swatch.
    expect(filledBars.length).toBeGreaterThanOrEqual(2_000);
    expect(filledBars.length).toBeLessThan(2_005);
    expect((svg.match(/clip-path=/g) ?? []).length).toBeLessThan(10);
    // 611 bytes a bar with the border ring and clip; about 380 without.
    expect(svg.length / 2_000).toBeLessThan(450);
  }, 60_000);

  it('draws 36,000 categories as at most FIGURE_COLUMNS bars, about 1 MB instead of 13 MB', () => {
    const svg = drawFigure(figureConfigs([bars(36_000)], { format: 'svg' }), 'svg', {
      width: 960,
      height: 420,
    }).toString();
    const filledBars = svg.match(/<path fill="#[0-9A-F]{6}"[^>]* d="M[^"]*Z"\/>/g) ?? [];
    expect(filledBars.length).toBeGreaterThan(FIGURE_COLUMNS / 2);
    expect(filledBars.length).toBeLessThanOrEqual(FIGURE_COLUMNS + 5);
    expect(svg.length).toBeLessThan(2_000_000);
  }, 60_000);
});

describe('denseFigureColumns', () => {
  const datum = (label: string, y: number | null, flagged = false) =>
    y === null
      ? { x: label, y: null, yMin: null, yMax: null }
      : { x: label, y, yMin: y - 1, yMax: y + 1, incorrect: false, noisy: flagged, throttled: false };
  const config = (values: (number | null)[]) =>
    ({
      type: 'barWithErrorBars',
      data: {
        labels: values.map((_, i) => `c${i}`),
        datasets: [{ label: 's', data: values.map((y, i) => datum(`c${i}`, y, i === 4)) }],
      },
      options: {},
    }) as unknown as WorkbenchChartConfig;

  it('keeps a chart of at most `columns` categories as it is', () => {
    const c = config([1, 2, 3]);
    expect(denseFigureColumns(c, 3)).toBe(c);
  });

  it('draws each run of categories as its tallest bar, error bar spanning theirs, flagged if any is', () => {
    const merged = denseFigureColumns(config([1, 5, 2, null, 3, null, null]), 3);
    expect(merged.data.labels).toEqual(['c0', 'c3', 'c6']);
    const data = merged.data.datasets[0]!.data as unknown as Record<string, unknown>[];
    expect(data[0]).toMatchObject({ x: 'c0', y: 5, yMin: 0, yMax: 6, noisy: false });
    expect(data[1]).toMatchObject({ x: 'c3', y: 3, yMin: 2, yMax: 4, noisy: true });
    expect(data[2]).toEqual({ x: 'c6', y: null, yMin: null, yMax: null });
  });
});
