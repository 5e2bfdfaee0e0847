/**
 * A comparison's labels in the UI's language (electron/model/compare/labels.ts): each row and cell carries its
 * point's launch, so in zh-CN the shared label and every run's own label are rebuilt in Chinese from it, as Results
 * rebuilds point labels; in English the recorded labels stay.
 */
import { describe, expect, it } from 'vitest';

import { compareResults } from '../../../electron/model/compare/compare';
import { cellLabel, rowLabel } from '../../../electron/model/compare/labels';
import { reference } from '../methods/reference';

const LATIN_WORD = /[A-Za-z]{3,}/g;
/** Latin words left once API names (with `()` or `::`) and grid.sync are taken out. */
const english = (text: string) => text.replace(/[\w:.]*\(\)|grid\.sync/g, ' ').match(LATIN_WORD) ?? [];

describe('comparison labels', () => {
  it('carry each run’s own launch: the H200’s 132 blocks and the RTX 5090’s 170', () => {
    const c = compareResults([reference('h200-modes.json'), reference('chapter-rtx5090-modes.json')]);
    const warp = c.rows.find((r) => r.series === 'warp')!;
    expect(warp.cells.map((cell) => cell!.launch.gridBlocks)).toEqual([132, 170]);
    // The labels differ (another launch shape): the row names the series, each cell its own shape in Chinese.
    expect(warp.launch).toBeNull();
    expect(rowLabel(warp, 'zh-CN')).toEqual({ text: 'warp', english: false });
    expect(warp.cells.map((cell) => cellLabel(cell!, 'zh-CN').text)).toEqual([
      '线程束：8 个线程束 × 132 个线程块',
      '线程束：8 个线程束 × 170 个线程块',
    ]);
    expect(cellLabel(warp.cells[1]!, 'en')).toEqual({ text: 'warp: 8 warps × 170 blocks', english: false });
  });

  it('rebuild every row and cell of two H200 runs in zh-CN with no English left, and keep English in en', () => {
    const modes = reference('h200-modes.json');
    const c = compareResults([modes, { ...modes, id: 'copy' }]);
    expect(c.rows.length).toBeGreaterThan(0);
    for (const row of c.rows) {
      expect(row.launch).not.toBeNull();
      const zh = rowLabel(row, 'zh-CN');
      expect(zh.english, row.label).toBe(false);
      expect(english(zh.text), zh.text).toEqual([]);
      expect(rowLabel(row, 'en')).toEqual({ text: row.label, english: false });
      for (const cell of row.cells) expect(english(cellLabel(cell!, 'zh-CN').text)).toEqual([]);
    }
  });
});
