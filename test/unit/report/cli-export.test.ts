/** `syncbench export ... --format html` from the CLI's command: one run, a comparison, and its refusals. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { exportCommand } from '../../../electron/cli/export-command';
import { buildReportAssets } from './built-assets';

const REF = path.resolve(import.meta.dirname, '../../../resources/reference');
let assetsDir: string;
let out: string;

beforeAll(async () => {
  assetsDir = (await buildReportAssets()).dir;
  out = await mkdtemp(path.join(os.tmpdir(), 'syncbench-cli-html-'));
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
}, 120_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await rm(assetsDir, { recursive: true, force: true });
  await rm(out, { recursive: true, force: true });
});

describe('syncbench export --format html', () => {
  it('writes the report of one run (format from the extension)', async () => {
    const file = path.join(out, 'modes.html');
    const code = await exportCommand([`${REF}/h200-modes.json`], { out: file, reportDir: assetsDir });
    expect(code).toBe(0);
    const html = await readFile(file, 'utf8');
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<h1>modes on NVIDIA H200</h1>');
  });

  it('writes the report of a comparison of several runs', async () => {
    const file = path.join(out, 'cmp.html');
    const files = [`${REF}/h200-modes_a.json`, `${REF}/h200-modes_b.json`];
    expect(await exportCommand(files, { format: 'html', out: file, reportDir: assetsDir })).toBe(0);
    expect(await readFile(file, 'utf8')).toContain('<h1>Comparison of 2 runs</h1>');
  });

  it('writes the report in the language of --locale', async () => {
    const file = path.join(out, 'modes.zh-CN.html');
    const code = await exportCommand([`${REF}/h200-modes.json`], {
      out: file,
      reportDir: assetsDir,
      locale: 'zh-CN',
    });
    expect(code).toBe(0);
    const html = await readFile(file, 'utf8');
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('<h2>主要比值</h2>');
  });

  it('refuses several files for a text format, and says how to build a missing report page', async () => {
    const files = [`${REF}/h200-modes_a.json`, `${REF}/h200-modes_b.json`];
    expect(await exportCommand(files, { format: 'csv' })).toBe(2);
    const missing = path.join(out, 'no-assets');
    expect(await exportCommand([`${REF}/h200-modes.json`], { format: 'html', reportDir: missing })).toBe(1);
    expect(process.stderr.write).toHaveBeenCalledWith(expect.stringContaining('npm run build:report'));
  });
});
