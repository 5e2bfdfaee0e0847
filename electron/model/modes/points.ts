/**
 * Building blocks of mode plans: launch shapes checked against the device, the co-residency limit of cooperative
 * launches, and the iteration counts of the difference method.
 */
import type { HostParam, HostText } from '../../contract';
import { PlanError } from './plan-error';
import type { NativeLaunch } from '../native/addon-types';
import { hostText, word } from '../words/host-text';
import { countOf } from '../words/plural';
import type { PlannedPoint, PlanContext } from './types';
import { WORKLOAD_FACTS } from './workload-facts.generated';

/** "1 warp", "8 warps": a count with its noun (words/plural.ts, the English plural rules). */
export function count(n: number, noun: string): string {
  return countOf(n, noun);
}

/** The launch shape in labels: "8 warps × 132 blocks". */
export function shapeText(nwarps: number, nblocks: number): string {
  return `${count(nwarps, 'warp')} × ${count(nblocks, 'block')}`;
}

/**
 * The default extra iterations of the long run for a workload: its kernel table entry's `.delta_iters`
 * (kernels/*.cu, mirrored in workload-facts.generated.ts), chosen so the long run lasts about 0.1–1 ms on current
 * GPUs (docs/methods.md#the-difference-method). Throws naming the known workloads for an id no kernel table has.
 */
export function defaultDeltaIters(workload: string): number {
  const facts = WORKLOAD_FACTS[workload];
  if (!facts) {
    throw new Error(
      `unknown workload '${workload}': no kernels/*.cu entry states its default Δ; known workloads: ` +
        Object.keys(WORKLOAD_FACTS).join(', '),
    );
  }
  return facts.deltaIters;
}

/**
 * Iteration counts [lo, hi] for a workload: lo = `iters`, hi = lo + `deltaIters` (when > 0) or the workload's
 * default Δ (defaultDeltaIters). Throws for a workload no kernel table has.
 */
export function iterations(
  workload: string,
  iters: number,
  deltaIters: number,
): { itersLo: number; itersHi: number } {
  const delta = defaultDeltaIters(workload);
  return { itersLo: iters, itersHi: iters + (deltaIters > 0 ? deltaIters : delta) };
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
