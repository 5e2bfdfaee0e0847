/**
 * The Methods view's table of contents at 1280×800 and 1920×1080: two columns of numbered entries, each number on
 * the first line of its own entry (a wrapped entry used to carry its number on its last line, so the numbers no
 * longer lined up with their entries), and no entry running into the other column. The screenshots land in
 * test-results/ to be looked at.
 */
import { expect, test } from '@playwright/test';

import { openView } from './app';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

for (const size of SIZES) {
  test(`Methods contents: numbers beside their entries at ${size.width}×${size.height}`, async ({ page }) => {
    await page.setViewportSize(size);
    await openView(page, 'methods');
    const entries = page.locator('.method-sections .contents li');
    await expect(entries.first()).toBeVisible();
    const boxes = await entries.evaluateAll((items) =>
      items.map((li) => {
        const rect = (r: DOMRect) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom });
        const link = li.querySelector('button')!;
        const number = li.querySelector('.number')!;
        // The link's lines: the boxes of its text, one or more per line.
        const text = document.createRange();
        text.selectNodeContents(link);
        const lines = [...text.getClientRects()].filter((r) => r.width > 0);
        return {
          number: number.textContent?.trim() ?? '',
          li: rect(li.getBoundingClientRect()),
          link: rect(link.getBoundingClientRect()),
          num: rect(number.getBoundingClientRect()),
          firstLineTop: Math.min(...lines.map((r) => r.top)),
          lastLineTop: Math.max(...lines.map((r) => r.top)),
        };
      }),
    );
    expect(boxes.length).toBeGreaterThan(10);
    const columns = new Set(boxes.map((b) => Math.round(b.li.left)));
    expect(columns.size, 'two columns').toBe(2);
    let wrapped = 0;
    for (const [i, b] of boxes.entries()) {
      const entry = `entry ${i + 1}`;
      expect(b.number, entry).toBe(`${i + 1}.`);
      // The number sits left of its link, level with the link's first line (not its last).
      expect(b.num.right, entry).toBeLessThanOrEqual(b.link.left + 1);
      expect(Math.abs(b.num.top - b.firstLineTop), `${entry}: number on its first line`).toBeLessThan(4);
      if (b.lastLineTop - b.firstLineTop > 4) wrapped += 1;
      // The entry stays in its column.
      expect(b.link.right, `${entry} stays in its column`).toBeLessThanOrEqual(b.li.right + 1);
    }
    // At 1280 px some titles wrap, which is where the numbers went astray.
    if (size.width === 1280) expect(wrapped).toBeGreaterThan(0);
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const overlap =
          a.li.left < b.li.right - 1 &&
          b.li.left < a.li.right - 1 &&
          a.li.top < b.li.bottom - 1 &&
          b.li.top < a.li.bottom - 1;
        expect(overlap, 'entries do not overlap').toBe(false);
      }
    }
    await page.screenshot({ path: `test-results/methods-contents-${size.width}x${size.height}.png` });
  });
}
