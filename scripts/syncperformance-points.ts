/**
 * SyncPerformance's published figures (scripts/syncperformance-source.ts) as the product's points and devices: the
 * series, x and labels the product's own modes make (`sweep`, `fences`), ns converted from the published cycles at
 * the log's clock rate, and stats of n = 0 (publishedValue: only the published median). Used by
 * make-syncperformance-reference.ts.
 */
import { publishedValue } from '../electron/model/measure/stats';
import { count } from '../electron/model/modes/points';
import type { Device, Point } from '../electron/model/results/schema';
import {
  SNAPSHOT,
  type LogFigure,
  type PublishedGpu,
  type SyncPerformanceCode,
} from './syncperformance-source';

/** What a point of each code measures, as the product words it. */
const CODE: Record<
  SyncPerformanceCode,
  {
    op: string;
    series: (blocks: number) => string;
    label: (f: LogFigure) => string;
    x: (f: LogFigure) => number;
  }
> = {
  cuda_syncthreads: {
    op: 'one __syncthreads()',
    series: () => 'block',
    label: (f) => `block: ${warps(f.threadsPerBlock)} × ${blocksText(f.blocks)}`,
    x: (f) => f.threadsPerBlock / 32,
  },
  cuda_syncwarp: {
    op: 'one __syncwarp()',
    series: () => 'warp',
    label: (f) => `warp: ${warps(f.threadsPerBlock)} × ${blocksText(f.blocks)}`,
    x: (f) => f.threadsPerBlock / 32,
  },
  cuda_threadfence_block_array: fence('block', '__threadfence_block()'),
  cuda_threadfence_array: fence('device', '__threadfence()'),
  cuda_threadfence_system_array: fence('system', '__threadfence_system()'),
};

/** "1 warp", "8 warps": the product's shapeText wording (electron/model/modes/points.ts). */
function warps(threads: number): string {
  const n = threads / 32;
  return `${n} warp${n === 1 ? '' : 's'}`;
}

/** "1 block", "8 blocks". */
export function blocksText(n: number): string {
  return `${n} block${n === 1 ? '' : 's'}`;
}

/** The product's fences mode, `plain` definition (electron/model/modes/fences.ts). */
function fence(scope: string, call: string) {
  return {
    op: `one ${call}`,
    series: (blocks: number) => `fence:${scope}:plain × ${blocks} block${blocks > 1 ? 's' : ''}`,
    label: (f: LogFigure) =>
      `${call} between two plain read-modify-writes, ${count(f.threadsPerBlock, 'thread')} × ${count(f.blocks, 'block')}`,
    x: (f: LogFigure) => f.threadsPerBlock,
  };
}

const EMPTY_RAW: Point['raw'] = {
  perSyncNs: [],
  perSyncCycles: [],
  mainLoMs: [],
  mainHiMs: [],
  baseLoMs: [],
  baseHiMs: [],
  mainLoCycles: [],
  mainHiCycles: [],
  baseLoCycles: [],
  baseHiCycles: [],
  clockMHz: [],
  nvmlSmClockMHz: [],
};

export interface PublishedPoint {
  series: string;
  label: string;
  x: number;
  workload: string;
  op: string;
  gridBlocks: number;
  threadsPerBlock: number;
  cooperative: boolean;
  iters: Point['iters'];
  /** Cycles per primitive as published, or null (published in ns only). */
  cycles: number | null;
  /** ns per primitive: published, or cycles converted with `clockMHz`. */
  ns: number;
  /** The clock that converted cycles to ns (the device's peak clock), or null. */
  clockMHz: number | null;
}

export function toPoint(p: PublishedPoint, index: number): Point {
  return {
    index,
    series: p.series,
    label: p.label,
    x: p.x,
    workload: p.workload,
    param: 0,
    baseline: null,
    op: p.op,
    timing: { body: 'published', unroll: 0 },
    launch: {
      gridBlocks: p.gridBlocks,
      threadsPerBlock: p.threadsPerBlock,
      clusterSize: 0,
      clusterAttribute: false,
      dynamicSmemBytes: 0,
      cooperative: p.cooperative,
    },
    iters: p.iters,
    perSyncNs: publishedValue(p.ns),
    perSyncCycles: p.cycles === null ? null : publishedValue(p.cycles),
    perSyncNsFromCycles: p.cycles === null ? null : p.ns,
    wholeKernelMs: null,
    clock: {
      measuredMHz: null,
      nvmlMHz: null,
      maxMHz: p.clockMHz,
      conversion: p.clockMHz === null ? 'none' : 'device-max',
      conversionMHz: p.clockMHz,
      throttled: false,
      nvmlEventReasons: null,
    },
    coldMs: null,
    reps: 0,
    stoppedBy: 'published',
    noisy: false,
    relCi: null,
    wallMs: 0,
    hostTimed: false,
    incorrect: false,
    verification: null,
    gpuShared: null,
    raw: EMPTY_RAW,
  };
}

/**
 * A SyncPerformance figure as a point: ns = cycles / the log's clock rate (GHz).
 * Source of the conversion: the log header's "clock rate (GHz)" (cudaDeviceProp::clockRate, the peak SM clock).
 */
export function figurePoint(gpu: PublishedGpu, f: LogFigure): PublishedPoint {
  const code = CODE[f.code];
  return {
    series: code.series(f.blocks),
    label: code.label(f),
    x: code.x(f),
    workload: `syncperformance:${f.code}`,
    op: code.op,
    gridBlocks: f.blocks,
    threadsPerBlock: f.threadsPerBlock,
    cooperative: false,
    iters: { lo: SNAPSHOT.nIter, hi: SNAPSHOT.nIter, unitsPerIter: SNAPSHOT.nUnroll },
    cycles: f.cycles,
    ns: f.cycles / gpu.clockGHz,
    clockMHz: gpu.clockGHz * 1000,
  };
}

export function deviceOf(gpu: PublishedGpu): Device {
  return {
    ordinal: 0, // the codes call cudaSetDevice(0) (include/cuda_test_setup_*.cuh)
    name: gpu.name,
    computeCapability: gpu.computeCapability, // not in the log; see the notes
    smCount: gpu.smCount,
    smClockMaxMHz: gpu.clockGHz * 1000,
    memoryClockMaxMHz: null,
    memoryBusWidthBits: null,
    totalMemoryBytes: null,
    l2CacheBytes: null,
    maxThreadsPerBlock: 1024, // CUDA Programming Guide: 1024 for every compute capability since 2.0
    maxThreadsPerSm: gpu.maxThreadsPerSm,
    maxBlocksPerSm: null,
    sharedMemPerBlockBytes: null,
    sharedMemPerBlockOptinBytes: null,
    sharedMemPerSmBytes: null,
    registersPerBlock: gpu.registersPerBlock,
    registersPerSm: gpu.registersPerSm,
    cooperativeLaunch: null,
    clusterLaunch: null,
    eccEnabled: null,
    pciBusId: null,
  };
}
