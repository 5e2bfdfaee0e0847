/**
 * A MeasureBackend test double: the device and driver come from a real H200 result file (resources/reference), the
 * occupancy is a simple threads-per-SM model (2048 threads, at most 32 blocks per SM), and runs return synthetic
 * samples. For testing plans, validation and result assembly only — never a source of numbers shown to anyone.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { MeasureBackend } from '../../../electron/model/measure/backend';
import type {
  NativeDeviceInfo,
  NativeGpuProcesses,
  NativeNcclStatus,
  NativePairInfo,
  NativePointResult,
  NativePointSpec,
  NativeRunEvent,
  NativeRunHandle,
} from '../../../electron/model/native/addon-types';
import type { ResultFile } from '../../../electron/model/results/schema';

const h200 = (
  JSON.parse(
    // A path, not a URL: under happy-dom (renderer tests) the global URL is the DOM's, which readFileSync refuses.
    readFileSync(path.join(import.meta.dirname, '../../../resources/reference/h200-modes.json'), 'utf8'),
  ) as ResultFile
).provenance.device!;

/** The H200 as the addon reported it (fields the schema keeps; the rest from the same query's types). */
export const H200: NativeDeviceInfo = {
  ...h200,
  smClockMaxMHz: h200.smClockMaxMHz ?? 1980,
  memoryClockMaxMHz: h200.memoryClockMaxMHz ?? 0,
  memoryBusWidthBits: h200.memoryBusWidthBits ?? 0,
  totalMemoryBytes: h200.totalMemoryBytes ?? 0,
  l2CacheBytes: h200.l2CacheBytes ?? 0,
  warpSize: 32,
  maxThreadsPerSm: h200.maxThreadsPerSm ?? 2048,
  maxBlocksPerSm: h200.maxBlocksPerSm ?? 32,
  sharedMemPerBlockBytes: h200.sharedMemPerBlockBytes ?? 0,
  sharedMemPerBlockOptinBytes: h200.sharedMemPerBlockOptinBytes ?? 0,
  sharedMemPerSmBytes: h200.sharedMemPerSmBytes ?? 0,
  registersPerBlock: h200.registersPerBlock ?? 0,
  registersPerSm: h200.registersPerSm ?? 0,
  cooperativeLaunch: h200.cooperativeLaunch ?? true,
  clusterLaunch: h200.clusterLaunch ?? true,
  eccEnabled: h200.eccEnabled ?? true,
  integrated: false,
  pciBusId: h200.pciBusId ?? '',
};

/** Synthetic raw samples for one point: `reps` repetitions around `perUnitNs`. */
export function syntheticPointResult(
  perUnitNs: number,
  reps = 12,
  opts: Partial<NativePointResult> = {},
): NativePointResult {
  const jitter = (i: number) => 1 + ((i % 5) - 2) * 0.002;
  const arr = (f: (i: number) => number) => Array.from({ length: reps }, (_, i) => f(i));
  return {
    reps,
    stoppedBy: 'noise',
    wallMs: 5,
    coldMs: 0.2,
    relCi: 0.004,
    perUnitNs: arr((i) => perUnitNs * jitter(i)),
    perUnitCycles: arr((i) => perUnitNs * 1.98 * jitter(i)),
    mainLoMs: arr(() => 0.01),
    mainHiMs: arr(() => 0.2),
    baseLoMs: arr(() => 0.009),
    baseHiMs: arr(() => 0.05),
    mainLoCycles: arr(() => 1000),
    mainHiCycles: arr(() => 20000),
    baseLoCycles: arr(() => 900),
    baseHiCycles: arr(() => 5000),
    clockMHz: arr(() => 1979),
    nvmlSmClockMHz: [],
    nvmlSmClockMaxMHz: 0,
    nvmlClockEventReasons: 0,
    verified: 0,
    mismatches: 0,
    hostTimed: false,
    ...opts,
  };
}

export interface FakeBackendOptions {
  /** Per-point samples (default: 10 ns per unit). */
  result?: (spec: NativePointSpec, index: number) => NativePointResult;
  /** Fail at this point index with this error. */
  failAt?: { index: number; error: Error };
  /** No GPU: the device query answers unavailable with this reason. */
  noGpu?: string;
  /** The addon is not loaded, with this reason. */
  noAddon?: string;
  /** Max active clusters for a size (default: 132 / size, 0 above 16). */
  clusters?: (size: number, threads: number) => number;
  /** The GPUs (default: one H200). */
  devices?: NativeDeviceInfo[];
  /** The GPU pairs the query reports (default: none; `undefined` in the list's place: an addon without them). */
  pairs?: NativePairInfo[] | 'absent';
  /** NCCL as the query reports it (default: missing). */
  nccl?: NativeNcclStatus;
  /**
   * A fake NVML: the compute processes of the GPU for the `call`-th query (gpuProcesses() and every point's list;
   * default: NVML absent, null). Points get the list unless their `result` sets one.
   */
  gpuProcesses?: (call: number) => NativeGpuProcesses | null;
}

