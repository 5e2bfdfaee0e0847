import { open, rm } from 'node:fs/promises';

import { expect, test } from '@playwright/test';

import { fixture, openView } from './app';

test('an imported run is kept on disk: after a reload it is still listed, renamed, with the earlier runs', async ({
  page,
}, testInfo) => {
  await openView(page, 'results');
  await page.locator('#import-file').setInputFiles(fixture.importable.path);
  // The host says what it did: added, or (another test imported it first) already in the library.
  await expect(page.getByTestId('import-message')).toHaveText(
    /^synthetic-import\.json: (imported as|already in the library as) "SYNTHETIC imported run/,
  );
  await page.getByRole('button', { name: fixture.importable.name }).click();
  const renamed = `${fixture.importable.name}, renamed`;
  await page.locator('#rename-input').fill(renamed);
  await page.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('button', { name: renamed })).toBeVisible();

  await page.reload();
  for (const name of [renamed, fixture.sweep.name, fixture.modes.name]) {
    await expect(page.getByRole('button', { name })).toBeVisible();
  }
  await page.locator('#results-search').fill('renamed');
  await expect(page.locator('.results-table tbody tr')).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('results-after-reload.png') });
});

test("a malformed file is refused with the host's message, and nothing is added", async ({
  page,
}, testInfo) => {
  await openView(page, 'results');
  const rows = page.locator('.results-table tbody tr');
  await expect(rows).not.toHaveCount(0);
  const before = await rows.count();
  await page.locator('#import-file').setInputFiles(fixture.malformed);
  const message = page.getByTestId('import-message');
  await expect(message).toHaveClass(/error/);
  await expect(message).toContainText(/units/);
  await page.screenshot({ path: testInfo.outputPath('results-import-refused.png') });
  await expect(rows).toHaveCount(before);
});

test('a deleted run comes back with Undo', async ({ page }) => {
  await openView(page, 'results');
  await page.getByRole('button', { name: fixture.modes.name }).click();
  await expect(page.locator('.result-detail .live-chart')).toHaveAttribute('data-points', /[1-9]/);
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator('.undo')).toContainText(fixture.modes.name);
  await expect(page.getByRole('button', { name: fixture.modes.name })).toHaveCount(0);
  await page.locator('.undo').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('button', { name: fixture.modes.name })).toBeVisible();
});

test('a file over 64 MiB is refused with the host’s message before it is sent; the connection stays up', async ({
  page,
}, testInfo) => {
  // 80 MiB: its base64 would not fit one WebSocket frame of the browser shell (the socket closed with 1009)
  const size = 80 * 1024 * 1024;
  const big = testInfo.outputPath('too-big.json');
  const handle = await open(big, 'w');
  await handle.truncate(size);
  await handle.close();
  try {
    await openView(page, 'results');
    const rows = page.locator('.results-table tbody tr');
    await expect(rows).not.toHaveCount(0);
    const before = await rows.count();
    await page.locator('#import-file').setInputFiles(big);
    const message = page.getByTestId('import-message');
    await expect(message).toHaveText(
      `too-big.json: the file is 80.0 MiB (${size} bytes); result files are limited to 64.0 MiB (67108864 bytes).`,
    );
    await expect(message).toHaveClass(/error/);
    await expect(rows).toHaveCount(before);
    // still connected: the next import goes through (an earlier test may have imported it already: same id)
    await page.locator('#import-file').setInputFiles(fixture.importable.path);
    await expect(message).toHaveText(/^synthetic-import\.json: (imported as|already in the library as) /);
    await expect(message).not.toHaveClass(/error/);
  } finally {
    await rm(big, { force: true });
  }
});

test('a shipped H200 result is labelled a reference dataset (not this GPU) and is read-only', async ({
  page,
}, testInfo) => {
  await openView(page, 'results');
  await page.getByRole('button', { name: 'fences on NVIDIA H200', exact: true }).click();
  const detail = page.locator('.result-detail');
  await expect(detail.getByTestId('reference-banner')).toHaveText(
    /^Reference dataset: measured by Sync Workbench on NVIDIA H200 on [A-Z][a-z]{2} \d{1,2}, \d{4}, shipped with the app — not this GPU\.$/,
  );
  await expect(detail.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await expect(detail.getByRole('button', { name: 'Rename' })).toBeDisabled();
  await expect(detail.getByTestId('read-only')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('reference-detail.png') });
});
