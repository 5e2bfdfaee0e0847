/**
 * The exports of one run agree (docs/figures.md#exports-agree): Markdown and HTML name the median per sync with
 * its unit (no column names like perSyncNs_median), and give dates as dates, in English and Chinese; CSV keeps
 * the column names (docs/exports.md#csv-and-json-stay-english); the CLI's SVG footer says "reference dataset" for
 * a dataset shipped with the app. Each says where a run's numbers come from (docs/exports.md#provenance): the CLI's
 * Markdown, HTML and SVG of a shipped dataset say it is a reference dataset, the same exports of a copy of it
 * outside the shipped folder (a run the user has) never do, and CSV stays the bare point table.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { exportCommand } from '../../../electron/cli/export-command';
import { main } from '../../../electron/cli/main';
import { formatResult } from '../../../electron/core/format';
import { buildHtmlReport } from '../../../electron/core/report';
import type { ResultFile } from '../../../electron/model/results/schema';
import { NOW, readReportReferences, REF, STUB_ASSETS } from './report-fixtures';

let modes: ResultFile;
beforeAll(async () => {
  ({ modes } = await readReportReferences());
});
beforeEach(() => {
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
});
afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

/** The header cells of the Markdown tables of `md`. */
function markdownHeaders(md: string): string[] {
  const lines = md.split('\n');
  return lines
    .filter((line, i) => line.startsWith('| ') && /^\| -/.test(lines[i + 1] ?? ''))
    .flatMap((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((c) => c.trim()),
    );
}

describe('exports of one run agree', () => {
  it('Markdown: human headers with units and UTC dates, in English and Chinese', () => {
    const en = formatResult(modes, 'md');
    expect(markdownHeaders(en)).toEqual(expect.arrayContaining(['median per sync (ns)', 'stopped by']));
    // The method text may name a field in a formula; no header is a field name.
    expect(markdownHeaders(en).join(' | ')).not.toMatch(/perSyncNs_median|unitsPerIter|stoppedBy|_/);
    expect(en).toMatch(/\*\*Date:\*\* Dec 1, 2026, \d\d:\d\d:\d\d UTC to Dec 1, 2026/);
    const zh = formatResult(modes, 'md', { locale: 'zh-CN' });
    expect(markdownHeaders(zh)).toEqual(expect.arrayContaining(['每次同步 ns 中位数', '停止原因']));
    expect(zh).toMatch(/2026年12月1日 \d\d:\d\d:\d\d UTC/);
  });

  it('HTML: the same headers and dates as the Markdown', () => {
    const html = buildHtmlReport([modes], STUB_ASSETS, { now: NOW });
    expect(html).toContain('<th>median per sync (ns)</th>');
    expect(html).not.toContain('perSyncNs_median');
    expect(html).toContain('Jan 2, 2000, 03:04:05 UTC');
  });

  it('CSV keeps the column names; the CLI SVG says reference dataset', async () => {
    expect(formatResult(modes, 'csv').split('\n')[0]).toContain('perSyncNs_median');
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'syncbench-agree-')), 'modes.svg');
    expect(await main(['export', 'resources/reference/h200-modes.json', '--out', out])).toBe(0);
    const svg = readFileSync(out, 'utf8');
    expect(svg).toMatch(/<desc>[^<]*reference dataset \(shipped with the app\)<\/desc>/);
    expect(svg).toMatch(/>NVIDIA H200 · Dec 1, 2026 · Sync Workbench [^<]+ · reference dataset/);
  });
});

/** The report page folder for the CLI's html: stub assets (the host's part of the page only). */
function stubReportDir(dir: string): string {
  const reportDir = path.join(dir, 'report');
  mkdirSync(reportDir);
  writeFileSync(path.join(reportDir, 'report.js'), STUB_ASSETS.script);
  writeFileSync(path.join(reportDir, 'report.css'), STUB_ASSETS.css);
  return reportDir;
}

describe('every export says where the numbers come from', () => {
  const REFERENCE = 'reference dataset, not this GPU';

  /** The CLI's md, html, csv and svg of `file`, written into `dir`. */
  async function exportsOf(
    file: string,
    dir: string,
  ): Promise<Record<'md' | 'html' | 'csv' | 'svg', string>> {
    const reportDir = stubReportDir(dir);
    const out: Partial<Record<'md' | 'html' | 'csv' | 'svg', string>> = {};
    for (const format of ['md', 'html', 'csv', 'svg'] as const) {
      const target = path.join(dir, `out.${format}`);
      expect(await exportCommand([file], { format, out: target, reportDir })).toBe(0);
      out[format] = readFileSync(target, 'utf8');
    }
    return out as Record<'md' | 'html' | 'csv' | 'svg', string>;
  }

  it('a shipped dataset is a reference dataset in md, html and svg; csv is the point table only', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'syncbench-agree-ref-'));
    const got = await exportsOf(path.join(REF, 'h200-modes.json'), dir);
    expect(got.md.split('\n')[2]).toBe(
      `- **Provenance:** ${REFERENCE}: measured on NVIDIA H200 on Dec 1, 2026, 10:12:59 UTC, shipped with the app`,
    );
    expect(got.html).toContain(`<li><strong>Provenance:</strong> ${REFERENCE}: measured on NVIDIA H200`);
    expect(got.svg).toMatch(/>NVIDIA H200 · Dec 1, 2026 · Sync Workbench [^<]+ · reference dataset/);
    expect(got.csv.split('\n')[0]).toMatch(/^index,series,label,/);
    expect(got.csv).not.toMatch(/reference|measured on/);
  });

  it('a copy outside the shipped folder is measured on its device, never a reference dataset', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'syncbench-agree-own-'));
    const own = path.join(dir, 'h200-modes.json');
    copyFileSync(path.join(REF, 'h200-modes.json'), own);
    const got = await exportsOf(own, dir);
    expect(got.md.split('\n')[2]).toBe(
      '- **Provenance:** measured on NVIDIA H200 on Dec 1, 2026, 10:12:59 UTC',
    );
    expect(got.html).toContain('<li><strong>Provenance:</strong> measured on NVIDIA H200 on Dec 1, 2026');
    for (const text of [got.md, got.html, got.svg]) expect(text).not.toMatch(/reference dataset/);
    expect(got.svg).toMatch(/>NVIDIA H200 · Dec 1, 2026 · Sync Workbench [^<]+</);
  });

  it('a published result says published with its citation in md and html', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'syncbench-agree-pub-'));
    const got = await exportsOf(path.join(REF, 'chapter-rtx5090-modes.json'), dir);
    expect(got.md.split('\n')[2]).toMatch(
      /^- \*\*Provenance:\*\* published, not measured by this product: Chapter C-04 on sync layers/,
    );
    expect(got.html).toMatch(
      /<li><strong>Provenance:<\/strong> published, not measured by this product: Chapter C-04/,
    );
    expect(got.md).not.toContain(REFERENCE);
    expect(got.svg).toMatch(/published \(not measured by Sync Workbench\)/);
  });
});
