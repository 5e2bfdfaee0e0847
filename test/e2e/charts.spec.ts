/**
 * Charts in real Chromium: where Chart.js starts a log y axis, and the note on the points a log axis cannot draw.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test, type Page } from '@playwright/test';

import type { ResultFile } from '../../electron/model/results/schema';
import { openView } from './app';

const reference = (name: string) =>
  JSON.parse(
    readFileSync(path.join(import.meta.dirname, '..', '..', 'resources', 'reference', name), 'utf8'),
  ) as ResultFile;

/** Chooses the display settings in the header. */
async function display(page: Page, units: 'ns' | 'cycles', axis: 'linear' | 'log'): Promise<void> {
  await page.locator('#set-units').selectOption(units);
  await page.locator('#set-axis').selectOption(axis);
}

/** Opens a saved run in the Results view and waits for its chart. */
async function openResult(page: Page, name: string): Promise<void> {
  await openView(page, 'results');
  await page.getByRole('button', { name, exact: true }).click();
  await expect(page.locator('.result-detail .live-chart')).toHaveAttribute('data-points', /[1-9]/);
}

test('log y axis: the H200 fences in cycles start at or below their smallest value; those below one cycle are named', async ({
  page,
}, testInfo) => {
  const fences = reference('h200-fences.json');
  const stats = fences.points.map((p) => p.perSyncCycles!);
  const measured = stats.filter((s) => s.median >= 1);
  const lowest = Math.min(1, ...measured.flatMap((s) => [s.median, s.p10!]).filter((v) => v > 0));

  await openView(page, 'results');
  await display(page, 'cycles', 'log');
  await openResult(page, fences.name);
  const figure = page.locator('.result-detail .live-chart');
  // Values below one SM cycle (the timer's resolution) are drawn up to it, not dropped or negative.
  await expect(figure).toHaveAttribute('data-points', String(stats.length));
  const start = Number(await figure.getAttribute('data-y-start'));
  expect(start).toBeGreaterThan(0);
  expect(start).toBeLessThanOrEqual(lowest);
  await expect(figure.getByTestId('log-axis-note')).toHaveCount(0);
  await expect(figure.getByTestId('resolution-note')).toHaveText(
    `${stats.length - measured.length} values lie below the timer resolution (one SM cycle, 1 cycle): drawn up to it, not as measured values.`,
  );
  await page.screenshot({ path: testInfo.outputPath('fences-log-cycles.png'), fullPage: true });

  await display(page, 'cycles', 'linear');
  await expect(figure).toHaveAttribute('data-points', String(stats.length));
  await expect(figure).toHaveAttribute('data-y-start', '0');
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
