import { expect, test } from '@playwright/test';

import { fixture, openView } from './app';

test('the address names the picked run: a reload reopens it, Back returns to the run before and to the list', async ({
  page,
}, testInfo) => {
  await openView(page, 'results');
  const title = page.locator('.result-detail #detail-title');
  const idOf = async (name: string) =>
    (await page
      .locator('.results-table tbody tr', { has: page.getByRole('button', { name, exact: true }) })
      .getAttribute('data-id')) as string;
  const a = await idOf(fixture.modes.name);
  const b = await idOf(fixture.sweep.name);
  expect(a).not.toBe(b);
  const opens = (id: string) => new RegExp(`[?&]open=${encodeURIComponent(id)}(&|$)`);

  await page.getByRole('button', { name: fixture.modes.name, exact: true }).click();
  await expect(title).toHaveText(fixture.modes.name);
  await expect(page).toHaveURL(opens(a));
  await page.getByRole('button', { name: fixture.sweep.name, exact: true }).click();
  await expect(title).toHaveText(fixture.sweep.name);
  await expect(page).toHaveURL(opens(b));

  await page.reload();
  await expect(title).toHaveText(fixture.sweep.name);
  await expect(page).toHaveURL(opens(b));
  await page.screenshot({ path: testInfo.outputPath('results-address-reloaded.png') });

  await page.goBack();
  await expect(page).toHaveURL(opens(a));
  await expect(title).toHaveText(fixture.modes.name);
  await page.goBack();
  await expect(page).not.toHaveURL(/[?&]open=/);
  await expect(page.locator('.result-detail')).toHaveCount(0);
});
