/**
 * The SVG of a dense bar chart (renderer/figures/dense-bars.ts denseFigureBars, denseFigureXScale): every bar drawn,
 * without the per-bar clip region and border ring that made 36,000 bars 21 MB.
 */
import { describe, expect, it } from 'vitest';

import { drawFigure, figureConfig } from '../../../electron/cli/figure-image';
import type { ResultFile } from '../../../electron/model/results/schema';
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
    const svg = drawFigure(figureConfig([bars(2_000)], { format: 'svg' }), 'svg', {
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
});
