/**
 * Export in the browser shell, in headless Chromium: chart pictures (PNG at 2× and opaque, SVG with the chart's
 * shapes and words), the HTML report (one file that opens offline and draws its chart), and a result file exported
 * as JSON, deleted and imported again unchanged.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { build } from 'vite';

import { chartPoints, fixture, openView, replaySweep } from './app';

/** The published chapter table shipped in resources/reference (scripts/make-chapter-reference.ts). */
const CHAPTER_MODES = /^RTX 5090 modes table: warp, block, grid, phases \(chapter §6\.3/;

// The browser shell reads the report page's built assets (dist/report) when a report is asked for: build them
// fresh, as the global setup does for the renderer.
test.beforeAll(async () => {
  await build({
    configFile: path.resolve(import.meta.dirname, '..', '..', 'vite.report.config.ts'),
    logLevel: 'warn',
  });
});

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

/** Opens a saved run in the Results view and waits for its chart. */
async function openResult(page: Page, name: string): Promise<void> {
  await openView(page, 'results');
  await page.getByRole('button', { name, exact: true }).click();
  await expect(page.locator('.result-detail .live-chart')).toHaveAttribute('data-points', /[1-9]/);
}

test('PNG of a chart: 1600 × 900 at any window size, no transparent pixel, the chart drawn on the theme background', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openResult(page, fixture.modes.name);
  const wide = await downloadOf(page, () =>
    page.locator('.result-detail').getByRole('button', { name: 'Export PNG' }).click(),
  );
  const widePng = await pngFacts(page, wide.bytes);
  expect({ width: widePng.width, height: widePng.height }).toEqual({ width: 1600, height: 900 });
  await page.setViewportSize({ width: 1280, height: 800 });
  const file = await downloadOf(page, () =>
    page.locator('.result-detail').getByRole('button', { name: 'Export PNG' }).click(),
  );
  expect(file.name).toMatch(/\.png$/);
  const png = await pngFacts(page, file.bytes);
  expect({ width: png.width, height: png.height }).toEqual({ width: 1600, height: 900 });
  expect(png.notOpaque).toBe(0);
  expect(png.corner).toEqual([255, 255, 255]);
  expect(png.inked).toBeGreaterThan(1000);
  await expect(page.getByTestId('chart-export-status')).toHaveText(`Downloaded ${file.name}.`);
  await writeFile(testInfo.outputPath('chart.png'), file.bytes);
});

