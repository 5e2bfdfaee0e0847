/**
 * A zoomed chart draws nothing outside its plot (docs/figures.md#zoom-and-read-out): after a box zoom on
 * the measured `fences` reference dataset (whose lines then run on to points outside the view), the strip of
 * canvas right of the plot stays the background colour and no series colour shows below the x axis.
 */
import { expect, test, type Locator } from '@playwright/test';

import { openView } from './app';

interface Area {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** RGBA of every pixel of the canvas in the CSS-pixel box from (x0, y0) to (x1, y1). */
async function pixels(canvas: Locator, x0: number, y0: number, x1: number, y1: number): Promise<number[][]> {
  return canvas.evaluate(
    (element, box) => {
      const c = element as HTMLCanvasElement;
      const scale = c.width / c.clientWidth;
      const ctx = c.getContext('2d')!;
      const [x, y] = [Math.round(box.x0 * scale), Math.round(box.y0 * scale)];
      const [w, h] = [Math.round((box.x1 - box.x0) * scale), Math.round((box.y1 - box.y0) * scale)];
      const data = ctx.getImageData(x, y, w, h).data;
      const out: number[][] = [];
      for (let i = 0; i < data.length; i += 4) out.push([data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!]);
      return out;
    },
    { x0, y0, x1, y1 },
  );
}

/** A pixel of a series' colour: far from grey (the axes, grid and tick labels are greys). */
const coloured = ([r, g, b]: number[]) => Math.max(r!, g!, b!) - Math.min(r!, g!, b!) > 60;

test('after a box zoom, nothing of the datasets is drawn outside the plot', async ({ page }, testInfo) => {
  await openView(page, 'results');
  await page.getByRole('button', { name: 'fences on NVIDIA H200', exact: true }).click();
  const figure = page.locator('.result-detail .live-chart').first();
  await expect(figure).toHaveAttribute('data-axes', /area/);
  const canvas = figure.locator('canvas');
  await canvas.scrollIntoViewIfNeeded();
  const full = JSON.parse((await figure.getAttribute('data-axes'))!) as { area: Area };
  // A box over the lower part of the plot, where the lines run, short of its right end: the lines go on past it.
  const box = (await canvas.boundingBox())!;
  const { left, top, right, bottom } = full.area;
  await page.mouse.move(box.x + left + 0.05 * (right - left), box.y + top + 0.6 * (bottom - top));
  await page.mouse.down();
  await page.mouse.move(box.x + left + 0.8 * (right - left), box.y + bottom - 4, { steps: 6 });
  await page.mouse.up();
  await expect(figure).toHaveAttribute('data-zoomed', 'true');
  const { area } = JSON.parse((await figure.getAttribute('data-axes'))!) as { area: Area };
  await figure.screenshot({ path: testInfo.outputPath('fences-zoomed-clip.png') });

  // Right of the plot, beside it: only the background.
  const beside = await pixels(canvas, area.right + 2, area.top + 2, area.right + 12, area.bottom - 2);
  const background = beside[0]!;
  expect(beside.filter((p) => p.join() !== background.join()).length).toBe(0);
  // Below the x axis, over its tick marks and labels: no series colour.
  const below = await pixels(canvas, area.left + 2, area.bottom + 2, area.right - 2, area.bottom + 6);
  expect(below.filter(coloured).length).toBe(0);
});

test('+ zooms about where the points lie, not the middle of the axes', async ({ page }) => {
  await openView(page, 'results');
  await page.getByRole('button', { name: 'fences on NVIDIA H200', exact: true }).click();
  const figure = page.locator('.result-detail .live-chart').first();
  await expect(figure).toHaveAttribute('data-axes', /area/);
  const canvas = figure.locator('canvas');
  await canvas.scrollIntoViewIfNeeded();
  await canvas.focus();
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('+');
  await expect(figure).toHaveAttribute('data-zoomed', 'true');
  const { y } = JSON.parse((await figure.getAttribute('data-axes'))!) as { y: { min: number; max: number } };
  // Most of the block facet's values lie between −5 and 60 ns: they stay in view (the middle of the full axis,
  // about 200 ns, would show none of them).
  expect(y.min).toBeLessThan(20);
  expect(y.max).toBeGreaterThan(40);
});
