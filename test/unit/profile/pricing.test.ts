import { describe, expect, it } from 'vitest';

import { profileToMarkdown } from '../../../electron/model/profile/markdown';
import type { PriceRow } from '../../../electron/model/profile/pricing';
import { fixtureProfile } from './fixtures';

const ROWS: PriceRow[] = [
  {
    workload: 'syncthreads',
    param: null,
    perSyncNs: 14,
    label: 'block',
    sourceLabel: 'measured here',
    sourceKind: 'measured',
  },
  {
    workload: 'fence',
    param: 1,
    perSyncNs: 130,
    label: 'fence gpu',
    sourceLabel: 'reference dataset, not this GPU',
    sourceKind: 'reference',
  },
];

describe('pricing', () => {
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
});
