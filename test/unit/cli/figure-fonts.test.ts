/**
 * The CLI's figures in Chinese on a host without a Chinese font (this one has none: fc-list shows DejaVu and
 * Liberation only): Noto Sans SC from @fontsource/noto-sans-sc draws every character (no missing-glyph boxes in
 * the PNG), a character no font has fails the export with exit 4 naming it, and the SVG writes whole strings in
 * a generic font stack with a <title> and <desc>, under 40 kB for `modes` (docs/figures.md#fonts).
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

import * as canvas from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';

import { undrawableCharacters } from '../../../electron/cli/figure-fonts';
import { main } from '../../../electron/cli/main';
import { FIGURE_FONT } from '../../../renderer/figures/plugins';
import { UI_ZH_CN } from '../../../electron/model/words/zh-CN/ui';
import { err } from './capture';

const REF = 'resources/reference';
const dir = () => mkdtempSync(path.join(tmpdir(), 'syncbench-fonts-'));

/** The dark pixels of `png` in a box (device pixels). */
async function inkIn(png: Buffer, box: { x: number; y: number; w: number; h: number }): Promise<number> {
  const image = await canvas.loadImage(png);
  const surface = canvas.createCanvas(image.width, image.height);
  const context = surface.getContext('2d');
  context.drawImage(image, 0, 0);
  const pixels = context.getImageData(box.x, box.y, box.w, box.h).data;
  let dark = 0;
  for (let i = 0; i < pixels.length; i += 4) if (pixels[i]! < 128) dark += 1;
  return dark;
}

describe('CLI figures in Chinese', () => {
  it('ship Noto Sans SC: the package’s Simplified Chinese file resolves', () => {
    const require = createRequire(import.meta.url);
    const file = '@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-400-normal.woff2';
    expect(existsSync(require.resolve(file))).toBe(true);
  });

  it('draw a zh-CN PNG with no missing-glyph box: every character of the chart words has its own glyph', async () => {
    const out = path.join(dir(), 'modes.png');
    expect(await main(['export', `${REF}/h200-modes.json`, '--locale', 'zh-CN', '--out', out])).toBe(0);
    // Registered by the export above: every character of the chart's words draws as itself, not as the box.
    const words = Object.values(UI_ZH_CN.chart).filter((w): w is string => typeof w === 'string');
    expect(undrawableCharacters(canvas, words)).toEqual([]);
    // And the rotated y-axis title "每次同步开销（ns）" is drawn where it stands (left edge, middle).
    expect(await inkIn(readFileSync(out), { x: 60, y: 250, w: 40, h: 300 })).toBeGreaterThan(300);
  });

  it('fail with exit 4 naming a character no font has, writing nothing', async () => {
    const result = JSON.parse(readFileSync(`${REF}/h200-modes.json`, 'utf8')) as { name: string };
    const file = path.join(dir(), 'odd.json');
    writeFileSync(file, JSON.stringify({ ...result, name: 'run \uE123' }));
    const out = path.join(dir(), 'odd.png');
    expect(await main(['export', file, '--out', out])).toBe(4);
    expect(err).toMatch(/no font here has "\uE123" \(U\+E123\)/);
    expect(existsSync(out)).toBe(false);
  });

  it('write an SVG of whole strings in a generic font stack, with <title> and <desc>, under 40 kB', async () => {
    const out = path.join(dir(), 'modes.svg');
    expect(await main(['export', `${REF}/h200-modes.json`, '--locale', 'zh-CN', '--out', out])).toBe(0);
    const svg = readFileSync(out, 'utf8');
    expect(svg.length).toBeLessThan(40_000);
    expect(svg).toMatch(
      /<svg [^>]*><title>modes — modes on NVIDIA H200<\/title><desc>中位数[^<]*NVIDIA H200/,
    );
    const texts = [...svg.matchAll(/<text ([^>]*)>([^<]*)<\/text>/g)];
    expect(texts.some(([, , text]) => text === UI_ZH_CN.chart.perSyncAxis.replace('{unit}', 'ns'))).toBe(
      true,
    );
    for (const [, attributes] of texts) {
      expect(attributes).toContain(`font-family="${FIGURE_FONT}"`);
      // One position per string, not one per glyph.
      expect(attributes).toMatch(/^x="-?[\d.]+" y="-?[\d.]+" /);
    }
    expect(FIGURE_FONT).toMatch(/, sans-serif$/);
  });
});
