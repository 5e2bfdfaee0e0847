import { expect, test } from '@playwright/test';

import { fixture, openView } from './app';

test('an imported run is kept on disk: after a reload it is still listed, renamed, with the earlier runs', async ({
  page,
}, testInfo) => {
  await openView(page, 'results');
  await page.locator('#import-file').setInputFiles(fixture.importable.path);
  await expect(page.getByTestId('import-message')).toHaveText('Imported synthetic-import.json.');
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
