/**
 * The browser shell's token leaves the address bar after the first load (and the history), a reload still gets in
 * (the server's cookie), and each view sets the page title in the UI's language.
 */
import { expect, test } from '@playwright/test';

import { fixture, openView } from './app';

test('the token leaves the address after the first load; a reload keeps working', async ({ page }) => {
  await openView(page, 'results');
  await expect(page).toHaveURL(/^[^?#]*\/#\/results$/);
  expect(page.url()).not.toContain('token');
  expect(await page.evaluate(() => history.length)).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: fixture.sweep.name })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('views-nav')).toBeVisible();
  // The API answers after the reload: the library lists the fixture's results.
  await expect(page.getByRole('button', { name: fixture.sweep.name })).toBeVisible();
  expect(page.url()).not.toContain('token');
});

test('each view sets the page title, in the UI language', async ({ page }) => {
  await openView(page, 'start');
  await expect(page).toHaveTitle('Start · Sync Workbench');
  for (const [view, name] of [
    ['device', 'Device'],
    ['run', 'Run'],
    ['results', 'Results'],
    ['wizard', 'Which barrier?'],
    ['lab', 'Lab'],
    ['compare', 'Compare'],
    ['methods', 'Methods'],
  ] as const) {
    await page.getByTestId('views-nav').getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#/${view}`));
    await expect(page).toHaveTitle(`${name} · Sync Workbench`);
  }
  await page.locator('#set-locale').selectOption('zh-CN');
  await expect(page).toHaveTitle('方法 · Sync Workbench');
});
