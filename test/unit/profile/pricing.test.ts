import { describe, expect, it } from 'vitest';

import { profileToMarkdown } from '../../../electron/model/profile/markdown';
import { nearestRow, PRICED_BY, type PriceRow } from '../../../electron/model/profile/pricing';
import { fixtureProfile } from './fixtures';

const ROWS: PriceRow[] = [
  {
    workload: 'syncthreads',
    param: null,
    perSyncNs: 14,
    label: 'block',
    sourceLabel: 'measured here',
    sourceKind: 'measured',
    threadsPerBlock: null,
    gridBlocks: null,
  },
  {
    workload: 'fence',
    param: 1,
    perSyncNs: 130,
    label: 'fence gpu',
    sourceLabel: 'reference dataset, not this GPU',
    sourceKind: 'reference',
    threadsPerBlock: null,
    gridBlocks: null,
  },
];

describe('pricing', () => {
  it('prices a kernel at the measured shape nearest its own: threads per block first, then grid blocks', () => {
    const row = (threadsPerBlock: number, gridBlocks: number, perSyncNs: number): PriceRow => ({
      ...ROWS[0]!,
      perSyncNs,
      label: `${threadsPerBlock}x${gridBlocks}`,
      threadsPerBlock,
      gridBlocks,
    });
    const rows = [row(256, 132, 14), row(1024, 132, 40), row(1024, 264, 41), row(32, 132, 5)];
    // block_reduce runs 264 blocks of 1,024 threads (32 warps).
    const k = fixtureProfile('block_reduce', rows).kernels[0]!;
    const bar = k.pricing.prices.find((p) => p.kind === 'blockBarrier')!;
    expect(bar.perSyncNs).toBe(41);
    expect(bar.label).toBe('1024x264');
    const by = PRICED_BY[0]!;
    expect(nearestRow(rows, by, { threadsPerBlock: 256, gridBlocks: 264 })?.label).toBe('256x132');
    expect(nearestRow(rows, by, { threadsPerBlock: 64, gridBlocks: 132 })?.label).toBe('32x132');
    expect(nearestRow([], by, { threadsPerBlock: 64, gridBlocks: 132 })).toBeUndefined();
  });

  it('prices syncs per warp × per-sync cost as a lower bound below the duration', () => {
    const k = fixtureProfile('block_reduce', ROWS).kernels[0]!;
    const bar = k.pricing.prices.find((p) => p.kind === 'blockBarrier')!;
    // 5,947,392 BARs over 264 blocks × 32 warps = 704 per warp.
    expect(bar.syncsPerWarp).toBe(704);
    expect(bar.lowerBoundNs).toBe(704 * 14);
    expect(k.pricing.lowerBoundNs).toBe(704 * 14);
    expect(k.pricing.lowerBoundPctOfDuration).toBeCloseTo((100 * 704 * 14) / 109600, 9);
    expect(k.pricing.lowerBoundNs!).toBeLessThan(k.medianDurationNs!);
  });

  it('prices fences by scope, and a kind without a measurement says what to run', () => {
    const k = fixtureProfile('phases_coop', ROWS).kernels[0]!;
    const fence = k.pricing.prices.find((p) => p.kind === 'fence' && p.scope === 'device')!;
    expect(fence.perSyncNs).toBe(130);
    expect(fence.sourceLabel).toBe('reference dataset, not this GPU');
    const warp = k.pricing.prices.find((p) => p.kind === 'warpSync')!;
    expect(warp.perSyncNs).toBeNull();
    expect(warp.missing).toMatch(/syncbench run --mode modes/);
  });

  it('without rows nothing is priced and no bound is given', () => {
    const k = fixtureProfile('block_reduce').kernels[0]!;
    expect(k.pricing.lowerBoundNs).toBeNull();
    expect(k.pricing.prices.every((p) => p.perSyncNs === null)).toBe(true);
  });

  it('the Markdown says LOWER BOUND and load imbalance beside the stall share', () => {
    const md = profileToMarkdown(fixtureProfile('block_reduce', ROWS));
    expect(md).toMatch(/LOWER BOUND/);
    expect(md).toMatch(/load imbalance before the barrier/);
    expect(md).toMatch(/32\.7 % of warp cycles stalled at a block barrier/);
    expect(md).toMatch(/"where":"same-block"/);
  });

  it("does not price cluster.sync()'s own fence twice: one device fence per cluster barrier leaves the count", () => {
    const rows: PriceRow[] = [
      ...ROWS,
      {
        workload: 'cluster_sync',
        param: null,
        perSyncNs: 200,
        label: 'c',
        sourceLabel: 's',
        sourceKind: 'measured',
        threadsPerBlock: null,
        gridBlocks: null,
      },
    ];
    const k = fixtureProfile('cluster_sync', rows).kernels[0]!;
    // 844,800 UCGABAR_WAIT and 844,800 MEMBAR.ALL.GPU over 264 blocks × 8 warps: 400 of each per warp.
    expect(k.syncCounts!.fenceByScope.device).toBe(k.syncCounts!.clusterBarrier.syncs);
    expect(k.pricing.prices.map((p) => `${p.kind}${p.scope ? `:${p.scope}` : ''}`)).toEqual([
      'clusterBarrier',
    ]);
    expect(k.pricing.lowerBoundNs).toBe(400 * 200);
    const fenced = fixtureProfile('phases_coop', rows).kernels[0]!;
    expect(fenced.syncCounts!.clusterBarrier.syncs).toBe(0);
    expect(fenced.pricing.prices.some((p) => p.scope === 'device')).toBe(true);
  });

  it('a kernel without sync instructions says nothing is priced, not "at least —"', () => {
    const md = profileToMarkdown(fixtureProfile('warp_exchange', ROWS));
    expect(md).toMatch(/No synchronization instruction ran in this kernel, so nothing is priced/);
    expect(md).not.toMatch(/at least —/);
    expect(profileToMarkdown(fixtureProfile('block_reduce', ROWS))).toMatch(/0\.0 % at a memory fence/);
  });
});