/** A fake NVML list: this process (pid 4242, when `ownSeen`) and `others`. */
export function nvmlList(
  others: { pid: number; name: string; usedMemoryBytes?: number | null }[],
  ownSeen = true,
): NativeGpuProcesses {
  return {
    ownPid: 4242,
    ownPidSeen: ownSeen,
    processes: [
      ...(ownSeen ? [{ pid: 4242, name: 'node', usedMemoryBytes: 500 << 20 }] : []),
      ...others.map((o) => ({ usedMemoryBytes: null, ...o })),
    ],
  };
}

/** A pair a < b as the addon reports it: peer access and native atomics both ways unless told, NVLink per NVML. */
export function fakePair(a: number, b: number, opts: Partial<NativePairInfo> = {}): NativePairInfo {
  return {
    a,
    b,
    peerAccess: { aToB: true, bToA: true },
    nativeAtomics: { aToB: true, bToA: true },
    performanceRank: { aToB: 0, bToA: 0 },
    link: { source: 'nvml', nvlink: true, nvlinkP2pStatus: 0, commonAncestor: 50 },
    ...opts,
  };
}

/** NCCL missing, as on this machine. */
export const NCCL_MISSING: NativeNcclStatus = {
  state: 'missing',
  version: null,
  library: 'libnccl.so.2',
  reason: 'NCCL is not installed (libnccl.so.2 could not be loaded: not found)',
};

/** The H200 as device `ordinal` (another GPU of the same machine). */
export function h200At(ordinal: number): NativeDeviceInfo {
  return { ...H200, ordinal, pciBusId: `0000:${(0x10 + ordinal).toString(16)}:00.0` };
}

/** A fake backend; `started` records every spec list passed to startRun. */
export function fakeBackend(
  opts: FakeBackendOptions = {},
): MeasureBackend & { started: NativePointSpec[][] } {
  const started: NativePointSpec[][] = [];
  let nvmlCalls = 0;
  const nvml = () => (opts.gpuProcesses ? opts.gpuProcesses(nvmlCalls++) : null);
  return {
    started,
    gpuProcesses: async () => nvml(),
    addonStatus: async () => ({
      loaded: !opts.noAddon,
      reason: opts.noAddon ?? null,
      cudaRuntimeBuild: opts.noAddon ? null : '13.0',
      architectures: opts.noAddon ? null : 'all',
    }),
    queryDevices: async () =>
      opts.noAddon
        ? null
        : opts.noGpu
          ? {
              available: false,
              reason: opts.noGpu,
              cudaError: 'cudaErrorInsufficientDriver',
              driverVersion: 'none',
              runtimeVersion: '13.0',
            }
          : {
              available: true,
              driverVersion: '13.0',
              runtimeVersion: '13.0',
              nvmlDriverVersion: '580.159.04',
              devices: opts.devices ?? [H200],
              ...(opts.pairs === 'absent' ? {} : { pairs: opts.pairs ?? [] }),
              nccl: opts.nccl ?? NCCL_MISSING,
            },
    workloads: async () => [],
    occupancy: async ({ threadsPerBlock }) => {
      const blocksPerSm = Math.min(32, Math.floor(2048 / threadsPerBlock));
      return { blocksPerSm, smCount: H200.smCount, coResidentBlocks: blocksPerSm * H200.smCount };
    },
    maxActiveClusters: async ({ clusterSize, threadsPerBlock }) => ({
      maxActiveClusters: opts.clusters
        ? opts.clusters(clusterSize, threadsPerBlock)
        : clusterSize > 16
          ? 0
          : Math.floor(132 / clusterSize),
    }),
    startRun(points: NativePointSpec[], onEvent: (e: NativeRunEvent) => void): NativeRunHandle {
      started.push(points);
      let cancelled = false;
      const done = (async () => {
        for (let i = 0; i < points.length; i += 1) {
          await Promise.resolve();
          if (cancelled) return { status: 'cancelled' as const, pointsDone: i };
          if (opts.failAt?.index === i) throw opts.failAt.error;
          onEvent({ type: 'point-start', index: i });
          onEvent({
            type: 'point',
            index: i,
            result: {
              gpuProcesses: nvml(),
              ...(opts.result ?? (() => syntheticPointResult(10)))(points[i]!, i),
            },
          });
        }
        return { status: 'complete' as const, pointsDone: points.length };
      })();
      return { cancel: () => void (cancelled = true), done };
    },
  };
}
