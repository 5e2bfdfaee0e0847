/**
 * Results with many series in real Chromium, at 1280×800 and 1920×1080, in English and Simplified Chinese: the
 * measured `fences` (24 series) and `pipeline` (20 series) reference datasets are drawn as small multiples of at
 * most 8 series a plot (docs/figures.md#many-series), every plot takes at least 60 % of its figure's height, and no
 * two series of one plot share both colour and dash.
 */
import { expect, test, type Page } from '@playwright/test';

import type { ResultFile } from '../../electron/model/results/schema';
import { openView, reference } from './app';

const MANY = [reference('h200-fences.json'), reference('h200-pipeline.json')];
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];

async function openResult(page: Page, result: ResultFile, locale: 'en' | 'zh-CN'): Promise<void> {
  await openView(page, 'results');
  await page.locator('#set-locale').selectOption(locale);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await page.getByRole('button', { name: result.name, exact: true }).click();
  await expect(page.locator('.result-detail .live-chart').first()).toHaveAttribute('data-plot-share', /\d/);
}

for (const size of SIZES) {
  for (const locale of ['en', 'zh-CN'] as const) {
    test(`${size.width}×${size.height} ${locale}: many series are small multiples whose plots fill ≥ 60 %`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize(size);
      for (const result of MANY) {
        const series = new Set(result.points.map((p) => p.series)).size;
        await openResult(page, result, locale);
        const figures = page.locator('.result-detail .live-chart');
        await expect(page.getByTestId('facet-note')).toBeVisible();
        const facets = Number(
          await page.locator('.result-detail .faceted-chart').getAttribute('data-facets'),
        );
        expect(facets).toBeGreaterThan(1);
        await expect(figures).toHaveCount(facets);
        let drawn = 0;
        for (let i = 0; i < facets; i += 1) {
          const figure = figures.nth(i);
          await expect(figure).toHaveAttribute('data-plot-share', /\d/);
          const share = Number(await figure.getAttribute('data-plot-share'));
          const count = Number(await figure.getAttribute('data-series'));
          const looks = (await figure.getAttribute('data-series-looks'))!.split('|');
          expect(share, `${result.plan.mode} facet ${i}`).toBeGreaterThanOrEqual(0.6);
          expect(count).toBeLessThanOrEqual(8);
          expect(looks).toHaveLength(count);
          expect(new Set(looks).size, looks.join(', ')).toBe(count);
          drawn += count;
        }
        expect(drawn).toBe(series);
        await page.screenshot({
          path: testInfo.outputPath(`${result.plan.mode}-${size.width}-${locale}.png`),
          fullPage: true,
        });
      }
    });
  }
}
