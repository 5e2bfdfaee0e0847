/**
 * Drag-to-zoom and the zoom buttons in real Chromium (docs/figures.md#zoom-and-read-out), on the measured `fences`
 * reference dataset, drawn as three facets (block, device, system): a box dragged on a facet that is not the first
 * zooms that facet's axes to the values under the box's corners (computed here from the plot area and the axes as
 * drawn before the drag), and only that facet; Zoom in, Zoom out and Reset zoom work by pointer and by keyboard,
 * with their words and the zoom hint in English and Chinese.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test, type Locator, type Page } from '@playwright/test';

import type { ResultFile } from '../../electron/model/results/schema';
import { openView } from './app';

const fences = JSON.parse(
  readFileSync(
    path.join(import.meta.dirname, '..', '..', 'resources', 'reference', 'h200-fences.json'),
    'utf8',
  ),
) as ResultFile;

interface Axis {
  min: number;
  max: number;
  log: boolean;
}
interface Axes {
  area: { left: number; top: number; right: number; bottom: number };
  x: Axis;
  y: Axis;
}

async function openFences(page: Page, locale: 'en' | 'zh-CN' = 'en'): Promise<Locator> {
  await openView(page, 'results');
  await page.locator('#set-locale').selectOption(locale);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await page.getByRole('button', { name: fences.name, exact: true }).click();
  const figures = page.locator('.result-detail .live-chart');
  await expect(figures).toHaveCount(3);
  for (let i = 0; i < 3; i += 1) await expect(figures.nth(i)).toHaveAttribute('data-axes', /area/);
  return figures;
}

async function axesOf(figure: Locator): Promise<Axes> {
  return JSON.parse((await figure.getAttribute('data-axes'))!) as Axes;
}

/** The value an axis drawn from `from` to `to` pixels shows at pixel `at` (log axes are linear in log10). */
function valueAt(axis: Axis, from: number, to: number, at: number): number {
  const share = (at - from) / (to - from);
  if (!axis.log) return axis.min + share * (axis.max - axis.min);
  const [lo, hi] = [Math.log10(axis.min), Math.log10(axis.max)];
  return 10 ** (lo + share * (hi - lo));
}

/** Whether `actual` is `expected` within 1.5 % of the axis' span (a pixel or two of a 400–1,200 px axis). */
function near(axis: Axis, actual: number, expected: number): boolean {
  const f = axis.log ? Math.log10 : (v: number) => v;
  return Math.abs(f(actual) - f(expected)) <= 0.015 * Math.abs(f(axis.max) - f(axis.min));
}

test('a box dragged on the second facet zooms that facet to the values under the box', async ({
  page,
}, testInfo) => {
  const figures = await openFences(page);
  const facet = figures.nth(1);
  const canvas = facet.locator('canvas');
  await canvas.scrollIntoViewIfNeeded();
  const before = await axesOf(facet);
  const others = [await axesOf(figures.nth(0)), await axesOf(figures.nth(2))];
  const box = (await canvas.boundingBox())!;
  const { left, top, right, bottom } = before.area;
  // A box over the middle of the plot, in CSS pixels of the canvas.
  const x0 = left + 0.3 * (right - left);
  const x1 = left + 0.65 * (right - left);
  const y0 = top + 0.2 * (bottom - top);
  const y1 = top + 0.55 * (bottom - top);
  await page.mouse.move(box.x + x0, box.y + y0);
  await page.mouse.down();
  await page.mouse.move(box.x + (x0 + x1) / 2, box.y + (y0 + y1) / 2, { steps: 4 });
  await page.mouse.move(box.x + x1, box.y + y1, { steps: 4 });
  await page.mouse.up();
  await expect(facet).toHaveAttribute('data-zoomed', 'true');

  const after = await axesOf(facet);
  const expected = {
    xMin: valueAt(before.x, left, right, x0),
    xMax: valueAt(before.x, left, right, x1),
    // y pixels grow downwards: the box's bottom edge is the new minimum
    yMin: valueAt(before.y, bottom, top, y1),
    yMax: valueAt(before.y, bottom, top, y0),
  };
  const got = { xMin: after.x.min, xMax: after.x.max, yMin: after.y.min, yMax: after.y.max };
  const message = JSON.stringify({ expected, got });
  expect(near(before.x, got.xMin, expected.xMin), message).toBe(true);
  expect(near(before.x, got.xMax, expected.xMax), message).toBe(true);
  expect(near(before.y, got.yMin, expected.yMin), message).toBe(true);
  expect(near(before.y, got.yMax, expected.yMax), message).toBe(true);
  // The other facets keep their full view.
  expect(await axesOf(figures.nth(0))).toEqual(others[0]);
  expect(await axesOf(figures.nth(2))).toEqual(others[1]);
  await expect(figures.nth(0)).toHaveAttribute('data-zoomed', 'false');
  await facet.screenshot({ path: testInfo.outputPath('fences-device-zoomed.png') });

  // Shift + drag pans: the span stays, the range moves.
  await page.keyboard.down('Shift');
  await page.mouse.move(box.x + x0, box.y + y0);
  await page.mouse.down();
  await page.mouse.move(box.x + x0 + 60, box.y + y0, { steps: 6 });
  await page.mouse.up();
  await page.keyboard.up('Shift');
  const panned = await axesOf(facet);
  expect(panned.x.min).toBeLessThan(after.x.min);
});

