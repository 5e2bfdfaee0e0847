/**
 * Figures in headless Chromium: an exported SVG, rasterised by Chromium, draws its title
 * bold in the app's font; the CLI's PNG of a run equals the app's (same configuration, pixels within a
 * tolerance); switching to zh-CN changes every view's heading; the Lab names the edge a host -> GPU dependency
 * needs.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { createCanvas, loadImage } from '@napi-rs/canvas';
import { expect, test, type Download, type Page } from '@playwright/test';

import { drawFigure, figureConfigs } from '../../electron/cli/figure-image';
import { readResultFile } from '../../electron/core/results/io';
import { UI_EN as en } from '../../electron/model/words/en/ui';
import { UI_ZH_CN as zhCN } from '../../electron/model/words/zh-CN/ui';
import { fixture, openView } from './app';

async function downloadOf(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [download] = (await Promise.all([page.waitForEvent('download'), click()])) as [Download, void];
  return readFile(await download.path());
}

async function openModes(page: Page): Promise<void> {
  await openView(page, 'results');
  await page.getByRole('button', { name: fixture.modes.name, exact: true }).click();
  await expect(page.locator('.result-detail .live-chart')).toHaveAttribute('data-points', /[1-9]/);
}

test('an exported SVG, rasterised by Chromium, has its title bold in the app’s font, with no CSP violation', async ({
  page,
  browser,
}) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await openModes(page);
  const appFont = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  const svg = (
    await downloadOf(page, () =>
      page.locator('.result-detail').getByRole('button', { name: 'Export SVG' }).click(),
    )
  ).toString('utf8');
  expect(violations).toEqual([]);
  expect(svg).not.toMatch(/font-family=""|font-size=""|text-decoration="undefined"/);

  // A page of its own (no app CSP) lays the SVG out and rasterises it.
  const blank = await browser.newPage();
  await blank.setContent(
    `<!doctype html><body style="margin:0">${svg.replace(/^<\?xml[^>]*\?>/, '')}</body>`,
  );
  const title = await blank.evaluate((font) => {
    const texts = [...document.querySelectorAll('svg text')] as SVGTextElement[];
    const el = texts.find((t) => t.textContent?.startsWith('modes — '))!;
    const style = getComputedStyle(el);
    const measure = document.createElement('canvas').getContext('2d')!;
    measure.font = `bold 14px ${font}`;
    const bold = measure.measureText(el.textContent!).width;
    measure.font = `14px ${font}`;
    const regular = measure.measureText(el.textContent!).width;
    return {
      weight: style.fontWeight,
      family: style.fontFamily,
      size: style.fontSize,
      width: el.getComputedTextLength(),
      bold,
      regular,
    };
  }, appFont);
  expect(title.weight).toBe('700');
  expect(title.family).toBe(appFont);
  expect(title.size).toBe('14px');
  // The width the text takes is the bold app font's, not the regular one's (nor 16 px serif's).
  expect(Math.abs(title.width - title.bold)).toBeLessThan(2);
  expect(Math.abs(title.width - title.regular)).toBeGreaterThan(4);
  const inked = await blank.evaluate(async (text) => {
    const img = new Image();
    img.src = `data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(text)))}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const px = ctx.getImageData(0, 0, canvas.width, 60).data;
    let dark = 0;
    for (let i = 0; i < px.length; i += 4) if (px[i]! < 128) dark += 1;
    return dark;
  }, svg);
  expect(inked).toBeGreaterThan(200);
  await blank.close();
});

test('the CLI’s PNG of a run equals the app’s: same configuration, pixels within a tolerance', async ({
  page,
}) => {
  await openModes(page);
  const app = await downloadOf(page, () =>
    page.locator('.result-detail').getByRole('button', { name: 'Export PNG' }).click(),
  );
  const appImage = await loadImage(app);
  const size = { width: appImage.width / 2, height: appImage.height / 2 };
  const result = await readResultFile(path.join(fixture.resultsDir, `${fixture.modes.id}.json`));
  const cli = await loadImage(drawFigure(figureConfigs([result], { format: 'png' }), 'png', size));
  expect([cli.width, cli.height]).toEqual([appImage.width, appImage.height]);
  const pixels = (image: typeof cli) => {
    const canvas = createCanvas(image.width, image.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(image, 0, 0);
    return ctx.getImageData(0, 0, image.width, image.height).data;
  };
  const a = pixels(appImage);
  const b = pixels(cli);
  let differ = 0;
  for (let i = 0; i < a.length; i += 4) {
    if (
      Math.max(Math.abs(a[i]! - b[i]!), Math.abs(a[i + 1]! - b[i + 1]!), Math.abs(a[i + 2]! - b[i + 2]!)) > 64
    ) {
      differ += 1;
    }
  }
  // Bars, axes, grid and background coincide; text is rasterised by two font engines (Chromium, Skia).
  expect(differ / (a.length / 4)).toBeLessThan(0.03);
});

/** The messages of a message file as "a.b.c" -> text. */
function flatten(messages: object, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(messages).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[`${prefix}${key}`, value]]
        : Object.entries(flatten(value as object, `${prefix}${key}.`)),
    ),
  );
}

test('switching to zh-CN changes every view’s heading, and back', async ({ page }) => {
  const views = ['device', 'run', 'results', 'wizard', 'lab', 'compare', 'methods'] as const;
  await openView(page, 'device');
  await page.locator('#set-locale').selectOption('zh-CN');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  for (const view of views) {
    await openView(page, view);
    await expect(page.locator('main h2').first()).toHaveText(zhCN.views[view].title);
    expect(zhCN.views[view].title).not.toBe(en.views[view].title);
  }
  await expect(page.getByTestId('views-nav')).toContainText(zhCN.nav.wizard);
  // Every heading, column header and button of a view with a result open is in Chinese: none reads as an English
  // message that has a Chinese one.
  const englishOnly = new Set(
    Object.entries(flatten(en))
      .filter(([key, text]) => flatten(zhCN)[key] !== text && !text.includes('{'))
      .map(([, text]) => text),
  );
  await openView(page, 'results');
  await page.getByRole('button', { name: fixture.sweep.name }).click();
  await expect(page.locator('.result-detail .live-chart')).toHaveAttribute('data-points', /[1-9]/);
  for (const view of ['results', 'device', 'lab', 'wizard', 'compare'] as const) {
    if (view !== 'results') await openView(page, view);
    const texts = await page
      .locator('main h2, main h3, main th[scope="col"], main button, main legend')
      .allInnerTexts();
    expect(
      texts.map((t) => t.trim()).filter((t) => englishOnly.has(t)),
      view,
    ).toEqual([]);
  }
  await page.locator('#set-locale').selectOption('en');
  await expect(page.locator('main h2').first()).toHaveText(en.views.compare.title);
});

test('the Lab names the edge a host -> GPU dependency needs, never "none"', async ({ page }) => {
  await openView(page, 'lab');
  await page.locator('#agent-x').selectOption('host');
  await page.locator('#storage-x').selectOption('global');
  const edge = page.locator('tr[data-edge="x->z"]');
  await expect(edge).toContainText('host');
  await expect(edge.locator('.recommendation code')).toHaveText('kernel-boundary');
  await expect(edge.locator('.recommendation')).toContainText('launch');
  await page.locator('#agent-x').selectOption('thread');
  await page.locator('#storage-x').selectOption('registers');
});
