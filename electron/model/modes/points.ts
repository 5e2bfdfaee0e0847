/**
 * Building blocks of mode plans: launch shapes checked against the device, the co-residency limit of cooperative
 * launches, and the iteration counts of the difference method.
 */
import type { HostParam, HostText } from '../../contract';
import { PlanError } from './plan-error';
import type { NativeLaunch } from '../native/addon-types';
import { hostText, word } from '../words/host-text';
import type { PlannedPoint, PlanContext } from './types';

/**
 * Extra iterations of the long run per workload, chosen so the long run lasts about 0.1–1 ms on current GPUs
 * (event-timer jitter is ~1 µs, so the difference is known to well under 1 %). Overridden by `deltaIters`.
 * pipe_syncthreads, pipe_named and copy_ldst take 4096: their cheapest stages (0 and 16 B: about 45–80 ns on an
 * H200) would last only 46–80 µs at 1024, and the 0-B __syncthreads row of two runs differed by 6 % there.
 */
const DELTA_ITERS: Record<string, number> = {
  baseline: 8192,
  syncwarp: 131072,
  syncthreads: 32768,
  grid_sync: 256,
  cluster_sync: 4096,
  tile_sync: 16384,
  coalesced_sync: 16384,
  named_barrier: 16384,
  named_barrier_pc: 4096,
  cuda_barrier: 4096,
  cuda_barrier_split: 2048,
  fadd_chain: 2048,
  fadd_work: 2048,
  rmw_pair: 1024,
  fence_rmw: 1024,
  fence: 1024,
  fence_plain: 1024,
  plain_rmw_pair: 1024,
  syncthreads_overlap: 8192,
  overlap_work: 8192,
  handoff_warps: 2048,
  handoff_blocks: 1024,
  handoff_host: 256,
  handoff_warps_volatile: 2048,
  handoff_blocks_volatile: 1024,
  host_stream_sync: 64,
  host_event_sync: 64,
  host_device_sync: 64,
  boundary_launches: 128,
  boundary_graph: 128,
  boundary_grid_sync: 128,
  handoff_smem: 1024,
  phases_grid_sync: 64,
  phases_two_kernels: 64,
  pdl_plain: 128,
  pdl_launch: 128,
  pdl_graph: 128,
  pdl_graph_prog: 128,
  pdl_grid_sync: 128,
  pipe_syncthreads: 4096,
  pipe_cp_async: 1024,
  pipe_tma: 1024,
  pipe_tma_spin: 1024,
  pipe_named: 4096,
  pipe_named_copytime: 4096,
  copy_ldst: 4096,
  copy_ldst_resident: 4096,
  copy_cp_async: 1024,
  copy_tma: 1024,
  cluster_arrive_ring: 4096,
  cluster_arrive_oneway: 4096,
  cluster_arrive_only: 4096,
  cluster_sync_ring: 4096,
  peer_handoff: 1024,
  peer_handoff_volatile: 1024,
  peer_event_hop: 256,
  host_barrier_gpus: 128,
  nccl_allreduce_barrier: 256,
  peer_copy_hop: 256,
};

/** "1 warp", "8 warps": a count with its noun. */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** The launch shape in labels: "8 warps × 132 blocks". */
export function shapeText(nwarps: number, nblocks: number): string {
  return `${count(nwarps, 'warp')} × ${count(nblocks, 'block')}`;
}

/** Iteration counts [lo, hi] for a workload: lo = `iters`, hi = lo + `deltaIters` (or the workload's default). */
export function iterations(
  workload: string,
  iters: number,
  deltaIters: number,
): { itersLo: number; itersHi: number } {
  const delta = deltaIters > 0 ? deltaIters : (DELTA_ITERS[workload] ?? 1024);
  return { itersLo: iters, itersHi: iters + delta };
}

/**
 * A 1-D launch of `gridBlocks` blocks of `nwarps` warps, checked against the device's block-size limit.
 * `cluster`: the cluster the launch states (docs/methods.md#clusters-as-launched): `attribute` true sets
 * cudaLaunchAttributeClusterDimension = (size, 1, 1); false with size 1 is an implicit cluster of one block. Absent:
 * no cluster (size 0, no attribute).
 */
