/**
 * The Profile view in headless Chromium on a profile built from the committed ncu exports of the H200
 * (test/e2e/seed-views.ts): every kernel with its shape, stall shares, sync counts and priced lower bound with the
 * cost's source labelled, the load-imbalance caveat, the export, and the wizard opened with the answers prefilled.
 */
import { readFile } from 'node:fs/promises';

import { expect, test, type Download } from '@playwright/test';

import { fixture, openView } from './app';

const PROFILE = fixture.profile;

test('shows every kernel of the profile, its stalls, counts and priced lower bound, with the caveat', async ({
  page,
}) => {
  await openView(page, 'profile');
  await expect(page.getByTestId('profile-list').locator(`[data-profile-id="${PROFILE.id}"]`)).toBeVisible();
  const detail = page.locator(`[data-profile="${PROFILE.id}"]`);
  await expect(detail.locator('.profile-kernel')).toHaveCount(PROFILE.kernels.length);
  await expect(page.getByTestId('stall-caveat')).toContainText(
    'stalls include the load imbalance before the barrier',
  );
  const syncthreads = detail.locator('[data-kernel="reduce_syncthreads"]');
  await expect(syncthreads.getByTestId('stall-barrier')).toContainText('32.7 %');
  await expect(detail.locator('[data-kernel="reduce_shuffle"]').getByTestId('stall-barrier')).toContainText(
    '28.3 %',
  );
  const price = syncthreads.getByTestId('price-blockBarrier');
  await expect(price).toContainText('reference dataset');
  await expect(price.locator('[data-source-kind="reference"]')).toBeVisible();
  await expect(syncthreads.getByTestId('lower-bound-total')).toContainText('at least');
  await expect(syncthreads.getByTestId('top-line').first()).toBeVisible();
});

test('exports the profile as CSV through the host', async ({ page }) => {
  await openView(page, 'profile');
  const [download] = (await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('profile-export-csv').click(),
  ])) as [Download, void];
  expect(download.suggestedFilename()).toBe(`${PROFILE.id}.profile.csv`);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.split('\n')[0]).toMatch(/^kernel,launches,grid,block,cluster,cooperative,medianDurationNs/);
  expect(csv).toContain('reduce_shuffle');
});

test('opens "Which barrier?" with the answers the profile knows', async ({ page }) => {
  await openView(page, 'profile');
  await page.locator('[data-kernel="reduce_syncthreads"]').getByTestId('open-wizard').click();
  await expect(page).toHaveURL(/#\/wizard\?.*where=same-block/);
  // The prefilled answers are listed as answered; the wizard has moved past them to a question of its own.
  const where = page.locator('.answers-so-far li[data-question="where"]');
  await expect(where).toBeVisible();
  await expect(where.locator('.jump')).not.toHaveAttribute('aria-current', 'step');
  await expect(page.locator('.answers-so-far li[data-question="current"]')).toBeVisible();
});
