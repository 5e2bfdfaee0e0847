/**
 * The Fleet view in headless Chromium with SYNTHETIC fleets (test/e2e/seed-views.ts; synthetic in their provenance,
 * never measurements): 512 GPUs drawn, the injected outlier marked in the figure and named in the list, the filters
 * (node, driver, model), the synthetic warning, the PNG export, the SVG export carrying the outlier's name and the
 * synthetic footer, and from a fleet
 * folder a GPU opening its result in Results. Timing is bench/fleet-view.ts's job, not a test's.
 */
import { readFile } from 'node:fs/promises';

import { expect, test, type Download, type Page } from '@playwright/test';

import { fixture, openView } from './app';

const FLEET = fixture.fleet;

async function openFleetFile(page: Page): Promise<void> {
  await openView(page, 'fleet');
  await page.getByTestId('fleet-file').setInputFiles(FLEET.file);
  await expect(page.getByTestId('fleet-chart')).toHaveAttribute('data-drawn', 'yes');
}

test('512 synthetic GPUs: drawn, the injected outlier marked and named, the data said to be synthetic', async ({
  page,
}) => {
  await openFleetFile(page);
  const chart = page.getByTestId('fleet-chart');
  await expect(chart).toHaveAttribute('data-gpus', String(FLEET.gpus));
  await expect(chart).toHaveAttribute('data-groups', '64');
  await expect(chart).toHaveAttribute('data-outliers', '1');
  await expect(page.getByTestId('fleet-synthetic')).toContainText('Synthetic data');
  // Counts through vue-i18n's plural forms: "512 GPUs on 64 nodes" (and "1 GPU on 1 node" for one).
  await expect(page.getByTestId('fleet-opened')).toContainText(
    new RegExp(`: \\d+ runs of ${FLEET.gpus} GPUs on \\d+ nodes, merged `),
  );
  const named = page.getByTestId('fleet-outliers').locator('li');
  await expect(named).toHaveCount(1);
  await expect(named.first()).toHaveAttribute('data-gpu', FLEET.outlier);
  await expect(named.first()).toContainText(`${FLEET.outlier} on synthetic-node-17`);
  // injected at ×1.4 on samples with synthetic noise: about +40 % from its model's median
  await expect(named.first()).toContainText(/\+(3[5-9]|4[0-5])\.\d %/);
  // Choosing it shows where it ran.
  await named.first().getByRole('button').click();
  await expect(page.getByTestId('fleet-gpu')).toHaveAttribute('data-gpu', FLEET.outlier);
  await expect(page.getByTestId('fleet-gpu')).toContainText('Its result file is not at hand');
});

test('filters by node, driver and model; another node has no outlier', async ({ page }) => {
  await openFleetFile(page);
  await page.getByTestId('fleet-filter-node').selectOption('synthetic-node-03');
  const chart = page.getByTestId('fleet-chart');
  await expect(chart).toHaveAttribute('data-gpus', '8');
  await expect(chart).toHaveAttribute('data-outliers', '0');
  await expect(page.getByTestId('fleet-outliers')).toContainText('No outlier at this point.');
  await page.getByTestId('fleet-filter-node').selectOption('synthetic-node-17');
  await expect(chart).toHaveAttribute('data-outliers', '1');
  await page.getByTestId('fleet-filter-node').selectOption('');
  await page.getByTestId('fleet-filter-driver').selectOption('synthetic-1');
  await expect(chart).toHaveAttribute('data-gpus', String(FLEET.gpus));
  await page.getByTestId('fleet-filter-driver').selectOption('');
  await page.getByTestId('fleet-filter-model').selectOption({ index: 1 }); // the fleet's one model
  await expect(chart).toHaveAttribute('data-gpus', String(FLEET.gpus));
  await page.getByTestId('fleet-plot').selectOption('box');
  await expect(chart).toHaveAttribute('data-outliers', '1');
});

test('the PNG export is a PNG image of the figure', async ({ page }) => {
  await openFleetFile(page);
  const [download] = (await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export PNG' }).click(),
  ])) as [Download, void];
  const png = await readFile(await download.path());
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  // IHDR: width and height, big-endian, after the signature, the chunk length and its type.
  expect(png.readUInt32BE(16)).toBeGreaterThan(400);
  expect(png.readUInt32BE(20)).toBeGreaterThan(200);
});

test('the SVG export names the outlier and says the fleet is synthetic', async ({ page }) => {
  await openFleetFile(page);
  const [download] = (await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export SVG' }).click(),
  ])) as [Download, void];
  const svg = await readFile(await download.path(), 'utf8');
  expect(svg).toContain(FLEET.outlier);
  expect(svg).toContain('SYNTHETIC fleet data');
});

test('a fleet folder: a GPU opens its result in Results; a file that is no fleet is refused by field', async ({
  page,
}) => {
  await openView(page, 'fleet');
  await page.getByTestId('fleet-folder').setInputFiles(FLEET.folder);
  const named = page.getByTestId('fleet-outliers').locator('li');
  await expect(named.first()).toHaveAttribute('data-gpu', FLEET.folderOutlier);
  await named.first().getByRole('button').click();
  await page.getByTestId('open-gpu-result').click();
  await expect(page).toHaveURL(/#\/results\?open=/);
  await expect(page.locator('.result-detail')).toBeVisible();

  await openView(page, 'fleet');
  await page.getByTestId('fleet-file').setInputFiles(fixture.importable.path);
  await expect(page.getByTestId('fleet-error')).toContainText('is not a fleet file: format');
});