export function launchOf(
  ctx: PlanContext,
  gridBlocks: number,
  threadsPerBlock: number,
  field = 'nwarps',
  cluster: { size: number; attribute: boolean } = { size: 0, attribute: false },
): NativeLaunch {
  const limit = ctx.device.maxThreadsPerBlock;
  if (threadsPerBlock > limit) {
    throw PlanError.fields({ [field]: word('plan.tooManyThreads', { threads: threadsPerBlock, limit }) });
  }
  return {
    gridBlocks,
    threadsPerBlock,
    clusterSize: cluster.size,
    clusterAttribute: cluster.attribute,
    dynamicSmemBytes: 0,
  };
}

/**
 * The co-resident limit of a cooperative kernel: cudaOccupancyMaxActiveBlocksPerMultiprocessor(kernel, threads,
 * dynamic smem) × SM count (CUDA Programming Guide, "Grid Synchronization"; docs/methods.md).
 */
export async function coResidentLimit(
  ctx: PlanContext,
  workload: string,
  threadsPerBlock: number,
): Promise<{ blocksPerSm: number; smCount: number; coResidentBlocks: number; how: string }> {
  const occ = await ctx.backend.occupancy({
    device: ctx.device.ordinal,
    workload,
    threadsPerBlock,
    dynamicSmemBytes: 0,
  });
  const how = occupancyText(workload, threadsPerBlock, occ);
  return { ...occ, how: hostText(how.code, how.params).message };
}

/**
 * The CUDA runtime's reason after a value it gave (e.g. cudaOccupancyMaxActiveClusters = 0), in its own words
 * (marked English), or nothing when it gave none.
 */
export function runtimeSays(reason: string | null | undefined): HostParam {
  return reason ? word('plan.runtimeSays', { reason: { en: reason } }) : '';
}

/** How a co-resident limit was computed (`how` of coResidentLimit), as a coded text. */
export function occupancyText(
  workload: string,
  threadsPerBlock: number,
  occ: { blocksPerSm: number; smCount: number; coResidentBlocks: number },
): HostText {
  return word('plan.occupancy', {
    workload,
    threads: threadsPerBlock,
    blocksPerSm: occ.blocksPerSm,
    smCount: occ.smCount,
    blocks: occ.coResidentBlocks,
  });
}

/** Refuses a cooperative grid above the co-resident limit, naming the limit and how it was computed. */
export async function checkCooperative(
  ctx: PlanContext,
  workload: string,
  launch: NativeLaunch,
  field = 'nblocks',
): Promise<void> {
  if (!ctx.device.cooperativeLaunch) {
    throw PlanError.fields({ [field]: word('plan.noCooperative', { device: ctx.device.name }) });
  }
  const limit = await coResidentLimit(ctx, workload, launch.threadsPerBlock);
  if (launch.gridBlocks > limit.coResidentBlocks) {
    throw PlanError.fields({
      [field]: word('plan.overCoResident', {
        blocks: launch.gridBlocks,
        how: occupancyText(workload, launch.threadsPerBlock, limit),
      }),
    });
  }
}

export interface LoopPointInput {
  series: string;
  label: string;
  x: number | null;
  workload: string;
  param?: number;
  baseline?: { workload: string; param: number } | null;
  unitsPerIter?: number;
  launch: NativeLaunch;
  iters: number;
  deltaIters: number;
  op: string;
  cooperative?: boolean;
  incorrect?: boolean;
  /** Iteration counts when the workload needs other than `iterations()` (e.g. phases: lo = 1 round). */
  itersOverride?: { itersLo: number; itersHi: number };
}

/**
 * A point measured by the difference method of two iteration counts. Back-to-back workloads need no baseline (the
 * loop control is a few cycles per SB_UNROLL copies: docs/methods.md); a point subtracts one only when told to
 * (e.g. the fence definitions' atomics, the overlap work).
 */
export function loopPoint(p: LoopPointInput): PlannedPoint {
  const its = p.itersOverride ?? iterations(p.workload, p.iters, p.deltaIters);
  return {
    series: p.series,
    label: p.label,
    x: p.x,
    op: p.op,
    incorrect: p.incorrect ?? false,
    cooperative: p.cooperative ?? false,
    spec: {
      workload: p.workload,
      param: p.param ?? 0,
      baseline: p.baseline ?? null,
      unitsPerIter: p.unitsPerIter ?? 1,
      launch: p.launch,
      ...its,
    },
  };
}
