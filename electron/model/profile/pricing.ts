/**
 * A lower bound of the time a kernel's synchronization costs: the syncs on one warp's path (the kernel's sync
 * instructions over its warps: some warp ran at least that many) times this GPU's measured per-sync cost (the
 * difference method, docs/methods.md#the-difference-method). It is a LOWER bound beside the stall share, never the
 * same number: a stall at a barrier also holds the time the early warps wait for the late ones (load imbalance
 * before the barrier), which no per-sync cost contains. docs/profile.md#pricing.
 */
import type { Price } from './schema';
import { FENCE_SCOPES, type FenceScope, type KindCount, type SyncKind } from './sync-kinds';

/** A measured per-sync cost of one workload, as the results library gives it (core/profile/costs.ts). */
export interface PriceRow {
  workload: string;
  param: number | null;
  perSyncNs: number;
  label: string;
  sourceLabel: string;
  sourceKind: 'measured' | 'reference' | 'published';
  /** Threads per block of the measured point's launch; null where the row has no shape (it then fits any). */
  threadsPerBlock: number | null;
  /** Blocks of the measured point's grid; null where the row has no shape. */
  gridBlocks: number | null;
}

/** A kernel's launch shape: threads per block and blocks of its grid (its most frequent shape). */
export interface LaunchShape {
  threadsPerBlock: number;
  gridBlocks: number;
}

/** |log2(a / b)|: how many doublings apart two positive sizes are; 0 where either is unknown. */
function doublings(a: number | null, b: number): number {
  return a === null || a <= 0 || b <= 0 ? 0 : Math.abs(Math.log2(a / b));
}

/**
 * The row of `by`'s workload (and param) nearest the kernel's shape: fewest doublings from its threads per block
 * first (a block barrier's cost grows with the warps it joins), then from its grid blocks (occupancy), then the
 * first in `rows` (the newest result). Undefined when no row has the workload.
 */
export function nearestRow(
  rows: readonly PriceRow[],
  by: (typeof PRICED_BY)[number],
  shape: LaunchShape,
): PriceRow | undefined {
  let best: { row: PriceRow; threads: number; blocks: number } | undefined;
  for (const row of rows) {
    if (row.workload !== by.workload || (by.param !== null && row.param !== by.param)) continue;
    const threads = doublings(row.threadsPerBlock, shape.threadsPerBlock);
    const blocks = doublings(row.gridBlocks, shape.gridBlocks);
    if (!best || threads < best.threads || (threads === best.threads && blocks < best.blocks)) {
      best = { row, threads, blocks };
    }
  }
  return best?.row;
}

/** Which measurement prices which count (the workload names of electron/model/modes; param: a fence's scope). */
export const PRICED_BY: ReadonlyArray<{
  kind: SyncKind;
  scope: FenceScope | null;
  mode: string;
  workload: string;
  param: number | null;
}> = [
  { kind: 'blockBarrier', scope: null, mode: 'modes', workload: 'syncthreads', param: null },
  { kind: 'warpSync', scope: null, mode: 'modes', workload: 'syncwarp', param: null },
  { kind: 'clusterBarrier', scope: null, mode: 'cluster', workload: 'cluster_sync', param: null },
  { kind: 'mbarrier', scope: null, mode: 'async_barrier', workload: 'cuda_barrier', param: null },
  ...FENCE_SCOPES.map((scope, i) => ({
    kind: 'fence' as const,
    scope,
    mode: 'fences',
    workload: 'fence',
    param: i,
  })),
];

export interface CountsForPricing {
  blockBarrier: KindCount;
  warpSync: KindCount;
  clusterBarrier: KindCount;
  mbarrier: KindCount;
  fence: KindCount;
  fenceByScope: Record<FenceScope, number>;
}

/** The count of a kind that has one (every kind but gridSync). */
function kindCount(counts: CountsForPricing, kind: SyncKind): KindCount | undefined {
  return kind === 'gridSync' ? undefined : counts[kind];
}

/**
 * The syncs of one priced row. A device-scope fence that a cluster barrier runs is not priced again: on sm_90
 * `cluster.sync()` runs as MEMBAR.ALL.GPU + UCGABAR_ARV + UCGABAR_WAIT (one of each per sync in the cluster_sync
 * example's instruction mix, docs/results/h200-2026-12-02-profile/), and the measured cluster_sync cost already holds
 * that fence, so each cluster barrier takes one device fence out of the fence count. Where a kernel's cluster
 * barriers run without a fence (`.relaxed` arrives) this prices fewer fences than ran: still a lower bound.
 */
function pricedSyncs(counts: CountsForPricing, by: (typeof PRICED_BY)[number]): number | undefined {
  if (by.scope === 'device') return Math.max(0, counts.fenceByScope.device - counts.clusterBarrier.syncs);
  return by.scope ? counts.fenceByScope[by.scope] : kindCount(counts, by.kind)?.syncs;
}

/**
 * Prices the counts. `warps`: warps of all launches together (the counts are summed over the same launches), so
 * `syncs / warps` is the syncs on one warp's path in one launch. Each kind is priced by the row nearest `shape`, the
 * kernel's launch (nearestRow). Kinds with no sync are left out; a kind whose workload has no row gets
 * `perSyncNs: null` and says what to run.
 */
export function priceCounts(
  counts: CountsForPricing,
  warps: number,
  rows: readonly PriceRow[],
  medianDurationNs: number | null,
  shape: LaunchShape,
): { prices: Price[]; lowerBoundNs: number | null; lowerBoundPctOfDuration: number | null } {
  const prices: Price[] = [];
  for (const by of PRICED_BY) {
    const syncs = pricedSyncs(counts, by);
    if (typeof syncs !== 'number' || syncs <= 0 || warps <= 0) continue;
    const syncsPerWarp = syncs / warps;
    const row = nearestRow(rows, by, shape);
    prices.push({
      kind: by.kind,
      scope: by.scope,
      syncsPerWarp,
      perSyncNs: row ? row.perSyncNs : null,
      lowerBoundNs: row ? syncsPerWarp * row.perSyncNs : null,
      label: row?.label ?? null,
      sourceLabel: row?.sourceLabel ?? null,
      sourceKind: row?.sourceKind ?? null,
      missing: row
        ? null
        : `no measurement of ${by.workload}${by.param === null ? '' : ` (param ${by.param})`} for this GPU: ` +
          `run \`syncbench run --mode ${by.mode}\``,
    });
  }
  const priced = prices.filter((p) => p.lowerBoundNs !== null);
  const lowerBoundNs = priced.length ? priced.reduce((s, p) => s + (p.lowerBoundNs ?? 0), 0) : null;
  const lowerBoundPctOfDuration =
    lowerBoundNs !== null && medianDurationNs ? (100 * lowerBoundNs) / medianDurationNs : null;
  return { prices, lowerBoundNs, lowerBoundPctOfDuration };
}
