/**
 * "This GPU vs A100" in Compare: the shipped H200 sweep (measured) against SyncPerformance's published A100 and
 * RTX 4090 sweeps (resources/reference/syncperformance-*-sweep.json). Rows match by series and x although the
 * launches differ (132 vs 108 vs 128 blocks); the published run is named as such; points only one run has are
 * counted, not dropped.
 */
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { compareResults } from '../../../electron/core/compare';
import { LARGE_THRESHOLD } from '../../../electron/model/compare/verdict';
import { readResultFile } from '../../../electron/core/results/io';
import type { ResultFile } from '../../../electron/model/results/schema';
import { REFERENCE_DIR } from '../../../scripts/make-syncperformance-reference';

const load = (id: string) => readResultFile(path.join(REFERENCE_DIR, `${id}.json`));
const at = (r: ResultFile, series: string, x: number) =>
  r.points.find((p) => p.series === series && p.x === x)!.perSyncNs!.median;

describe('Compare: a measured sweep against the published A100 sweep', () => {
  it('lines up __syncthreads at 1–32 warps and __syncwarp at 1 warp, with ratios over the first run', async () => {
    const [h200, a100] = await Promise.all([load('h200-sweep'), load('syncperformance-a100-sweep')]);
    const c = compareResults([h200, a100]);
    expect(c.runs.map((r) => [r.deviceName, r.sourceKind])).toEqual([
      ['NVIDIA H200', 'measured'],
      ['NVIDIA A100-PCIE-40GB', 'published'],
    ]);
    const block = c.rows.filter((r) => r.series === 'block');
    expect(block.map((r) => r.x)).toEqual([1, 2, 4, 8, 16, 32]);
    for (const row of block) {
      expect(row.basis).toBe('perSyncNs');
      const [mine, theirs] = row.cells;
      expect(mine!.perSyncNs!.median).toBe(at(h200, 'block', row.x!));
      expect(theirs!.perSyncNs!.median).toBe(at(a100, 'block', row.x!));
      expect(theirs!.ratio).toBeCloseTo(at(a100, 'block', row.x!) / at(h200, 'block', row.x!), 12);
      expect(theirs!.delta).toBeCloseTo(at(a100, 'block', row.x!) - at(h200, 'block', row.x!), 12);
      // A published median has no interval: only a difference beyond LARGE_THRESHOLD is called.
      const rel = theirs!.ratio! - 1;
      expect(theirs!.verdict).toBe(
        Math.abs(rel) > LARGE_THRESHOLD ? (rel > 0 ? 'slower' : 'faster') : 'unclear',
      );
    }
    const warp = c.rows.filter((r) => r.series === 'warp');
    expect(warp.map((r) => [r.x, r.cells[1] === null])).toEqual([
      [1, false],
      [2, true],
      [4, true],
      [8, true],
      [16, true],
      [32, true],
    ]);
    const messages = c.differences.map((d) => d.message).join('\n');
    expect(messages).toContain('Run 2 is published data, not measured by this product');
    expect(messages).toContain('Run 2 lacks 5 of the 12 points');
  });

  it('puts three GPUs side by side: each published sweep on the rows of the measured one', async () => {
    const runs = await Promise.all(
      ['h200-sweep', 'syncperformance-a100-sweep', 'syncperformance-rtx4090-sweep'].map(load),
    );
    const c = compareResults(runs);
    expect(c.rows).toHaveLength(12);
    const at8 = c.rows.find((r) => r.series === 'block' && r.x === 8)!;
    expect(at8.cells.map((cell) => cell!.perSyncNs!.median)).toEqual(runs.map((r) => at(r, 'block', 8)));
    expect(at8.cells.map((cell) => cell!.ratio === null)).toEqual([true, false, false]);
  });
});
