/**
 * A zoom on the Run view's live chart holds while the run streams (docs/figures.md#zoom-and-read-out): batches that
 * arrive after Zoom in leave the axes where the user put them (data-axes: the ranges as drawn), and only Reset zoom
 * brings back the full view, with every point then drawn. The run is a replay of the seeded sweep (no GPU needed).
 */
import { expect, test } from '@playwright/test';

import { chartPoints, fixture, replaySweep, watchablePace } from './app';

interface Axes {
  x: { min: number; max: number; log: boolean };
  y: { min: number; max: number; log: boolean };
}

test('Run: a zoom on the streaming chart stays while points arrive, until Reset zoom', async ({
  page,
}, testInfo) => {
  await replaySweep(page, watchablePace);
  const figure = page.locator('.run-output .live-chart');
  await expect.poll(() => chartPoints(page)).toBeGreaterThan(0);
  await expect(figure).toHaveAttribute('data-axes', /area/);
  const axes = async () => JSON.parse((await figure.getAttribute('data-axes'))!) as Axes;

  await figure.getByRole('button', { name: 'Zoom in' }).click();
  await expect(figure).toHaveAttribute('data-zoomed', 'true');
  const atZoom = await chartPoints(page);
  expect(atZoom).toBeLessThan(fixture.sweep.points);
  const zoomed = await axes();
  // Zoom in centres on a point, so the zoomed view is never an empty gap between the block and warp series.
  await expect(figure.getByTestId('chart-empty-view')).toHaveCount(0);

  // More batches arrive and are drawn: the axes stay as zoomed.
  await expect.poll(() => chartPoints(page), { timeout: 45_000 }).toBeGreaterThan(atZoom);
  await page.waitForTimeout(300);
  const later = await axes();
  expect(later.y).toEqual(zoomed.y);
  expect(later.x).toEqual(zoomed.x);
  await expect(figure).toHaveAttribute('data-zoomed', 'true');
  await expect(figure.getByTestId('chart-empty-view')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('run-zoomed-while-streaming.png') });

  await expect(page.locator('.run-progress .phase')).toHaveText('REPLAY · Finished', { timeout: 45_000 });
  expect((await axes()).y).toEqual(zoomed.y);
  await figure.getByRole('button', { name: 'Reset zoom' }).click();
  await expect(figure).toHaveAttribute('data-zoomed', 'false');
  const full = await axes();
  expect(full.y.max - full.y.min).toBeGreaterThan(zoomed.y.max - zoomed.y.min);
  expect(full.x.max - full.x.min).toBeGreaterThan(zoomed.x.max - zoomed.x.min);
  expect(await chartPoints(page)).toBe(fixture.sweep.points);
});