test('Zoom in, Zoom out and Reset zoom change the axes, by pointer and keyboard', async ({ page }) => {
  const figures = await openFences(page);
  const facet = figures.nth(2);
  await facet.scrollIntoViewIfNeeded();
  await expect(facet.getByTestId('zoom-hint')).toHaveText(
    'Drag a box or Ctrl + wheel to zoom; Shift + drag pans',
  );
  await expect(facet.getByTestId('zoom-hint')).toBeVisible();
  const full = await axesOf(facet);
  const span = (a: Axes) => Math.log10(a.x.max) - Math.log10(a.x.min);

  const zoomIn = facet.getByRole('button', { name: 'Zoom in' });
  await zoomIn.click();
  const closer = await axesOf(facet);
  expect(span(closer)).toBeLessThan(span(full) * 0.9);
  expect(closer.y.max - closer.y.min).toBeLessThan((full.y.max - full.y.min) * 0.9);
  await expect(facet).toHaveAttribute('data-zoomed', 'true');

  // By keyboard: Tab reaches the buttons; Enter and Space press them.
  await zoomIn.focus();
  await page.keyboard.press('Enter');
  const closest = await axesOf(facet);
  expect(span(closest)).toBeLessThan(span(closer) * 0.9);
  await page.keyboard.press('Tab');
  const zoomOut = facet.getByRole('button', { name: 'Zoom out' });
  await expect(zoomOut).toBeFocused();
  await page.keyboard.press('Space');
  const wider = await axesOf(facet);
  expect(span(wider)).toBeGreaterThan(span(closest) * 1.1);

  await page.keyboard.press('Tab');
  const reset = facet.getByRole('button', { name: 'Reset zoom' });
  await expect(reset).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(facet).toHaveAttribute('data-zoomed', 'false');
  expect(await axesOf(facet)).toEqual(full);
});

test('zh-CN: the zoom buttons and the hint are in Chinese and work', async ({ page }, testInfo) => {
  const figures = await openFences(page, 'zh-CN');
  const facet = figures.nth(1);
  await facet.scrollIntoViewIfNeeded();
  await expect(facet.getByTestId('zoom-hint')).toHaveText('拖出方框或 Ctrl + 滚轮缩放；Shift + 拖动平移');
  await expect(facet.getByTestId('zoom-in')).toHaveText('放大');
  await expect(facet.getByTestId('zoom-out')).toHaveText('缩小');
  await expect(facet.getByTestId('reset-zoom')).toHaveText('重置缩放');
  const full = await axesOf(facet);
  await facet.getByRole('button', { name: '放大' }).click();
  expect((await axesOf(facet)).x).not.toEqual(full.x);
  await facet.getByRole('button', { name: '重置缩放' }).click();
  expect(await axesOf(facet)).toEqual(full);
  await facet.screenshot({ path: testInfo.outputPath('fences-zh-zoom-controls.png') });
});
