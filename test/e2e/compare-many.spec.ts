/**
 * A comparison of runs with many series in real Chromium, at 1280×800 and 1920×1080, in English and Simplified
 * Chinese (docs/figures.md#many-series): the H200 `pipeline` agreement runs (20 series, 2 runs) are drawn as small
 * multiples of at most 8 lines a plot, every series in one plot, each plot's legend within a quarter of its figure
 * and its plot at least 60 % of it (the legend's texts are checked on a canvas: compare-facets.test.ts).
 */
import { expect, test } from '@playwright/test';

import { openView, reference } from './app';

const A = reference('h200-pipeline.json');
const B = reference('h200-pipeline_b.json');
const SERIES = new Set([...A.points, ...B.points].map((p) => p.series)).size;

for (const size of [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
]) {
  for (const locale of ['en', 'zh-CN'] as const) {
    test(`Compare ${size.width}×${size.height} ${locale}: 20 series of 2 runs are small multiples of ≤ 8 lines`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize(size);
      await openView(page, 'compare');
      await page.locator('#set-locale').selectOption(locale);
      await page.locator(`.pick[data-id="${A.id}"] input`).check();
      await page.locator(`.pick[data-id="${B.id}"] input`).check();
      await expect(page.getByTestId('compare-facet-note')).toBeVisible();
      const plots = Number(await page.locator('.compare-figures').getAttribute('data-facets'));
      expect(plots).toBeGreaterThan(1);
      const figures = page.locator('.compare-chart');
      await expect(figures).toHaveCount(plots);
      let lines = 0;
      for (let i = 0; i < plots; i += 1) {
        const figure = figures.nth(i);
        await expect(figure).toHaveAttribute('data-plot-share', /\d/);
        const datasets = Number(await figure.getAttribute('data-datasets'));
        expect(datasets, `plot ${i}`).toBeLessThanOrEqual(8);
        expect(datasets % 2, 'a line per run').toBe(0);
        expect(
          Number(await figure.getAttribute('data-legend-share')),
          `plot ${i} legend`,
        ).toBeLessThanOrEqual(0.25);
        expect(Number(await figure.getAttribute('data-plot-share')), `plot ${i}`).toBeGreaterThanOrEqual(0.6);
        lines += datasets;
      }
      expect(lines).toBe(2 * SERIES);
      await figures.first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`compare-many-${size.width}-${locale}.png`) });
    });
  }
}
