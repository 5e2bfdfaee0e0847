/**
 * The comparison table keeps its Δ, ratio and verdict columns inside the window at 1280×800 and 1920×1080, with
 * the H200 and RTX 5090 reference modes tables (their own point labels differ: each run's launch shape) in English
 * and Chinese, and with three runs named with 200 characters and no space (the longest name import accepts: docs/architecture.md#safe-text):
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
    await expectTableFits(page, width, height);
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

/**
 * Fails unless the table's every heading lies in the window (its top row too), nothing scrolls sideways inside its
 * box, and the sticky point column ends where the next column starts (it covers nothing).
 */
async function expectTableFits(page: Page, width: number, height: number): Promise<void> {
  const table = page.locator('.compare-table');
  await table.evaluate((t) => window.scrollTo(0, t.getBoundingClientRect().top + window.scrollY - 8));
  const heads = table.locator('thead th');
  const count = await heads.count();
  for (let i = 0; i < count; i++)
    await expectInWindow(heads.nth(i), width, `header ${i} at ${width}`, height);
  const cells = table.getByTestId('compare-row').first().locator('th, td');
  const n = await cells.count();
  for (let i = 0; i < n; i++) await expectInWindow(cells.nth(i), width, `cell ${i} at ${width}`, height);
  const scroll = table.locator('xpath=..');
  expect(
    await scroll.evaluate((el) => el.scrollWidth - el.clientWidth),
    `sideways at ${width}`,
  ).toBeLessThanOrEqual(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const point = (await heads.nth(0).boundingBox())!;
  const figure = (await heads.nth(1).boundingBox())!;
  expect(point.x + point.width, `point column overlaps the figure at ${width}`).toBeLessThanOrEqual(
    figure.x + 1,
  );
}

const modesId = (
  JSON.parse(readFileSync(path.join(path.dirname(source), 'h200-modes.json'), 'utf8')) as { id: string }
).id;

for (const locale of ['en', 'zh-CN'] as const) {
  test(`${locale}: the H200 and RTX 5090 modes tables show Δ, ratio and verdict at 1280×800 and 1920×1080`, async ({
    page,
  }, testInfo) => {
    await openView(page, 'start');
    if (locale !== 'en') {
      await page.locator('#set-locale').selectOption(locale);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
    }
    await page.goto(page.url().replace(/#\/.*$/, `#/compare?ids=${modesId},chapter-rtx5090-modes`));
    const table = page.locator('.compare-table');
    await expect(table.getByTestId('verdict').first()).toBeVisible();
    for (const [width, height] of [
      [1280, 800],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      await expectTableFits(page, width, height);
      // A run's own label of the point (its launch shape) is whole in its title, however it is cut.
      const own = table.getByTestId('compare-own-label').first();
      await expect(own).toHaveAttribute('title', (await own.textContent())!.trim());
      // A median stays on one line.
      const median = table.getByTestId('compare-median').first();
      const lineHeight = await median.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      expect((await median.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
      await page.screenshot({ path: testInfo.outputPath(`reference-pair-${locale}-${width}.png`) });
    }
  });
}
