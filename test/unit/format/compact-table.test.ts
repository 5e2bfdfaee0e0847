import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';

import { formatCompactTable, TABLE_WIDTH } from '../../../electron/core/format/compact-table';
import { syntheticSweep } from '../../fixtures/synthetic-sweep';

/** The point rows of a compact table: lines that start with the border and a number. */
function pointRows(text: string): string[] {
  return text.split('\n').filter((line) => /^│ \d/.test(line));
}

describe('formatCompactTable', () => {
  it('shows every index whole when a sweep has 1,000 points or more, within TABLE_WIDTH', () => {
    const text = formatCompactTable(syntheticSweep(12_000, 1));
    const rows = pointRows(text);
    expect(rows).toHaveLength(12_000);
    rows.forEach((row, i) => expect(row.startsWith(`│ ${i} `)).toBe(true));
    for (const line of text.split('\n').filter((l) => /^[┌├│└]/.test(l))) {
      expect(stringWidth(line)).toBe(TABLE_WIDTH);
    }
  });

  it('keeps the index column 5 wide for fewer than 1,000 points', () => {
    const rows = pointRows(formatCompactTable(syntheticSweep(999, 1)));
    expect(rows[998]!.startsWith('│ 998 │')).toBe(true);
    expect(stringWidth(rows[0]!)).toBe(TABLE_WIDTH);
  });
});
