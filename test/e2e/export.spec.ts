/**
 * Export in the browser shell, in headless Chromium: chart pictures (PNG at 2× and opaque, SVG with the chart's
 * shapes and words), the HTML report (one file that opens offline and draws its chart), and a result file exported
 * as JSON, deleted and imported again unchanged.
 */
import { readFile, writeFile } from 'node:fs/promises';

import { expect, test, type Download, type Page } from '@playwright/test';

import { fixture, openView } from './app';

/** Clicks `button` and returns the file the browser downloaded. */
async function downloadOf(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = (await Promise.all([page.waitForEvent('download'), click()])) as [Download, void];
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(file) };
}

/** Decodes a PNG in the page: its size, how many pixels are not fully opaque, and how many differ from the corner. */
async function pngFacts(page: Page, png: Buffer) {
  return page.evaluate(
    async (url) => {
      const img = new Image();
      img.src = url;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const px = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      let notOpaque = 0;
      let inked = 0;
      for (let i = 0; i < px.length; i += 4) {
        if (px[i + 3] !== 255) notOpaque += 1;
        if (px[i] !== px[0] || px[i + 1] !== px[1] || px[i + 2] !== px[2]) inked += 1;
      }
      return { width: canvas.width, height: canvas.height, notOpaque, inked, corner: [px[0], px[1], px[2]] };
    },
    `data:image/png;base64,${png.toString('base64')}`,
  );
}

/**
 * Opens a saved run in the Results view and waits for its chart. The first of equally named runs: the shipped H200
 * data has two sweeps named alike (the browser-shell session's and the CLI's).
 */
async function openResult(page: Page, name: string): Promise<void> {
  await openView(page, 'results');
  await page.getByRole('button', { name }).first().click();
  await expect(page.locator('.result-detail .live-chart')).toHaveAttribute('data-points', /[1-9]/);
}

test('PNG of a chart: twice the on-screen size, no transparent pixel, the chart drawn on the theme background', async ({
  page,
}, testInfo) => {
  await openResult(page, fixture.modes.name);
  const canvas = page.locator('.result-detail canvas');
  const shown = await canvas.evaluate((c: HTMLCanvasElement) => ({ w: c.clientWidth, h: c.clientHeight }));
  const file = await downloadOf(page, () =>
    page.locator('.result-detail').getByRole('button', { name: 'Export PNG' }).click(),
  );
  expect(file.name).toMatch(/\.png$/);
  const png = await pngFacts(page, file.bytes);
  expect({ width: png.width, height: png.height }).toEqual({ width: 2 * shown.w, height: 2 * shown.h });
  expect(png.notOpaque).toBe(0);
  expect(png.corner).toEqual([255, 255, 255]);
  expect(png.inked).toBeGreaterThan(1000);
  await expect(page.getByTestId('chart-export-status')).toHaveText(`Downloaded ${file.name}.`);
  await writeFile(testInfo.outputPath('chart.png'), file.bytes);
});

test('PNG in the dark theme keeps the dark background', async ({ page }) => {
  await openView(page, 'results');
  await page.locator('#set-theme').selectOption('dark');
  await openResult(page, fixture.modes.name);
  const file = await downloadOf(page, () =>
    page.locator('.result-detail').getByRole('button', { name: 'Export PNG' }).click(),
  );
  const png = await pngFacts(page, file.bytes);
  expect(png.notOpaque).toBe(0);
  expect(png.corner).toEqual([0x16, 0x1b, 0x22]);
  await page.locator('#set-theme').selectOption('light');
});

test("SVG of a chart holds the chart's shapes, axis titles, series and title", async ({ page }, testInfo) => {
  await openResult(page, fixture.sweep.name);
  const figure = page.locator('.result-detail .live-chart');
  const points = Number(await figure.getAttribute('data-points'));
  const series = Number(await figure.getAttribute('data-series'));
  const file = await downloadOf(page, () =>
    page.locator('.result-detail').getByRole('button', { name: 'Export SVG' }).click(),
  );
  expect(file.name).toMatch(/\.svg$/);
  const svg = file.bytes.toString('utf8');
  await writeFile(testInfo.outputPath('chart.svg'), file.bytes);
  expect(svg.startsWith('<svg')).toBe(true);
  const shapes = (svg.match(/<path\b/g) ?? []).length + (svg.match(/<rect\b/g) ?? []).length;
  // Every point draws a marker and an error bar; the lines, grid and legend add more.
  expect(shapes).toBeGreaterThan(points);
  expect(svg).toContain('warps per block');
  expect(svg).toMatch(/per-sync cost \(ns\)|whole kernel \(ms, launch included\)/);
  for (const series of ['block', 'warp']) expect(svg).toContain(`>${series}<`);
  // Each series is one stroked line through all its points (Chart.js's Path2D fast path would leave none).
  const lines = [...svg.matchAll(/<path fill="none" stroke="(#[0-9a-f]{6})"[^>]* d="([^"]*)"/g)].filter(
    ([, , d]) => (d!.match(/ L /g) ?? []).length >= points / series - 1,
  );
  expect(new Set(lines.map(([, colour]) => colour)).size).toBe(series);
  // The background is the first shape: a white rectangle over the whole picture.
  expect(svg).toMatch(/<rect[^>]*fill="#ffffff"/);
});

test('the live chart of the Run view has the export buttons, reachable with the keyboard', async ({
  page,
}) => {
  await openResult(page, fixture.sweep.name);
  await page.locator('#replay-speed').selectOption('0');
  await page.getByRole('button', { name: 'Replay' }).click();
  await expect(page).toHaveURL(/#\/run$/);
  const group = page.locator('.run-output').getByRole('group', { name: 'Export this chart' });
  await expect(group).toBeVisible();
  await page.locator('.run-output').getByRole('button', { name: 'Export PNG' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.locator('.run-output').getByRole('button', { name: 'Export SVG' })).toBeFocused();
  const file = await downloadOf(page, () => page.keyboard.press('Enter'));
  expect(file.bytes.toString('utf8')).toContain('REPLAY');
});
