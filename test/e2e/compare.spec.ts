import { readFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test } from '@playwright/test';

import { compareResults } from '../../electron/core/compare/compare';
import type { ResultFile } from '../../electron/core/results/schema';
import { openView } from './app';

const reference = (name: string) =>
  JSON.parse(
    readFileSync(path.join(import.meta.dirname, '..', '..', 'resources', 'reference', name), 'utf8'),
  ) as ResultFile;

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

  const notes = page.locator('.difference-notes');
  await expect(notes).toContainText('Each run is compared with the first');
  for (const d of expected.differences) await expect(notes).toContainText(d.message);
  await expect(page.locator('.compare-chart')).toHaveAttribute('data-datasets', '2');
  await expect(page.locator('.compare-chart canvas')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('compare-h200-modes.png'), fullPage: true });
});
