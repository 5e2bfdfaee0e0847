/**
 * The comparison table keeps its Δ, ratio and verdict columns inside the window at 1280×800 and 1920×1080, with
 * two runs named with 200 characters and no space (the longest name import accepts: docs/architecture.md#safe-text):
 * long names are cut with an ellipsis and shown in full on hover (title).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test, type Locator, type Page } from '@playwright/test';

import { openView } from './app';

const source = path.join(import.meta.dirname, '..', '..', 'resources', 'reference', 'h200-modes_a.json');
const names = ['A', 'B', 'C'].map((tag) => `LongRun${tag}_${'y'.repeat(182)}_end_0123`);

/** Imports a copy of the H200 `modes` reference under `name` and a fresh id; returns the id. */
async function importNamed(page: Page, name: string, file: string): Promise<string> {
  const id = randomUUID();
  const result = JSON.parse(readFileSync(source, 'utf8')) as object;
  writeFileSync(file, JSON.stringify({ ...result, id, name }));
  await page.locator('#import-file').setInputFiles(file);
  await expect(page.getByTestId('import-message')).toHaveClass(/ok/);
  await expect(page.getByTestId('import-message')).toContainText(name.slice(0, 20));
  return id;
}

/** Fails unless `el` lies within the window's width (and its height, given one). */
async function expectInWindow(el: Locator, width: number, what: string, height?: number): Promise<void> {
  const box = await el.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, what).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, what).toBeLessThanOrEqual(width);
  if (height === undefined) return;
  expect(box!.y, what).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, what).toBeLessThanOrEqual(height);
}

test('Δ, ratio and verdict stay in the window at 1280×800 and 1920×1080 with 200-character names', async ({
  page,
}, testInfo) => {
  for (const name of names) expect(name).toHaveLength(200);
  await openView(page, 'results');
  const ids: string[] = [];
  for (const name of names)
    ids.push(await importNamed(page, name, testInfo.outputPath(`${name.slice(0, 8)}.json`)));
  await page.goto(page.url().replace(/#\/.*$/, `#/compare?ids=${ids.join(',')}`));
  const table = page.locator('.compare-table');
  await expect(table.getByTestId('compare-row').first()).toBeVisible();

  for (const [width, height] of [
    [1280, 800],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    // The page scrolled down to the table (only the page: the table's own box keeps its sideways scroll at 0).
    await table.evaluate((t) => window.scrollTo(0, t.getBoundingClientRect().top + window.scrollY - 8));
    await page.screenshot({ path: testInfo.outputPath(`compare-table-${width}.png`) });
    const heads = table.locator('thead th');
    const count = await heads.count();
    // Run 2's and run 3's Δ, ratio and verdict: the 5th to 7th and the last three columns.
    for (const i of [4, 5, 6, count - 3, count - 2, count - 1]) {
      await expectInWindow(heads.nth(i), width, `header ${i} at ${width}`, height);
    }
    const rows = table.getByTestId('compare-row');
    for (const [r, row] of [rows.first(), rows.last()].entries()) {
      const cells = row.locator('td');
      const n = await cells.count();
      for (const i of [3, 4, 5, n - 3, n - 2, n - 1])
        await expectInWindow(cells.nth(i), width, `cell ${i} at ${width}`, r === 0 ? height : undefined);
    }
    // Nothing is reached by scrolling sideways: not the table's box, not the page.
    const scroll = page.locator('.compare-table').locator('xpath=..');
    expect(await scroll.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // The names are cut, and whole on hover.
    for (const name of names) {
      const item = page.getByTestId('compared-run').filter({ hasText: name });
      const shown = item.locator('.run-name');
      await expect(shown).toHaveAttribute('title', name);
      expect(await shown.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await expectInWindow(shown, width, `run name at ${width}`);
      // After the run's label and a space, as before it was cut.
      expect(await item.textContent()).toContain(`: ${name}`);
    }
    await page.screenshot({ path: testInfo.outputPath(`compare-${width}.png`), fullPage: true });
  }
});