test('PNG in the dark theme: light for print by default, the dark background when asked', async ({
  page,
}) => {
  await openView(page, 'results');
  await page.locator('#set-theme').selectOption('dark');
  await openResult(page, fixture.modes.name);
  const print = await downloadOf(page, () =>
    page.locator('.result-detail').getByRole('button', { name: 'Export PNG' }).click(),
  );
  expect((await pngFacts(page, print.bytes)).corner).toEqual([0xff, 0xff, 0xff]);
  await page.locator('.result-detail [data-testid="for-print"]').uncheck();
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
  expect(svg).toMatch(/per-sync cost \(ns\)|whole kernel \(µs, launch included\)/);
  expect(svg).toContain('p10 to p90');
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
  await replaySweep(page, '0');
  const group = page.locator('.run-output').getByRole('group', { name: 'Export this chart' });
  await expect(group).toBeVisible();
  // an empty chart has nothing to export: wait for the first points
  await expect.poll(() => chartPoints(page)).toBeGreaterThan(0);
  await expect(group.getByRole('button', { name: 'Export PNG' })).toBeEnabled();
  await page.locator('.run-output').getByRole('button', { name: 'Export PNG' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.locator('.run-output').getByRole('button', { name: 'Export SVG' })).toBeFocused();
  const file = await downloadOf(page, () => page.keyboard.press('Enter'));
  expect(file.bytes.toString('utf8')).toContain('REPLAY');
});

/** Pixels of `canvas` that are not white: something was drawn on it. */
function inkedPixels(canvas: Locator): Promise<number> {
  return canvas.evaluate((drawn: HTMLCanvasElement) => {
    const { data } = drawn.getContext('2d')!.getImageData(0, 0, drawn.width, drawn.height);
    let count = 0;
    for (let i = 0; i < data.length; i += 4)
      if (data[i] !== 255 || data[i + 1] !== 255 || data[i + 2] !== 255) count += 1;
    return count;
  });
}

/** Opens a saved HTML report from disk, offline, and says what the page did: requests, CSP reports, charts. */
async function openReport(page: Page, file: string) {
  const requests: string[] = [];
  const problems: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  const url = pathToFileURL(file).href;
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-charts', /^[1-9]/);
  const inked = await inkedPixels(page.locator('canvas').first());
  return { requests: requests.filter((r) => r !== url), problems, inked };
}

test('HTML report: one file that opens offline under its own CSP, draws its chart and holds the tables', async ({
  page,
}, testInfo) => {
  await openResult(page, fixture.modes.name);
  await expect(page.getByText('PDF needs the desktop app; open the HTML report and print it.')).toBeVisible();
  await expect(page.locator('.result-detail').getByRole('button', { name: 'PDF' })).toHaveCount(0);
  const file = await downloadOf(page, () =>
    page.locator('.result-detail').getByRole('button', { name: 'HTML report' }).click(),
  );
  expect(file.name).toMatch(/\.html$/);
  const saved = testInfo.outputPath('report.html');
  await writeFile(saved, file.bytes);

  const report = await openReport(page, saved);
  expect(report.requests).toEqual([]);
  expect(report.problems).toEqual([]);
  expect(report.inked).toBeGreaterThan(5000);
  await expect(page.locator('html')).toHaveAttribute('data-charts', '1');
  await expect(page.getByRole('heading', { level: 1, name: fixture.modes.name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Points', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Headline ratios' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('report.png'), fullPage: true });
});

test('HTML report of a run with many series: its chart drawn as the app draws it, a plot per facet', async ({
  page,
}, testInfo) => {
  // The H200 `fences` reference run: 24 series, which the Results view draws as small multiples of at most 8.
  await openView(page, 'results');
  await page.getByRole('button', { name: 'fences on NVIDIA H200', exact: true }).click();
  await expect(page.locator('.result-detail .live-chart').first()).toHaveAttribute('data-points', /[1-9]/);
  const facets = Number(await page.locator('.result-detail .faceted-chart').getAttribute('data-facets'));
  expect(facets).toBeGreaterThan(1);
  const file = await downloadOf(page, () =>
    page.locator('.result-detail').getByRole('button', { name: 'HTML report' }).click(),
  );
  const saved = testInfo.outputPath('report-fences.html');
  await writeFile(saved, file.bytes);
  const report = await openReport(page, saved);
  expect(report.problems).toEqual([]);
  const canvases = page.locator('figure.chart canvas');
  await expect(canvases).toHaveCount(facets);
  for (let i = 0; i < facets; i += 1) {
    const inked = await inkedPixels(canvases.nth(i));
    expect(inked, `plot ${i + 1}`).toBeGreaterThan(5000);
  }
  await page.screenshot({ path: testInfo.outputPath('report-fences.png'), fullPage: true });
});

test('HTML report in zh-CN: written in the UI’s language, its chart drawn in it', async ({
  page,
}, testInfo) => {
  await openResult(page, fixture.modes.name);
  await page.locator('#set-locale').selectOption('zh-CN');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.locator('.result-detail .live-chart')).toHaveAttribute('data-points', /[1-9]/);
  const file = await downloadOf(page, () =>
    page.locator('.result-detail').getByRole('button', { name: 'HTML 报告' }).click(),
  );
  await expect(page.getByTestId('export-status')).toHaveText(`已下载 ${file.name}。`);
  const saved = testInfo.outputPath('report.zh-CN.html');
  await writeFile(saved, file.bytes);
  await page.locator('#set-locale').selectOption('en');

  const report = await openReport(page, saved);
  expect(report.problems).toEqual([]);
  expect(report.inked).toBeGreaterThan(5000);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { level: 1, name: fixture.modes.name })).toBeVisible();
  await expect(page.getByRole('heading', { name: '各点', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: '主要比值' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('report-zh-CN.png'), fullPage: true });
});

