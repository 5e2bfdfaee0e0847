import { expect, test } from '@playwright/test';

import { compareResults } from '../../electron/model/compare/compare';
import { fixture, openView, reference } from './app';

const A = reference('h200-modes_a.json');
const B = reference('h200-modes_b.json');

test('Compare: two H200 reference runs of `modes`, a verdict per row, the notes and the overlaid chart', async ({
  page,
}, testInfo) => {
  await openView(page, 'run');
  await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Compare' }).click();
  await expect(page).toHaveURL(/#\/compare/);
  await page.locator(`.pick[data-id="${A.id}"] input`).check();
  await page.locator(`.pick[data-id="${B.id}"] input`).check();
  await expect(page).toHaveURL(new RegExp(`ids=${A.id}(,|%2C)${B.id}`));

  const expected = compareResults([A, B]);
  const verdicts = page.getByTestId('verdict');
  await expect(verdicts).toHaveCount(expected.rows.length);
  expect(await verdicts.allTextContents()).toEqual(expected.rows.map((r) => r.cells[1]!.verdict));
  const block = page.getByTestId('compare-row').filter({ hasText: 'block: 8 warps × 132 blocks' });
  await expect(block.getByTestId('verdict')).toHaveText(/^(same|faster|slower|unclear)$/);
  // Two agreement runs of one GPU: block's delta is under one SM cycle, so the same; the Δ says ns, the floor shows.
  const blockRow = expected.rows.find((r) => r.label === 'block: 8 warps × 132 blocks')!;
  expect(Math.abs(blockRow.cells[1]!.delta!)).toBeLessThan(blockRow.cells[1]!.floor!.value);
  await expect(block.getByTestId('verdict')).toHaveText('same');
  await expect(block.locator('td').nth(3)).toHaveText(/ ns$/);
  await expect(block.getByTestId('compare-floor')).toHaveText(/^floor 0\.5\d* ns \(timer resolution/);

  const notes = page.locator('.difference-notes');
  await expect(notes).toContainText('Each run is compared with the first');
  for (const d of expected.differences) await expect(notes).toContainText(d.message);
  await expect(page.locator('.compare-chart')).toHaveAttribute('data-datasets', '2');
  await expect(page.locator('.compare-chart canvas')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('compare-h200-modes.png'), fullPage: true });
});

test('Compare: four runs fit a 1280-px window; the table scrolls sideways inside its box', async ({
  page,
}, testInfo) => {
  const runs = ['h200-modes.json', 'h200-modes_a.json', 'h200-modes_b.json', 'chapter-rtx5090-modes.json'];
  const ids = runs.map((name) => reference(name).id);
  expect(page.viewportSize()?.width).toBe(1280);
  await page.goto(`${fixture.url}#/compare?ids=${ids.join(',')}`);
  await expect(page.getByTestId('compared-run')).toHaveCount(4);
  await expect(page.getByTestId('compare-row')).not.toHaveCount(0);
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: document.documentElement.clientWidth,
    output: document.querySelector('.compare-view .output')!.getBoundingClientRect().right,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
  expect(widths.output).toBeLessThanOrEqual(widths.window);
  const scroller = page.locator('.compare-view .table-scroll');
  const box = await scroller.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(box.scroll).toBeGreaterThan(box.client);
  // scrolled to its right end, the table still shows which point each row is
  await scroller.scrollIntoViewIfNeeded();
  await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  expect(await scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  const label = page.getByTestId('compare-row').first().locator('th');
  const [left, labelLeft] = await Promise.all([
    scroller.evaluate((el) => el.getBoundingClientRect().left),
    label.evaluate((el) => el.getBoundingClientRect().left),
  ]);
  expect(labelLeft).toBeGreaterThanOrEqual(left - 1);
  await expect(label).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('compare-four-runs.png'), fullPage: true });
});
