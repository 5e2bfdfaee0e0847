/**
 * The Results view's points table fits the window at 1280×800 and 1920×1080 with the H200 `fences` reference (long
 * point labels such as "__threadfence_block() between two plain read-modify-writes of adjacent words, …"): the label
 * wraps, the numbers stay on one line, and the last column (flags) lies in the window without a sideways scroll.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test } from '@playwright/test';

import { openView } from './app';

const FENCES = path.join(import.meta.dirname, '..', '..', 'resources', 'reference', 'h200-fences.json');
const fences = JSON.parse(readFileSync(FENCES, 'utf8')) as { id: string; name: string };

test('the fences points table shows its last column at 1280×800 and 1920×1080', async ({
  page,
}, testInfo) => {
  await openView(page, `results?open=${fences.id}`);
  await expect(page.locator('.result-detail #detail-title')).toHaveText(fences.name);
  const table = page.locator('.points-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  for (const [width, height] of [
    [1280, 800],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    await table.scrollIntoViewIfNeeded();
    for (const cell of [
      table.locator('thead th').last(),
      table.locator('tbody tr').first().locator('td').last(),
    ]) {
      const box = (await cell.boundingBox())!;
      expect(box.x + box.width, `last column at ${width}`).toBeLessThanOrEqual(width);
    }
    const scroll = table.locator('xpath=..');
    expect(
      await scroll.evaluate((el) => el.scrollWidth - el.clientWidth),
      `sideways at ${width}`,
    ).toBeLessThanOrEqual(1);
    // The numbers stay on one line (one line box each); the long label wraps (more than one).
    const row = table.locator('tbody tr').nth(1);
    const lines = (el: Element) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    };
    for (const id of ['median', 'median-ci', 'whole-kernel'])
      expect(await row.getByTestId(id).evaluate(lines), `${id} at ${width}`).toBe(1);
    if (width === 1280) expect(await row.getByTestId('point-label').evaluate(lines)).toBeGreaterThan(1);
    await page.screenshot({ path: testInfo.outputPath(`fences-table-${width}.png`) });
    await table.locator('thead').screenshot({ path: testInfo.outputPath(`fences-head-${width}.png`) });
  }
});
