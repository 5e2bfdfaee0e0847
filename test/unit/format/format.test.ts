import { parse } from 'csv-parse/sync';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';

import {
  columnNames,
  displayRow,
  INCORRECT_LABEL,
  POINT_COLUMNS,
} from '../../../electron/model/format/columns';
import { formatResult, RESULT_FORMATS } from '../../../electron/core/format/index';
import { parseResultFile } from '../../../electron/core/results/io';
import type { ResultFile } from '../../../electron/model/results/schema';
import { expectGolden } from '../../golden/golden';
import { syntheticResult } from '../../fixtures/synthetic-result';

/** A result whose labels need quoting in CSV and escaping in Markdown. */
/** Labels a table must escape; `secondLabel` with a newline is one no reader accepts from a file (safe text). */
function awkwardResult(secondLabel = 'warp\nsecond line'): ResultFile {
  return syntheticResult({
    points: [
      { series: 'block', label: 'block, "8 warps" | <b>wide</b> & [x](y)', perSyncNs: 11.5 },
      { series: 'warp', label: secondLabel, perSyncNs: 8.9, x: 0.1 + 0.2 },
    ],
  });
}

/** The cells of the Markdown table that starts with the point columns' header. */
function markdownPointRows(md: string): string[][] {
  const lines = md.split('\n');
  const start = lines.findIndex((l) => /^\| # +\| series /.test(l));
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((c) => c.trim().replace(/\\\|/g, '|'));
    rows.push(cells);
  }
  return rows;
}

