/**
 * `syncbench export --format png|svg`: the figures of the app drawn without a browser (@napi-rs/canvas), the
 * same configuration as the app's (renderer/figures/figure.ts), and a refused --out extension.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { figureConfigs } from '../../../electron/cli/figure-image';
import { main } from '../../../electron/cli/main';
import { readResultFile } from '../../../electron/core/results/io';
import { isOverlay } from '../../../renderer/figures/datasets';

const REF = 'resources/reference';
let err = '';
beforeEach(() => {
  err = '';
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((err += String(chunk)), true));
  process.exitCode = undefined;
});
afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

const dir = () => mkdtempSync(path.join(tmpdir(), 'syncbench-figure-'));

describe('syncbench export --format png|svg', () => {
  it('draws a run as a 2× PNG on an opaque background, its format from --out', async () => {
    const out = path.join(dir(), 'modes.png');
    expect(await main(['export', `${REF}/h200-modes.json`, '--out', out, '--size', '800x400'])).toBe(0);
    const image = await loadImage(readFileSync(out));
    expect([image.width, image.height]).toEqual([1600, 800]);
    const canvas = createCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const corner = context.getImageData(0, 0, 1, 1).data;
    expect([...corner]).toEqual([255, 255, 255, 255]);
    // something besides the background is drawn: bars, text
    const pixels = context.getImageData(0, 0, image.width, image.height).data;
    let inked = 0;
    for (let i = 0; i < pixels.length; i += 4) if (pixels[i]! < 200) inked += 1;
    expect(inked).toBeGreaterThan(10_000);
  });

  it('draws at 800 × 450 CSS pixels by default (1600 × 900 PNG), facets stacked; --size changes a plot', async () => {
    const out = path.join(dir(), 'fences.png');
    expect(await main(['export', `${REF}/h200-fences.json`, '--out', out])).toBe(0);
    const image = await loadImage(readFileSync(out));
    // 24 series: three facets of 8 (docs/figures.md#many-series), each a 1600 × 900 plot.
    expect([image.width, image.height]).toEqual([1600, 3 * 900]);
    const svgOut = path.join(dir(), 'fences.svg');
    expect(await main(['export', `${REF}/h200-fences.json`, '--out', svgOut, '--size', '600x300'])).toBe(0);
    const svg = readFileSync(svgOut, 'utf8');
    expect(svg).toMatch(/^<\?xml[^>]*\?><svg [^>]*width="600" height="900"/);
    expect((svg.match(/<svg /g) ?? []).length).toBe(4);
    for (const scope of ['block', 'device', 'system']) expect(svg).toContain(`on NVIDIA H200 · ${scope}<`);
  });

  it('draws a comparison of many series as stacked plots of at most 8 lines', async () => {
    const out = path.join(dir(), 'pipeline.png');
    const files = [`${REF}/h200-pipeline.json`, `${REF}/h200-pipeline_b.json`];
    expect(await main(['export', ...files, '--out', out])).toBe(0);
    const image = await loadImage(readFileSync(out));
    // 20 series of 2 runs: six plots of at most 4 series (docs/figures.md#compare), each a 1600 × 900 plot.
    expect([image.width, image.height]).toEqual([1600, 6 * 900]);
    const results = await Promise.all(files.map((f) => readResultFile(f)));
    const configs = figureConfigs(results, { format: 'png' });
    expect(configs).toHaveLength(6);
    for (const config of configs)
      expect(config.data.datasets.filter((d) => !isOverlay(d)).length).toBeLessThanOrEqual(8);
  });

  it('refuses a --size that is not WxH in 100–4000 pixels, saying what is allowed', async () => {
    const out = path.join(dir(), 'modes.png');
    expect(await main(['export', `${REF}/h200-modes.json`, '--out', out, '--size', '800'])).toBe(2);
    expect(err).toMatch(/'800' is not a figure size; use WxH.*from 100 to 4000 \(e\.g\. 800x450\)/);
  });

  it('writes an SVG whose text carries its font as attributes, bold title, no style attributes', async () => {
    const out = path.join(dir(), 'sweep.svg');
    expect(await main(['export', `${REF}/h200-sweep.json`, '--format', 'svg', '--out', out])).toBe(0);
    const svg = readFileSync(out, 'utf8');
    expect(svg).toMatch(/^<\?xml[^>]*\?>\s*<svg/);
    expect(svg).not.toMatch(/\sstyle="/);
    const texts = [...svg.matchAll(/<text ([^>]*)>([^<]*)</g)];
    const title = texts.find(([, , content]) => content!.includes('sweep — '));
    expect(title?.[1]).toMatch(/font-weight="(bold|[6-9]00)"/);
    expect(title?.[1]).toMatch(/font-size="14"/);
    expect(texts.every(([, attributes]) => /font-family="[^"]+"/.test(attributes!))).toBe(true);
    // the provenance footer: device, date, app version, "reference" for a shipped dataset
    expect(svg).toMatch(/NVIDIA H200 · [^<]+ · Sync Workbench [^<]+ · reference dataset/);
  });

  it('names the runs of a comparison in the legend, in the chosen language', async () => {
    const files = [`${REF}/h200-sweep.json`, `${REF}/chapter-rtx5090-sweep.json`];
    const results = await Promise.all(files.map((f) => readResultFile(f)));
    const config = figureConfigs(results, { format: 'svg', locale: 'zh-CN' })[0]!;
    // The tooltip's name of a line is its run's full name; the legend's is its run's number, in zh-CN.
    const labels = config.data.datasets.map((d) => d.label);
    expect(labels[0]).toBe(`1: ${results[0]!.name} · warp`);
    expect(labels.every((l) => !/^Run \d/.test(l ?? ''))).toBe(true);
    expect((config.data.datasets[0] as { legendText?: string }).legendText).toBe('运行 1 · warp');
    expect(config.options?.plugins?.title?.text).toBe('2 个运行的对比');
    expect(config.options?.plugins?.provenance?.lines).toHaveLength(2);
  });

  it('refuses an --out extension that is not the figure format, naming the allowed ones (exit 2)', async () => {
    const out = path.join(dir(), 'modes.jpg');
    expect(await main(['export', `${REF}/h200-modes.json`, '--format', 'png', '--out', out])).toBe(2);
    expect(err).toMatch(
      /needs the extension \.png \(allowed for figures: \.png with --format png, \.svg with --format svg\)/,
    );
    expect(await main(['export', `${REF}/h200-modes.json`, '--format', 'png'])).toBe(2);
    expect(err).toMatch(/give --out FILE\.png/);
  });
});
