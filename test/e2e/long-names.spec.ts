/**
 * A 200-character name without a space (the longest a name may be: docs/architecture.md#safe-text) is cut with an
 * ellipsis where results are listed (the Results table, the Compare picker), shown in full on hover (title) and in
 * the detail view, and keeps the Results table within a 1280 px window.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

import { expect, test } from '@playwright/test';

import { fixture, openView } from './app';

const NAME = `LongName_${'x'.repeat(182)}_end_0123`;

test('a 200-character name keeps Results and Compare within the window, in full on hover and in the detail', async ({
  page,
}, testInfo) => {
  expect(NAME).toHaveLength(200);
  await page.setViewportSize({ width: 1280, height: 800 });
  const file = testInfo.outputPath('long-name.json');
  const id = randomUUID();
  const result = JSON.parse(readFileSync(fixture.importable.path, 'utf8')) as object;
  writeFileSync(file, JSON.stringify({ ...result, id, name: NAME }));
  await openView(page, 'results');
  await page.locator('#import-file').setInputFiles(file);
  await expect(page.getByTestId('import-message')).toHaveClass(/ok/);

  const table = page.locator('.results-table');
  const row = table.locator(`tr[data-id="${id}"]`);
  await expect(row).toBeVisible();
  const width = await table.evaluate((t) => t.getBoundingClientRect().right);
  expect(width).toBeLessThanOrEqual(1280);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  // Mode, Device and Date stay on screen.
  for (const cell of await row.locator('td').all()) {
    const box = await cell.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1280);
  }
  const name = row.getByRole('button', { name: NAME });
  await expect(name).toHaveAttribute('title', NAME);
  expect(await name.evaluate((b) => b.scrollWidth > b.clientWidth)).toBe(true);
  await expect(name).toHaveCSS('text-overflow', 'ellipsis');
  await page.screenshot({ path: testInfo.outputPath('long-name-results.png') });

  await name.click();
  const title = page.locator('#detail-title');
  await expect(title).toHaveText(NAME);
  expect(await title.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);

  await openView(page, 'compare');
  const pick = page.locator(`.pick[data-id="${id}"]`);
  await expect(pick).toBeVisible();
  const text = pick.locator('.name-text');
  await expect(text).toHaveAttribute('title', NAME);
  const picker = await page.locator('.compare-picker').boundingBox();
  const box = await pick.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual((picker?.x ?? 0) + (picker?.width ?? 0) + 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await page.screenshot({ path: testInfo.outputPath('long-name-compare.png') });
});
