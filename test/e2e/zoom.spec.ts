/**
 * Zoom, pan and read-out of an on-screen chart in real Chromium (docs/figures.md#zoom-and-read-out): + zooms and
 * Reset zoom (or 0) goes back; Ctrl + wheel zooms too; hovering the plot reads out the nearest point with its
 * median, interval, unit and sample count, and the arrow keys step the read-out from point to point.
 */
import { expect, test, type Page } from '@playwright/test';

import { fixture, openView } from './app';

async function openSweep(page: Page): Promise<void> {
  await openView(page, 'results');
  await page.getByRole('button', { name: fixture.sweep.name, exact: true }).click();
  await expect(page.locator('.result-detail .live-chart').first()).toHaveAttribute('data-plot-share', /\d/);
}

test('zoom with + and Ctrl + wheel, reset with the button and with 0', async ({ page }) => {
  await openSweep(page);
  const figure = page.locator('.result-detail .live-chart').first();
  const canvas = figure.locator('canvas');
  const reset = figure.getByTestId('reset-zoom');
  await expect(figure).toHaveAttribute('data-zoomed', 'false');
  await expect(reset).toBeDisabled();

  await canvas.focus();
  await page.keyboard.press('+');
  await expect(figure).toHaveAttribute('data-zoomed', 'true');
  await expect(reset).toBeEnabled();
  await reset.click();
  await expect(figure).toHaveAttribute('data-zoomed', 'false');

  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -300);
  await page.keyboard.up('Control');
  await expect(figure).toHaveAttribute('data-zoomed', 'true');
  await canvas.focus();
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('0');
  await expect(figure).toHaveAttribute('data-zoomed', 'false');
});

test('the read-out gives median, interval, unit and n, by pointer and by keyboard', async ({ page }) => {
  await openSweep(page);
  const figure = page.locator('.result-detail .live-chart').first();
  const readout = figure.getByTestId('chart-readout');
  await expect(readout).toHaveText(/arrow keys/);
  const box = (await figure.locator('canvas').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(readout).toHaveText(/median [\d,.]+ ns · p10–p90 [\d,.]+–[\d,.]+ ns · n = \d+/);

  await figure.locator('canvas').focus();
  await page.keyboard.press('ArrowDown');
  const first = await readout.textContent();
  await page.keyboard.press('ArrowRight');
  await expect(readout).not.toHaveText(first!);
  await expect(readout).toHaveText(/ ns · n = \d+/);
});
