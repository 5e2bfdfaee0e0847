import Table from 'cli-table3';
import { describe, expect, it } from 'vitest';

import { formatResult } from '../../../electron/core/format';
import { drawTable } from '../../../electron/core/format/plain-table';
import { syntheticSweep } from '../../fixtures/synthetic-sweep';

/** The table as cli-table3 itself draws it with the options drawTable stands in for. */
function byCliTable3(head: string[], rows: string[][], colWidths?: number[]): string {
  const table = new Table({
    head,
    ...(colWidths ? { colWidths } : {}),
    style: { head: [], border: [], compact: true },
  });
  for (const row of rows) table.push(row);
  return table.toString();
}

const HEAD = ['#', 'label', 'ns', 'flags'];
/** Cells that cli-table3 measures or cuts in a particular way: empty, wide (CJK), emoji, combining, long. */
const CELLS = [
  '',
  '—',
  'a',
  '同步屏障',
  'ok ✅',
  'e\u0301tude',
  'x'.repeat(40),
  'grid, 16 warps × 132 blocks',
  '1.234',
];

function rowsOf(count: number): string[][] {
  return Array.from({ length: count }, (_, i) => [
    String(i),
    CELLS[i % CELLS.length]!,
    CELLS[(i * 7 + 3) % CELLS.length]!,
    CELLS[(i * 5 + 1) % CELLS.length]!,
  ]);
}

describe('drawTable', () => {
  it('draws the same characters as cli-table3 with widths from the cells', () => {
    const rows = rowsOf(60);
    expect(drawTable(HEAD, rows)).toBe(byCliTable3(HEAD, rows));
  });

  it('cuts text to fixed column widths as cli-table3 does, "…" included', () => {
    const rows = rowsOf(60);
    for (const widths of [
      [5, 12, 6, 9],
      [3, 3, 4, 2],
      [1, 7, 8, 30],
    ]) {
      expect(drawTable(HEAD, rows, widths)).toBe(byCliTable3(HEAD, rows, widths));
    }
  });

  it('draws a table of only its head as cli-table3 does', () => {
    expect(drawTable(HEAD, [])).toBe(byCliTable3(HEAD, []));
  });

  it('draws cells of several lines (a wrapped label) as cli-table3 does, cut line by line', () => {
    const rows = [
      ['1', 'two\nlines', '3', ''],
      ['2', 'one', 'a\nb\nc', 'x'],
      ['3', 'phases, state kept in shared\nmemory (grid.sync)', '4', '同步\n屏障'],
    ];
    expect(drawTable(HEAD, rows)).toBe(byCliTable3(HEAD, rows));
    expect(drawTable(HEAD, rows, [4, 8, 4, 4])).toBe(byCliTable3(HEAD, rows, [4, 8, 4, 4]));
    expect(drawTable(HEAD, rows).split('\n')).toHaveLength(3 + 2 + 3 + 2 + 1);
  });

  it('hands cells with escape codes to cli-table3', () => {
    const rows = [['2', '\u001b[1mbold\u001b[22m', '4', 'x']];
    expect(drawTable(HEAD, rows)).toBe(byCliTable3(HEAD, rows));
    expect(drawTable(HEAD, rows, [4, 8, 4, 4])).toBe(byCliTable3(HEAD, rows, [4, 8, 4, 4]));
  });

  // How fast is bench:exports' question (table format); this test checks that a long table is drawn whole.
  it('draws every one of 36,000 points (the row-by-row writer, not cli-table3)', () => {
    const result = syntheticSweep(36_000, 1);
    const wide = formatResult(result, 'table', { columns: 'all' });
    const compact = formatResult(result, 'table', { columns: 'compact' });
    // Heading, rule, head, rule, one line a point, rule, then ratios, notes and source lines.
    expect(wide.split('\n').length).toBeGreaterThan(36_000 + 4);
    expect(compact.split('\n').length).toBeGreaterThan(36_000 + 4);
  }, 60_000);
});
