/**
 * The start page: the app opens on it, says in one sentence what it can do here and offers the next steps, each one
 * click away; without a GPU the reason is shown in full (wrapped, never cut, at 1920 and at 480 px).
 */
import { expect, test, type Page } from '@playwright/test';

import { fixture } from './app';

async function openStart(page: Page): Promise<void> {
  await page.goto(fixture.url);
  await expect(page).toHaveURL(/#\/start$/);
  await expect(page.getByTestId('start-summary')).toBeVisible();
}

test('the app opens on the start page, which says what it can do here', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openStart(page);
  await expect(page.getByTestId('step-reference').getByRole('link').first()).toBeVisible();
  if (fixture.gpuAvailable) {
    await expect(page.getByTestId('start-first-run')).toContainText('Run the modes table on');
    await page.getByTestId('start-first-run').click();
    await expect(page).toHaveURL(/#\/run\?mode=modes$/);
    await expect(page.locator('#mode-select')).toHaveValue('modes');
  } else {
    await expect(page.getByTestId('start-summary')).toContainText('Nothing can be measured on this machine');
    const reason = page.locator('[data-testid="no-gpu"] .reason');
    await expect(reason).toBeVisible();
    // Never cut: the reason's box holds all of its text (no ellipsis, no hidden overflow).
    const cut = await reason.evaluate(
      (el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight,
    );
    expect(cut).toBe(false);
    // A narrow window: the reason wraps inside it.
    await page.screenshot({ path: testInfo.outputPath('start-1920.png'), fullPage: true });
    await page.setViewportSize({ width: 480, height: 800 });
    const box = await reason.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(480);
    const view = page.locator('.start-view');
    expect(await view.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  await page.screenshot({ path: testInfo.outputPath('start.png'), fullPage: true });
});

test('each next step is one click away', async ({ page }) => {
  await openStart(page);
  const references = page.getByTestId('step-reference').getByRole('link');
  expect(await references.count()).toBeGreaterThanOrEqual(4);
  for (const gpu of ['H200', 'RTX 5090', 'A100', 'RTX 4090']) {
    await expect(page.getByTestId('step-reference')).toContainText(gpu);
  }

  await references.first().click();
  await expect(page).toHaveURL(/#\/results\?open=/);
  await expect(page.locator('.result-detail')).toBeVisible();

  await openStart(page);
  await page.getByTestId('step-replay').getByRole('button').click();
  await expect(page).toHaveURL(/#\/run$/);
  await expect(page.locator('.replay-banner')).toBeVisible();
  await expect(page.locator('.run-progress')).toBeVisible();

  await openStart(page);
  await page.getByTestId('step-wizard').getByRole('link').click();
  await expect(page).toHaveURL(/#\/wizard/);
  await expect(page.locator('.question-step').first()).toBeVisible();

  await openStart(page);
  await page.getByTestId('step-compare').getByRole('link').click();
  await expect(page).toHaveURL(/#\/compare\?ids=[^,]+,[^,]+$/);
  await expect(page.locator('.compare-chart')).toBeVisible();
});

test('at 1920 the two cards fill the width and no next-step link wraps', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openStart(page);
  const links = page.locator('.next-steps a, .next-steps button');
  // The library has loaded: the reference links and the pair to compare are there.
  await expect(page.getByTestId('step-reference').getByRole('link').first()).toBeVisible();
  await expect(page.getByTestId('step-compare').getByRole('link')).toHaveAttribute('href', /ids=/);
  expect(await links.count()).toBeGreaterThanOrEqual(6);
  // One line each: an inline link laid out on two lines has two boxes with different tops.
  for (const link of await links.all()) {
    const lines = await link.evaluate(
      (el) => new Set([...el.getClientRects()].map((r) => Math.round(r.top))).size,
    );
    expect(lines, (await link.textContent())!.trim()).toBe(1);
  }
  // The cards under the intro share its width (no empty third of the row).
  const intro = (await page.locator('.start-view .intro').boundingBox())!;
  const cards = page.locator('.start-view > :not(.intro)');
  let used = 0;
  for (const card of await cards.all()) used += (await card.boundingBox())!.width;
  expect(used).toBeGreaterThan(intro.width * 0.95);
  await page.screenshot({ path: testInfo.outputPath('start-1920-balanced.png') });
});
