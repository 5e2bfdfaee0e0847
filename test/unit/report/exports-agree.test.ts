/**
 * The exports of one run agree (docs/figures.md#exports-agree): Markdown and HTML name the median per sync with
 * its unit (no column names like perSyncNs_median), and give dates as dates, in English and Chinese; CSV keeps
 * the column names (docs/exports.md#csv-and-json-stay-english); the CLI's SVG footer says "reference dataset" for
 * a dataset shipped with the app.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { main } from '../../../electron/cli/main';
import { formatResult } from '../../../electron/core/format';
import { buildHtmlReport } from '../../../electron/core/report';
import type { ResultFile } from '../../../electron/model/results/schema';
import { NOW, readReportReferences, STUB_ASSETS } from './report-fixtures';

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
