import { existsSync } from 'node:fs';

import { expect, test } from '@playwright/test';

import { fixture, openView } from './app';

test('files the library could not read are listed with their reason, and Move to trash removes each', async ({
  page,
}, testInfo) => {
  await openView(page, 'results');
  const section = page.locator('section.unreadable');
  await expect(section.locator('h3')).toHaveText(/Could not be read \(2\)/);
  const { corrupt, oversize } = fixture.unreadable;
  const corruptRow = section.locator(`li[data-file="${corrupt}"]`);
  const oversizeRow = section.locator(`li[data-file="${oversize}"]`);
  // The reason names the file and what is wrong: malformed JSON with its position, a size over the limit.
  await expect(corruptRow.locator('.reason')).toContainText('planted-corrupt.json');
  await expect(corruptRow.locator('.reason')).toContainText(/JSON/);
  await expect(oversizeRow.locator('.reason')).toContainText('planted-oversize.json');
  await expect(oversizeRow.locator('.reason')).toContainText(/the file is 65.0 MiB .*limited to 64.0 MiB/);
  await page.screenshot({ path: testInfo.outputPath('results-unreadable.png') });

  await corruptRow.getByRole('button', { name: 'Move to trash' }).click();
  await expect(corruptRow).toHaveCount(0);
  await expect(section.locator('h3')).toHaveText(/Could not be read \(1\)/);
  expect(existsSync(corrupt)).toBe(false);
  await oversizeRow.getByRole('button', { name: 'Move to trash' }).click();
  await expect(section).toHaveCount(0);
  expect(existsSync(oversize)).toBe(false);

  // Gone for the host too, not only from the page: a reload lists neither.
  await page.reload();
  await expect(page.locator('.results-table tbody tr')).not.toHaveCount(0);
  await expect(page.locator('section.unreadable')).toHaveCount(0);
});
