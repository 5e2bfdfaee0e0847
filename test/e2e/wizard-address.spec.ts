/**
 * The wizard keeps its place: the answers live in the address (browser Back returns to the previous question, a
 * reload keeps every answer, a copied link opens the recommendation), and it offers no contradictory answers.
 */
import { expect, test, type Page } from '@playwright/test';

import { fixture, openView } from './app';

/** Ticks `label` on the question on screen and presses Forward. */
async function answer(page: Page, label: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).check();
  await page.getByRole('button', { name: 'Forward' }).click();
}

const onScreen = (page: Page) => page.locator('fieldset.question-step');

test('Back, a reload and a copied link restore the wizard', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(fixture.url).origin,
  });
  await openView(page, 'wizard');
  await answer(page, 'Other warps of the same thread block');
  await answer(page, '__syncthreads() or block.sync()');
  await expect(onScreen(page)).toHaveAttribute('data-question', 'storage');
  await expect(page).toHaveURL(/where=same-block/);

  // Browser Back: the previous question, its answer kept.
  await page.goBack();
  await expect(onScreen(page)).toHaveAttribute('data-question', 'current');
  await expect(page.getByLabel('__syncthreads() or block.sync()', { exact: true })).toBeChecked();
  await page.goForward();
  await expect(onScreen(page)).toHaveAttribute('data-question', 'storage');

  // A reload keeps every answer and the question on screen.
  await page.reload();
  await expect(onScreen(page)).toHaveAttribute('data-question', 'storage');
  await expect(page.getByTestId('question-position')).toContainText('2 answered');

  // To the recommendation, then "Copy link": the link opens it in a new page.
  await answer(page, 'Shared memory of the block');
  await answer(
    page,
    'Every warp finishes writing before any warp reads (a tile in shared memory, a phase boundary)',
  );
  await answer(page, 'Yes, unconditionally');
  await answer(page, 'A correct ordering edge');
  await expect(page.locator('.advice-summary')).toBeVisible();
  await page.getByTestId('copy-link').click();
  await expect(page.getByTestId('link-copied')).toContainText('Link copied');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/#\/wizard\?.*at=summary/);
  const recommendation = await page.locator('.advice-summary h3').first().textContent();

  const other = await context.newPage();
  await other.goto(link);
  await expect(other.locator('.advice-summary')).toBeVisible();
  await expect(other.locator('.advice-summary h3').first()).toHaveText(recommendation ?? '');
  await other.close();
});

test('contradictory answers are not offered: no host call for warps of one block, "Nothing" alone', async ({
  page,
}) => {
  await openView(page, 'wizard');
  await answer(page, 'Other warps of the same thread block');
  await expect(onScreen(page)).toHaveAttribute('data-question', 'current');
  await expect(page.getByLabel('cudaDeviceSynchronize()', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('cudaStreamSynchronize()', { exact: true })).toHaveCount(0);
  await page.getByLabel('__syncthreads() or block.sync()', { exact: true }).check();
  await page.getByLabel('Nothing: the consumer reads without any synchronization', { exact: true }).check();
  await expect(page.getByLabel('__syncthreads() or block.sync()', { exact: true })).not.toBeChecked();
  await page.getByLabel('__syncthreads() or block.sync()', { exact: true }).check();
  await expect(
    page.getByLabel('Nothing: the consumer reads without any synchronization', { exact: true }),
  ).not.toBeChecked();
  await page.getByRole('button', { name: 'Forward' }).click();
  // Work in another stream: no registers or shared memory to keep the value in.
  await page.goto(`${fixture.url}#/wizard?where=other-stream&current=stream-wait-event&at=storage`);
  await expect(onScreen(page)).toHaveAttribute('data-question', 'storage');
  await expect(page.getByLabel('Registers', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Shared memory of the block', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Global (device) memory', { exact: true })).toBeVisible();
});
