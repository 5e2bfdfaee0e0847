/**
 * The Compare picker shows names that differ only at their end apart: the H200 `pdl` agreement runs A and B wrap
 * whole (no ellipsis) at 1280×800 and 1920×1080, each name whole in its title.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test } from '@playwright/test';

import { openView } from './app';

const REFERENCE_DIR = path.join(import.meta.dirname, '..', '..', 'resources', 'reference');
const runs = ['h200-pdl.json', 'h200-pdl_b.json'].map(
  (f) => JSON.parse(readFileSync(path.join(REFERENCE_DIR, f), 'utf8')) as { id: string; name: string },
);

test('the picker shows the pdl agreement runs A and B whole and apart', async ({ page }, testInfo) => {
  await openView(page, 'compare');
  for (const [width, height] of [
    [1280, 800],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    const shown: string[] = [];
    for (const run of runs) {
      const name = page.locator(`.compare-picker .pick[data-id="${run.id}"] .name-text`);
      await expect(name).toHaveAttribute('title', run.name);
      // Nothing cut: the whole name is laid out inside its box.
      const cut = await name.evaluate(
        (el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1,
      );
      expect(cut, `${run.name} cut at ${width}`).toBe(false);
      expect((await name.boundingBox())!.x + (await name.boundingBox())!.width).toBeLessThanOrEqual(width);
      shown.push((await name.innerText()).replace(/\s+/g, ' ').trim());
    }
    expect(shown).toEqual(runs.map((r) => r.name));
    await page.locator('.compare-picker').screenshot({ path: testInfo.outputPath(`picker-${width}.png`) });
  }
});