test('the chapter’s RTX 5090 table is labelled published in the list, the detail and its report', async ({
  page,
}, testInfo) => {
  await openView(page, 'results');
  const row = page.locator('.results-table tbody tr').filter({ hasText: CHAPTER_MODES });
  await expect(row).toHaveCount(1);
  await expect(row.locator('.badge')).toHaveText(['reference', 'published, not measured here']);
  await row.getByRole('button', { name: CHAPTER_MODES }).click();
  await expect(page.locator('.result-detail .published-banner')).toHaveText(
    /Published in Chapter C-04 .*, not measured by this product\./,
  );
  await expect(page.locator('.result-detail .live-chart')).toHaveAttribute('data-points', '5');
  const file = await downloadOf(page, () =>
    page.locator('.result-detail').getByRole('button', { name: 'HTML report' }).click(),
  );
  const saved = testInfo.outputPath('chapter-report.html');
  await writeFile(saved, file.bytes);
  const report = await openReport(page, saved);
  expect(report.problems).toEqual([]);
  await expect(page.locator('.published-banner')).toContainText('not measured by this product');
  await expect(page.locator('canvas')).toHaveAttribute(
    'aria-label',
    /published, not measured by this product/,
  );
});

test('a run exported as JSON, deleted and imported again is listed again and equal to the original', async ({
  page,
}, testInfo) => {
  await openResult(page, fixture.modes.name);
  const exportJson = () =>
    downloadOf(page, () =>
      page.locator('.result-detail').getByRole('button', { name: 'JSON', exact: true }).click(),
    );
  const original = await exportJson();
  expect(original.name).toMatch(/\.json$/);
  const file = testInfo.outputPath(original.name);
  await writeFile(file, original.bytes);

  await page.locator('.result-detail').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: fixture.modes.name })).toHaveCount(0);

  await page.locator('#import-file').setInputFiles(file);
  await expect(page.getByTestId('import-message')).toHaveText(
    `${original.name}: imported as "${fixture.modes.name}".`,
  );
  await page.getByRole('button', { name: fixture.modes.name }).click();
  await expect(page.locator('.result-detail .live-chart')).toHaveAttribute('data-points', /[1-9]/);
  const again = await exportJson();
  expect(JSON.parse(again.bytes.toString('utf8'))).toEqual(JSON.parse(original.bytes.toString('utf8')));
  expect(again.bytes.equals(original.bytes)).toBe(true);
});

test('Compare view: the overlaid chart exports as PNG, and the comparison with the chapter’s table as an HTML report', async ({
  page,
}, testInfo) => {
  await openView(page, 'compare');
  const picks = page.locator('.pick');
  await picks.filter({ hasText: 'sweep_grid on NVIDIA H200' }).first().locator('input').check();
  await picks
    .filter({ hasText: /RTX 5090 grid\.sync\(\) vs grid size/ })
    .locator('input')
    .check();
  const chart = page.locator('.compare-chart');
  await expect(chart).toHaveAttribute('data-runs', '2');
  const png = await downloadOf(page, () => chart.getByRole('button', { name: 'Export PNG' }).click());
  const facts = await pngFacts(page, png.bytes);
  // The export size (docs/figures.md#export-size), not the window's.
  expect({ width: facts.width, height: facts.height }).toEqual({ width: 1600, height: 900 });
  expect(facts.notOpaque).toBe(0);

  const file = await downloadOf(page, () => page.getByRole('button', { name: 'HTML report' }).click());
  const saved = testInfo.outputPath('comparison-report.html');
  await writeFile(saved, file.bytes);
  const report = await openReport(page, saved);
  expect(report.requests).toEqual([]);
  expect(report.problems).toEqual([]);
  await expect(page.locator('html')).toHaveAttribute('data-charts', '3');
  await expect(page.getByRole('heading', { level: 1, name: 'Comparison of 2 runs' })).toBeVisible();
  await expect(page.locator('.published-banner')).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('comparison-report.png'), fullPage: true });
});
