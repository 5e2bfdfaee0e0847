/**
 * Layout at 1280×800 and 1920×1080: no view scrolls the page sideways, in English with the light
 * theme and in Simplified Chinese with the dark one (its words wrap differently); wide tables scroll inside their
 * box; a result opened in Results comes into view; dates stay on one line. Every view's screenshot lands in
 * test-results/ to be looked at.
 */
import { expect, test, type Page } from '@playwright/test';

import { fixture, openView } from './app';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;
const LOOKS = [
  { locale: 'en', theme: 'light' },
  { locale: 'zh-CN', theme: 'dark' },
] as const;

/** How far the page reaches past the window sideways (0: no horizontal scroll). */
async function overflowX(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The views, each brought into the state that makes it widest. */
const VIEWS: { name: string; open: (page: Page) => Promise<void> }[] = [
  { name: 'device', open: (page) => openView(page, 'device') },
  {
    name: 'run',
    open: async (page) => {
      await openView(page, 'results');
      await page.getByRole('button', { name: fixture.sweep.name }).click();
      await page.locator('#replay-speed').selectOption('0');
      await page.locator('[data-testid="replay-button"]').click();
      await expect(page.locator('.run-progress.finished')).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('.run-output table').first()).toBeVisible();
    },
  },
  {
    name: 'results',
    open: async (page) => {
      await openView(page, 'results');
      await page.getByRole('button', { name: fixture.sweep.name }).click();
      await expect(page.locator('.result-detail .live-chart')).toHaveAttribute('data-points', /[1-9]/);
    },
  },
  { name: 'wizard', open: (page) => openView(page, 'wizard') },
  { name: 'lab', open: (page) => openView(page, 'lab') },
  {
    name: 'compare',
    open: async (page) => {
      await openView(page, `compare?ids=${fixture.sweep.id},${fixture.modes.id}`);
      await expect(page.locator('.compare-chart')).toBeVisible();
    },
  },
  { name: 'methods', open: (page) => openView(page, 'methods') },
];

for (const size of SIZES) {
  for (const look of LOOKS) {
    test(`no view scrolls sideways at ${size.width}×${size.height} (${look.locale}, ${look.theme})`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(180_000);
      await page.setViewportSize(size);
      await openView(page, 'device');
      await page.locator('#set-locale').selectOption(look.locale);
      await page.locator('#set-theme').selectOption(look.theme);
      const wide: string[] = [];
      for (const view of VIEWS) {
        await view.open(page);
        await page.waitForTimeout(200);
        const over = await overflowX(page);
        if (over > 0) wide.push(`${view.name}: ${over}px`);
        await page.screenshot({
          path: testInfo.outputPath(`${view.name}-${size.width}-${look.locale}-${look.theme}.png`),
          fullPage: true,
        });
      }
      expect(wide, 'views wider than the window').toEqual([]);
      await page.locator('#set-locale').selectOption('en');
      await page.locator('#set-theme').selectOption('light');
    });
  }
}

test('a result opened in Results comes into view, and dates stay on one line', async ({ page }) => {
  await openView(page, 'results');
  // evaluateAll does not wait: without this, a list still loading gave no dates and the test failed at random.
  await expect(page.locator('.results-table tbody td.date').first()).toBeVisible();
  // One line box per date: the text's client rects all share one top.
  const lines = await page.locator('.results-table tbody td.date').evaluateAll((cells) =>
    cells.map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    }),
  );
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.every((n) => n === 1)).toBe(true);
  await page.getByRole('button', { name: fixture.sweep.name }).click();
  const detail = page.locator('.result-detail');
  await expect(detail).toBeInViewport();
});

test('a long unbroken file name in a message wraps instead of widening the page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openView(page, 'results');
  const name = `${'A'.repeat(240)}.json`;
  await page.locator('#import-file').setInputFiles({
    name,
    mimeType: 'application/json',
    buffer: Buffer.from('not a result'),
  });
  const message = page.getByTestId('import-message');
  await expect(message).toContainText(name.slice(0, 40));
  expect(await overflowX(page)).toBe(0);
});

test('without a GPU the Run view heads its form with the whole reason, covering none of it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openView(page, 'run');
  const why = page.getByTestId('start-blocked');
  await expect(why).toBeVisible();
  // Never cut: the line's box holds all of its text.
  expect(
    await why.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight),
  ).toBe(true);
  // Above the form's fields, not over them: the first field starts below the reason's box.
  const reason = await why.boundingBox();
  const first = await page.locator('.run-form .field').first().boundingBox();
  expect(first!.y).toBeGreaterThanOrEqual(reason!.y + reason!.height);
});
