/**
 * Charts in real Chromium: where Chart.js starts a log y axis, and the note on the points a log axis cannot draw.
 */
import { expect, test, type Page } from '@playwright/test';

import { chooseFacets } from '../../renderer/figures/facets';
import { openView, reference } from './app';

/** Chooses the display settings in the header. */
async function display(page: Page, units: 'ns' | 'cycles', axis: 'linear' | 'log'): Promise<void> {
  await page.locator('#set-units').selectOption(units);
  await page.locator('#set-axis').selectOption(axis);
}

/** Opens a saved run in the Results view and waits for its chart. */
async function openResult(page: Page, name: string): Promise<void> {
  await openView(page, 'results');
  await page.getByRole('button', { name, exact: true }).click();
  await expect(page.locator('.result-detail .live-chart').first()).toHaveAttribute('data-points', /[1-9]/);
}

test('log y axis: the H200 fences in cycles start at or below their smallest value; those below one cycle are named', async ({
  page,
}, testInfo) => {
  const fences = reference('h200-fences.json');
  // 24 series: one plot per facet of at most 8 (docs/figures.md#many-series), each its own y axis.
  const facets = chooseFacets([...new Set(fences.points.map((p) => p.series))]);
  const facetStats = facets.map((f) =>
    fences.points.filter((p) => f.series.includes(p.series)).map((p) => p.perSyncCycles!),
  );

  await openView(page, 'results');
  await display(page, 'cycles', 'log');
  await openResult(page, fences.name);
  const figures = page.locator('.result-detail .live-chart');
  await expect(figures).toHaveCount(facets.length);
  for (const [i, stats] of facetStats.entries()) {
    const figure = figures.nth(i);
    const measured = stats.filter((s) => s.median >= 1);
    const below = stats.length - measured.length;
    // A value below one cycle is drawn at one cycle, so the axis then starts at or below 1.
    const lowest = Math.min(
      ...(below > 0 ? [1] : []),
      ...measured.flatMap((s) => [s.median, s.p10!]).filter((v) => v > 0),
    );
    // Values below one SM cycle (the timer's resolution) are drawn up to it, not dropped or negative.
    await expect(figure).toHaveAttribute('data-points', String(stats.length));
    const start = Number(await figure.getAttribute('data-y-start'));
    expect(start).toBeGreaterThan(0);
    expect(start).toBeLessThanOrEqual(lowest);
    await expect(figure.getByTestId('log-axis-note')).toHaveCount(0);
    const note = figure.getByTestId('resolution-note');
    if (below === 0) await expect(note).toHaveCount(0);
    else if (below === 1) {
      await expect(note).toHaveText(
        '1 value lies below the timer resolution (one SM cycle, 1 cycle): drawn up to it, not as a measured value.',
      );
    } else {
      await expect(note).toHaveText(
        `${below} values lie below the timer resolution (one SM cycle, 1 cycle): drawn up to it, not as measured values.`,
      );
    }
  }
  await page.screenshot({ path: testInfo.outputPath('fences-log-cycles.png'), fullPage: true });

  await display(page, 'cycles', 'linear');
  for (const [i, stats] of facetStats.entries()) {
    await expect(figures.nth(i)).toHaveAttribute('data-points', String(stats.length));
    await expect(figures.nth(i)).toHaveAttribute('data-y-start', '0');
  }
});

test('log y axis: the sweep keeps its warp series, its values below the resolution drawn at it', async ({
  page,
}, testInfo) => {
  const sweep = reference('h200-sweep.json');
  const warp = sweep.points.filter((p) => p.series === 'warp');
  const below = warp.filter((p) => p.perSyncCycles!.median < 1);
  await openView(page, 'results');
  await display(page, 'ns', 'log');
  await openResult(page, sweep.name);
  const figure = page.locator('.result-detail .live-chart');
  await expect(figure).toHaveAttribute('data-series', '2');
  await expect(figure).toHaveAttribute('data-points', String(sweep.points.length));
  const start = Number(await figure.getAttribute('data-y-start'));
  const lowest = Math.min(
    ...warp.map((p) => (p.perSyncCycles!.median < 1 ? 1000 / p.clock.conversionMHz! : p.perSyncNs!.median)),
  );
  expect(start).toBeLessThanOrEqual(lowest);
  if (below.length > 0) {
    await expect(figure.getByTestId('resolution-note')).toContainText(`${below.length} values lie below`);
  } else {
    await expect(figure.getByTestId('resolution-note')).toHaveCount(0);
  }
  await page.screenshot({ path: testInfo.outputPath('sweep-log-ns.png'), fullPage: true });
});
