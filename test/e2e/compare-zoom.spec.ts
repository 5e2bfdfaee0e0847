/**
 * The Compare view's overlaid chart zooms as the Results charts do (docs/figures.md#zoom-and-read-out): with two
 * reference runs of `modes`, the hint and the buttons are under it, Zoom in narrows its axes (data-axes: the ranges
 * as drawn), a dragged box zooms, 0 on the focused chart and Reset zoom bring back the full view.
 */
import { expect, test, type Locator } from '@playwright/test';

import { fixture, reference } from './app';

interface Axes {
  area: { left: number; top: number; right: number; bottom: number };
  x: { min: number; max: number; log: boolean };
  y: { min: number; max: number; log: boolean };
}

async function axesOf(figure: Locator): Promise<Axes> {
  return JSON.parse((await figure.getAttribute('data-axes'))!) as Axes;
}

test('Compare: Zoom in, a dragged box, 0 and Reset zoom change and restore the chart’s axes', async ({
  page,
}, testInfo) => {
  const ids = [reference('h200-modes_a.json').id, reference('h200-modes_b.json').id];
  await page.goto(`${fixture.url}#/compare?ids=${ids.join(',')}`);
  const figure = page.locator('.compare-chart');
  await expect(figure).toHaveAttribute('data-datasets', '2');
  await expect(figure).toHaveAttribute('data-axes', /area/);
  await figure.scrollIntoViewIfNeeded();
  await expect(figure.getByTestId('zoom-hint')).toHaveText(
    'Drag a box or Ctrl + wheel to zoom; Shift + drag pans',
  );
  await expect(figure).toHaveAttribute('data-zoomed', 'false');
  const reset = figure.getByRole('button', { name: 'Reset zoom' });
  await expect(reset).toBeDisabled();
  const full = await axesOf(figure);
  const ySpan = (a: Axes) => a.y.max - a.y.min;

  await figure.getByRole('button', { name: 'Zoom in' }).click();
  await expect(figure).toHaveAttribute('data-zoomed', 'true');
  const closer = await axesOf(figure);
  expect(ySpan(closer)).toBeLessThan(ySpan(full) * 0.9);
  await figure.getByRole('button', { name: 'Zoom out' }).click();
  expect(ySpan(await axesOf(figure))).toBeGreaterThan(ySpan(closer) * 1.1);
  await expect(reset).toBeEnabled();
  await reset.click();
  await expect(figure).toHaveAttribute('data-zoomed', 'false');
  expect(await axesOf(figure)).toEqual(full);

  // A box over the plot's upper half zooms the y axis to the values under it.
  const box = (await figure.locator('canvas').boundingBox())!;
  const { left, top, right, bottom } = full.area;
  await page.mouse.move(box.x + left + 0.2 * (right - left), box.y + top + 0.1 * (bottom - top));
  await page.mouse.down();
  await page.mouse.move(box.x + left + 0.8 * (right - left), box.y + top + 0.5 * (bottom - top), {
    steps: 6,
  });
  await page.mouse.up();
  await expect(figure).toHaveAttribute('data-zoomed', 'true');
  const boxed = await axesOf(figure);
  expect(boxed.y.min).toBeGreaterThan(full.y.min);
  await figure.screenshot({ path: testInfo.outputPath('compare-zoomed.png') });

  // With the chart focused, 0 resets.
  await figure.locator('canvas').focus();
  await page.keyboard.press('0');
  await expect(figure).toHaveAttribute('data-zoomed', 'false');
  expect(await axesOf(figure)).toEqual(full);
});

test('Compare: a box over an empty region says no points are in view; one inside a tall bar does not', async ({
  page,
}) => {
  const ids = [reference('h200-modes_a.json').id, reference('h200-modes_b.json').id];
  await page.goto(`${fixture.url}#/compare?ids=${ids.join(',')}`);
  const figure = page.locator('.compare-chart');
  await expect(figure).toHaveAttribute('data-axes', /area/);
  await figure.scrollIntoViewIfNeeded();
  const { area } = await axesOf(figure);
  const box = (await figure.locator('canvas').boundingBox())!;
  const drag = async (x0: number, y0: number, x1: number, y1: number) => {
    const at = (sx: number, sy: number) =>
      [
        box.x + area.left + sx * (area.right - area.left),
        box.y + area.top + sy * (area.bottom - area.top),
      ] as const;
    await page.mouse.move(...at(x0, y0));
    await page.mouse.down();
    await page.mouse.move(...at((x0 + x1) / 2, (y0 + y1) / 2), { steps: 4 });
    await page.mouse.move(...at(x1, y1), { steps: 4 });
    await page.mouse.up();
    await expect(figure).toHaveAttribute('data-zoomed', 'true');
  };
  const notice = figure.getByTestId('chart-empty-view');
  // Above the short bars of the first category: nothing there.
  await drag(0.02, 0.05, 0.18, 0.4);
  await expect(notice).toContainText('No points in view');
  await notice.getByRole('button', { name: 'Reset zoom' }).click();
  await expect(figure).toHaveAttribute('data-zoomed', 'false');
  await expect(notice).toHaveCount(0);
  // Inside the tall grid bars, below their tops: the bars are in view.
  await drag(0.42, 0.55, 0.58, 0.85);
  await expect(notice).toHaveCount(0);
});
