import { describe, expect, it } from 'vitest';

import { H200_MODES_EXAMPLE, launchShare } from '../../../electron/model/methods';
import { reference } from './reference';

describe('H200_MODES_EXAMPLE', () => {
  it('quotes the reference files it names, to 4 significant digits', () => {
    H200_MODES_EXAMPLE.files.forEach((file, run) => {
      const result = reference(file.replace('resources/reference/', ''));
      expect(result.provenance.device?.name).toBe(H200_MODES_EXAMPLE.device);
      expect(result.plan.params.iters).toBe(H200_MODES_EXAMPLE.iters);
      expect(result.provenance.startedAt.startsWith(H200_MODES_EXAMPLE.measured)).toBe(true);
      for (const layer of ['warp', 'block', 'grid'] as const) {
        const point = result.points.find((p) => p.series === layer)!;
        expect(point.launch.threadsPerBlock / 32).toBe(H200_MODES_EXAMPLE.warpsPerBlock);
        expect(point.launch.gridBlocks).toBe(H200_MODES_EXAMPLE.blocks);
        const quoted = H200_MODES_EXAMPLE.runs[run]![layer];
        expect(quoted.wholeKernelUs).toBe(Number((point.wholeKernelMs!.median * 1000).toPrecision(4)));
        expect(quoted.perSyncNs).toBe(Number(point.perSyncNs!.median.toPrecision(4)));
      }
    });
  });
});

describe('launchShare', () => {
  it('splits one short launch into its syncs and the rest (block, h200-modes_a)', () => {
    const block = reference('h200-modes_a.json').points.find((p) => p.series === 'block')!;
    const share = launchShare(block)!;
    expect(share.wholeKernelUs).toBeCloseTo(block.wholeKernelMs!.median * 1000, 9);
    expect(share.unitsUs).toBeCloseTo((256 * block.perSyncNs!.median) / 1000, 9);
    expect(share.restUs).toBeCloseTo(share.wholeKernelUs - share.unitsUs, 9);
    // 256 × 14.08 ns of back-to-back syncs in a 12.93 µs launch (2026-12-01): about 28 % of it.
    expect(share.share).toBeGreaterThan(0.25);
    expect(share.share).toBeLessThan(0.3);
  });

  it('counts units per iteration (fadd_check: 32 FADDs) and needs both figures', () => {
    const fadd = reference('h200-fadd_check.json').points[0]!;
    expect(launchShare(fadd)!.unitsUs).toBeCloseTo((fadd.iters.lo * 32 * fadd.perSyncNs!.median) / 1000, 9);
    expect(launchShare({ ...fadd, perSyncNs: null })).toBeNull();
    expect(launchShare({ ...fadd, wholeKernelMs: null })).toBeNull();
  });
});
