/**
 * A zoom to a region without points says so (docs/figures.md#zoom-and-read-out), on the measured `fences`
 * reference dataset: a box dragged over the empty upper left of the block facet shows "No points in view" with a
 * Reset zoom button in the plot, and the caption counts the points in view while zoomed, in English and Chinese.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';

import { openView } from './app';

interface Area {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Opens the fences run in `locale` and returns its first (block) facet once drawn. */
async function blockFacet(page: Page, locale: 'en' | 'zh-CN'): Promise<Locator> {
  await openView(page, 'results');
  await page.locator('#set-locale').selectOption(locale);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await page.getByRole('button', { name: 'fences on NVIDIA H200', exact: true }).click();
  const figure = page.locator('.result-detail .live-chart').first();
  await expect(figure).toHaveAttribute('data-axes', /area/);
  await figure.locator('canvas').scrollIntoViewIfNeeded();
  return figure;
}

/** Drags a box over the plot from (x0, y0) to (x1, y1), as shares of the plot's width and height. */
async function dragBox(page: Page, figure: Locator, x0: number, y0: number, x1: number, y1: number) {
  const { area } = JSON.parse((await figure.getAttribute('data-axes'))!) as { area: Area };
  const box = (await figure.locator('canvas').boundingBox())!;
  const at = (sx: number, sy: number) =>
    [
      box.x + area.left + sx * (area.right - area.left),
      box.y + area.top + sy * (area.bottom - area.top),
    ] as const;
  await page.mouse.move(...at(x0, y0));
  await page.mouse.down();
  await page.mouse.move(...at((x0 + x1) / 2, (y0 + y1) / 2), { steps: 4 });
  await page.mouse.move(...at(x1, y1), { steps: 4 });
  await page.mouse.up();
  await expect(figure).toHaveAttribute('data-zoomed', 'true');
}

test('a box over an empty region says no points are in view, and its Reset zoom resets', async ({
  page,
}, testInfo) => {
  const figure = await blockFacet(page, 'en');
  const summary = figure.getByTestId('chart-summary');
  await expect(summary).toHaveText('40 points in 8 series');
  await expect(figure.getByTestId('chart-empty-view')).toHaveCount(0);
  // The upper left: values of 200–400 ns between 2 and 16 threads, where the facet has none.
  await dragBox(page, figure, 0.1, 0.05, 0.45, 0.35);
  const notice = figure.getByTestId('chart-empty-view');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('No points in view');
  await expect(summary).toHaveText('40 points in 8 series; 0 in view');
  await figure.screenshot({ path: testInfo.outputPath('fences-empty-view.png') });
  await notice.getByRole('button', { name: 'Reset zoom' }).click();
  await expect(figure).toHaveAttribute('data-zoomed', 'false');
  await expect(notice).toHaveCount(0);
  await expect(summary).toHaveText('40 points in 8 series');

  // A box over the lower part of the plot, where the lines run: some points in view, no notice.
  await dragBox(page, figure, 0.0, 0.6, 0.8, 0.99);
  await expect(summary).toHaveText(/^40 points in 8 series; \d+ in view$/);
  const shown = Number(/; (\d+) in view/.exec((await summary.textContent())!)![1]);
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThan(40);
  await expect(figure.getByTestId('chart-empty-view')).toHaveCount(0);
});

test('zh-CN: the notice and the count in view are in Chinese', async ({ page }) => {
  const figure = await blockFacet(page, 'zh-CN');
  await dragBox(page, figure, 0.1, 0.05, 0.45, 0.35);
  const notice = figure.getByTestId('chart-empty-view');
  await expect(notice).toContainText('视图中没有数据点');
  await expect(notice.getByRole('button', { name: '重置缩放' })).toBeVisible();
  await expect(figure.getByTestId('chart-summary')).toHaveText('8 个系列共 40 个点；视图中有 0 个');
});
