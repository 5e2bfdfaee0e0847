import { expect, test } from '@playwright/test';

import { fixture, openView } from './app';

test('every control is reachable with Tab and shows where the focus is', async ({ page }) => {
  await openView(page, 'run');
  const reached = new Set<string>();
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      return { id: el.id || el.textContent?.trim() || el.tagName, outline: style.outlineStyle };
    });
    if (!focused) continue;
    expect(focused.outline, `focus ring on ${focused.id}`).toBe('solid');
    reached.add(focused.id);
  }
  for (const control of ['Device', 'Run', 'Results', 'set-theme', 'set-units', 'set-axis', 'mode-select']) {
    expect(reached).toContain(control);
  }
});

test('the dark theme applies to the page and the chart, and is remembered', async ({ page }, testInfo) => {
  await openView(page, 'results');
  await page.locator('#set-theme').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: fixture.sweep.name }).click();
  await expect(page.locator('.result-detail .live-chart')).toHaveAttribute('data-points', /[1-9]/);
  const corner = await page.locator('.result-detail canvas').evaluate((canvas: HTMLCanvasElement) => {
    const [r, g, b] = canvas.getContext('2d')!.getImageData(1, 1, 1, 1).data;
    return [r, g, b];
  });
  expect(corner).toEqual([0x16, 0x1b, 0x22]);
  await page.screenshot({ path: testInfo.outputPath('results-dark.png') });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.locator('#set-theme').selectOption('light');
});