describe('formatResult', () => {
  it('json: the whole result file, read back equal', () => {
    const readable = awkwardResult('warp, second \u00ab line \u00bb');
    for (const result of [syntheticResult(), readable, syntheticResult({ sourceKind: 'published' })]) {
      expect(parseResultFile(formatResult(result, 'json'), 'export.json')).toEqual(result);
    }
  });

  it('json: a file whose label carries a control character is refused with the field', () => {
    expect(() => parseResultFile(formatResult(awkwardResult(), 'json'), 'export.json')).toThrow(
      'export.json: points[1].label: must not contain control characters such as U+000A',
    );
  });

  it('csv: the point columns, every value read back exactly', () => {
    for (const result of [syntheticResult(), awkwardResult()]) {
      const rows = parse(formatResult(result, 'csv')) as string[][];
      expect(rows[0]).toEqual(columnNames());
      expect(rows).toHaveLength(result.points.length + 1);
      result.points.forEach((point, i) => {
        POINT_COLUMNS.forEach((column, j) => {
          const cell = rows[i + 1]?.[j];
          const value = column.value(point);
          if (value === null) expect(cell, column.name).toBe('');
          else if (typeof value === 'number') expect(Number(cell), column.name).toBe(value);
          else expect(cell, column.name).toBe(String(value));
        });
      });
    }
  });

  it('csv: text a spreadsheet would run as a formula is escaped, negative numbers are not', () => {
    const result = syntheticResult({
      points: [{ series: '=HYPERLINK("x")', label: '@label', perSyncNs: 1 }],
    });
    result.points[0]!.perSyncNs!.p10 = -0.5;
    const row = (parse(formatResult(result, 'csv')) as string[][])[1]!;
    expect(row.slice(1, 3)).toEqual(['\'=HYPERLINK("x")', "'@label"]);
    expect(row[columnNames().indexOf('perSyncNs_p10')]).toBe('-0.5');
  });

  it('md: the same columns, cells as displayed, pipes and HTML escaped and lines flattened', () => {
    const result = awkwardResult();
    const md = formatResult(result, 'md');
    const unescaped = (cell: string) => cell.replace(/\\([\\<>&[\]*_`])/g, '$1');
    const rows = markdownPointRows(md).map((row) => row.map(unescaped));
    expect(rows).toEqual(result.points.map((p) => displayRow(p).map((c) => c.replace(/\s*\n\s*/g, ' '))));
    expect(rows[0]?.[2]).toBe('block, "8 warps" | <b>wide</b> & [x](y)');
    expect(md).toContain('block, "8 warps" \\| \\<b\\>wide\\</b\\> \\& \\[x\\](y)');
  });

  it('md: emphasis and code marks in a name, label or note read as written, not as bold or code', () => {
    const result = syntheticResult({
      name: 'run **b** `c`',
      points: [{ series: 'warp', label: 'warp __bold__ *em* `code` \\`', perSyncNs: 8.9 }],
    });
    result.notes = ['note _em_ **b**'];
    const md = formatResult(result, 'md');
    expect(md).toContain('# run \\*\\*b\\*\\* \\`c\\`');
    expect(md).toContain('warp \\_\\_bold\\_\\_ \\*em\\* \\`code\\` \\\\\\`');
    const html = new MarkdownIt().render(md);
    expect(html).not.toMatch(/<strong>(b|bold)<\/strong>|<em>em<\/em>|<code>(c|code)<\/code>/);
    expect(html).toContain('run **b** `c`');
    expect(html).toContain('warp __bold__ *em* `code` \\`');
    expect(html).toContain('note _em_ **b**');
  });

  it('md: a raw <script> in a name, label or note does not survive as HTML', () => {
    const result = syntheticResult({
      name: '<script>alert(1)</script> run',
      points: [{ series: 'warp', label: '<img src=x onerror=alert(1)>', perSyncNs: 8.9 }],
    });
    result.notes = ['see <script src="//evil.example/x.js"></script>'];
    const md = formatResult(result, 'md');
    expect(md).not.toMatch(/(?<!\\)<(script|img|\/script)/);
    expect(md).toContain('# \\<script\\>alert(1)\\</script\\> run');
  });

  it('table: the same columns, each point on one row', () => {
    const result = syntheticResult();
    const text = formatResult(result, 'table');
    const header = text.split('\n').find((l) => l.includes(' index '));
    expect(
      header
        ?.split('│')
        .map((c) => c.trim())
        .filter(Boolean),
    ).toEqual(columnNames());
    for (const point of result.points) {
      const line = text.split('\n').find((l) => l.startsWith(`│ ${point.index} `));
      expect(
        line
          ?.split('│')
          .map((c) => c.trim())
          .slice(1, -1),
      ).toEqual(displayRow(point).map((c) => c.trim()));
    }
  });

  it('shows incorrect points labelled and keeps them out of the ratios', () => {
    const result = syntheticResult();
    const flag = result.points.find((p) => p.incorrect);
    const block = result.points.find((p) => p.series === 'block');
    result.ratios.push({
      name: 'flag/block',
      value: 0.3,
      numerator: flag!.label,
      denominator: block!.label,
      basis: 'perSyncNs',
    });
    for (const format of ['md', 'table'] as const) {
      const text = formatResult(result, format);
      expect(text).toContain(INCORRECT_LABEL);
      expect(text).toContain('grid/block');
      expect(text).not.toContain('flag/block');
    }
  });

  it('says where published numbers come from and that they were not measured here', () => {
    const md = formatResult(syntheticResult({ sourceKind: 'published' }), 'md');
    expect(md).toContain(
      'Published reference, not measured by this product: Synthetic citation (test fixture), 2000.',
    );
    expect(md).toContain('no samples, no spread and no confidence interval');
  });

  it('ends every format with a newline', () => {
    for (const format of RESULT_FORMATS)
      expect(formatResult(syntheticResult(), format).endsWith('\n')).toBe(true);
  });

  it('matches the golden files', () => {
    expectGolden('synthetic-modes.md.golden', formatResult(syntheticResult(), 'md'));
    expectGolden('synthetic-modes.csv.golden', formatResult(syntheticResult(), 'csv'));
    expectGolden(
      'synthetic-published.md.golden',
      formatResult(syntheticResult({ sourceKind: 'published' }), 'md'),
    );
  });
});
