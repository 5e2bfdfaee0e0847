import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';

import { readResultFile } from '../../../electron/core/results/io';
import {
  formatCompactTable,
  sharedShape,
  TABLE_WIDTH,
  wrapLabel,
} from '../../../electron/core/format/compact-table';
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

  it('wraps a long label within its column at spaces, never cutting it; every line TABLE_WIDTH wide', async () => {
    const result = await readResultFile('resources/reference/chapter-rtx5090-modes.json');
    const text = formatCompactTable(result);
    expect(text).toContain('Every point: 8 warps × 170 blocks');
    expect(text).not.toContain('…');
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.startsWith('│ 3 '));
    const cell = (line: string) => line.split('│')[2]!.trim();
    expect(`${cell(lines[at]!)} ${cell(lines[at + 1]!)}`).toBe('phases, one cooperative kernel (grid.sync)');
    expect(lines[at + 1]!.startsWith('│     │')).toBe(true);
    for (const line of lines.filter((l) => /^[┌├│└]/.test(l))) expect(stringWidth(line)).toBe(TABLE_WIDTH);
  });
});

describe('wrapLabel', () => {
  it('keeps a label that fits, breaks at spaces, and splits only a word longer than the width', () => {
    expect(wrapLabel('grid, 8 warps', 20)).toBe('grid, 8 warps');
    expect(wrapLabel('phases, one cooperative kernel (grid.sync)', 20)).toBe(
      'phases, one\ncooperative kernel\n(grid.sync)',
    );
    expect(wrapLabel('cuda::barrier::arrive_and_wait() x', 10)).toBe(
      'cuda::barr\nier::arriv\ne_and_wait\n() x',
    );
    for (const line of wrapLabel('同步屏障 同步屏障同步屏障 x', 6).split('\n'))
      expect([...line].length).toBeLessThanOrEqual(6);
  });
});

describe('sharedShape', () => {
  it('finds the shape after ", " or ": " that every label ends with, or none', () => {
    expect(sharedShape(['warp: 8 warps × 2 blocks', 'phases, two kernels: 8 warps × 2 blocks'])).toBe(
      ': 8 warps × 2 blocks',
    );
    expect(sharedShape(['a, 1 warp × 1 block', 'b, 1 warp × 1 block'])).toBe(', 1 warp × 1 block');
    expect(sharedShape(['a, 1 warp', 'b, 2 warps'])).toBe('');
    expect(sharedShape(['only, one'])).toBe('');
  });
});
