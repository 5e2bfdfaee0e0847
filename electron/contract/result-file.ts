/**
 * The result file as plain types: one run of one mode, with every raw sample and full provenance
 * (docs/methods.md). The contract owns these shapes so that it imports nothing from the model;
 * electron/model/results/schema.ts validates files with zod schemas that are held equal to these interfaces at
 * compile time (test/unit/contract/result-file-types.test.ts), and re-exports the types for its importers.
 *
 * Units are in the field names: `perSyncNs` (ns per unit of the primitive, by the difference method),
 * `perSyncCycles` (SM clock cycles, clock64()), `wholeKernelMs` (CUDA-event time of one launch), `clock.*MHz`.
 */

/**
 * Summary statistics of one sample set. `n = 0` marks a published single value (reference data): only `median`
 * is known and every other figure is null.
 */
export interface Stats {
  n: number;
  median: number;
  p10: number | null;
  p90: number | null;
  min: number | null;
  max: number | null;
  mean: number | null;
  /** (p90 - p10) / |median|. */
  relSpread: number | null;
  /** 95% confidence interval of the median (order statistics). */
  ciLow: number | null;
  ciHigh: number | null;
}

/** How a kernel was launched (docs/methods.md#clusters-as-launched for the cluster fields). */
export interface Launch {
  gridBlocks: number;
  threadsPerBlock: number;
  /** Blocks per cluster: cudaLaunchAttributeClusterDimension's x when `clusterAttribute`; 0 or 1 without it. */
  clusterSize: number;
  /** true: launched with the cluster-dimension attribute; false: no cluster attribute. */
  clusterAttribute: boolean;
  dynamicSmemBytes: number;
  cooperative: boolean;
}

/** The SM clock during one point, and the reading used to convert cycles to ns. */
export interface Clock {
  /** Median over repetitions of clock64 cycles / %globaltimer ns in the main kernel (null: host-timed workload). */
  measuredMHz: number | null;
  /** Median NVML SM clock read after each repetition (null: NVML absent). */
  nvmlMHz: number | null;
  /** Peak SM clock of the device. */
  maxMHz: number | null;
  conversion: 'globaltimer' | 'nvml' | 'device-max' | 'none';
  conversionMHz: number | null;
  /** The measured clock fell below `plan.throttleThreshold` × maxMHz during the point. */
  throttled: boolean;
  /** NVML clock event (throttle) reasons seen, as a bit mask (nvmlClocksEventReasons). */
  nvmlEventReasons: number | null;
}

/** The point's correctness check: values verified, mismatches found. */
export interface Verification {
  verified: number;
  mismatches: number;
  ok: boolean;
}

/** Every raw sample of the point, one entry per repetition (kept so any statistic can be recomputed). */
export interface RawSamples {
  perSyncNs: number[];
  perSyncCycles: number[];
  mainLoMs: number[];
  mainHiMs: number[];
  baseLoMs: number[];
  baseHiMs: number[];
  mainLoCycles: number[];
  mainHiCycles: number[];
  baseLoCycles: number[];
  baseHiCycles: number[];
  clockMHz: number[];
  nvmlSmClockMHz: number[];
}

/** One measured (or published) point of a run. */
export interface Point {
  index: number;
  /** Which curve or bar group the point belongs to, e.g. "warp", "block", "grid", "fence:device". */
  series: string;
  /** Human label, e.g. "block, 8 warps". */
  label: string;
  /** Position on the mode's x axis (plan.xAxis), or null for categorical modes. */
  x: number | null;
  workload: string;
  param: number;
  baseline: { workload: string; param: number } | null;
  /** What one unit is, e.g. "one __syncthreads()". */
  op: string;
  /** How the timed body ran (docs/methods.md#the-timed-body). */
  timing: { body: 'back-to-back' | 'rounds' | 'interleaved' | 'published'; unroll: number };
  launch: Launch;
  iters: { lo: number; hi: number; unitsPerIter: number };
  perSyncNs: Stats | null;
  perSyncCycles: Stats | null;
  /** Median cycles converted with clock.conversionMHz. */
  perSyncNsFromCycles: number | null;
  wholeKernelMs: Stats | null;
  clock: Clock;
  /** First launch of this kernel in the process (module loading included), never mixed into the statistics. */
  coldMs: number | null;
  reps: number;
  stoppedBy: 'noise' | 'max-time' | 'max-reps' | 'published';
  /** The noise target was not met (stopped on time or repetitions); kept, not dropped. */
  noisy: boolean;
  relCi: number | null;
  wallMs: number;
  hostTimed: boolean;
  /** Measured only to show its cost (e.g. a volatile flag): not synchronization, never ranked or recommended. */
  incorrect: boolean;
  verification: Verification | null;
  /** Another compute process was on the GPU around the point (docs/methods.md#a-shared-gpu); null unknown. */
  gpuShared: boolean | null;
  raw: RawSamples;
}

/** The GPU a run measured, as the CUDA runtime describes it (null: the runtime does not say). */
export interface Device {
  ordinal: number;
  name: string;
  /** "major.minor", e.g. "9.0". */
  computeCapability: string;
  smCount: number;
  smClockMaxMHz: number | null;
  memoryClockMaxMHz: number | null;
  memoryBusWidthBits: number | null;
  totalMemoryBytes: number | null;
  l2CacheBytes: number | null;
  maxThreadsPerBlock: number;
  maxThreadsPerSm: number | null;
  maxBlocksPerSm: number | null;
  sharedMemPerBlockBytes: number | null;
  sharedMemPerBlockOptinBytes: number | null;
  sharedMemPerSmBytes: number | null;
  registersPerBlock: number | null;
  registersPerSm: number | null;
  cooperativeLaunch: boolean | null;
  clusterLaunch: boolean | null;
  eccEnabled: boolean | null;
  pciBusId: string | null;
}

/** Where and with what a run was made. Times are ISO 8601 date-times. */
export interface Provenance {
  app: { name: string; version: string; commit: string };
  host: {
    hostname: string;
    platform: string;
    osRelease: string;
    arch: string;
    cpuModel: string;
    node: string;
  };
  device: Device | null;
  driverVersion: string;
  runtimeVersion: string;
  /** CUDA version and architectures the addon was compiled for. */
  build: { cudaRuntime: string; architectures: string } | null;
  /** Process scheduling flag of the CUDA context (host completion depends on it). */
  scheduleFlag: 'auto' | 'spin' | 'yield' | 'blocking-sync';
  startedAt: string;
  finishedAt: string;
}

/** When a point stops repeating (docs/methods.md#statistics). */
export interface Stopping {
  warmup: number;
  minReps: number;
  maxReps: number;
  minTimeMs: number;
  maxTimeMs: number;
  /** Noise target: 95% CI half-width of the median / median gross cost. */
  targetRelCi: number;
}

/** What a run was asked to measure. */
export interface Plan {
  mode: string;
  device: number;
  /** The mode's parameters as given (after defaults), e.g. { iters: 256, nwarps: 8, nblocks: 132 }. */
  params: Record<string, number | string | number[]>;
  stopping: Stopping;
  /** A point is flagged throttled when its clock is below this fraction of the peak SM clock. */
  throttleThreshold: number;
  /** The x axis of the mode's chart (null: categorical bars). */
  xAxis: { key: string; label: string; log: boolean } | null;
}

/** One ratio of two series' figures, e.g. "grid/block". */
export interface Ratio {
  name: string;
  value: number;
  numerator: string;
  denominator: string;
  /** Which figure the ratio divides. */
  basis: 'perSyncNs' | 'wholeKernelMs';
}

/** measured: by this product (where: provenance). published: copied from a publication, not measured here. */
export interface Source {
  kind: 'measured' | 'published';
  citation: string | null;
  note: string | null;
}

/** One compute-sanitizer run on a verification kernel, as the tool reported it. */
export interface SanitizerRun {
  tool: 'racecheck' | 'synccheck';
  workload: string;
  what: string;
  /** true: the correct kernel (expected clean); false: the planted hazard (expected to be reported). */
  expectClean: boolean;
  errors: number | null;
  warnings: number | null;
  summary: string;
  excerpt: string[];
  exitCode: number | null;
}

/** What compute-sanitizer reported on the verification kernels, as the tool said it. */
export interface SanitizerReport {
  /** `compute-sanitizer --version`'s version line. */
  version: string;
  runs: SanitizerRun[];
}

/** One other compute process seen on the GPU during the run. */
export interface GpuProcess {
  /** As NVML reports it (the host's pid namespace). */
  pid: number;
  /** '' when neither NVML nor the system names it. */
  name: string;
  /** Largest GPU memory NVML reported for it during the run; null when NVML does not say. */
  usedMemoryBytes: number | null;
}

/** Whom the GPU was shared with during the run (docs/methods.md#a-shared-gpu). */
export interface GpuSharing {
  /** How the run asked for the GPU: `wait` (default), `shared` (beside others), `exclusive` (no one else on it). */
  access: 'wait' | 'shared' | 'exclusive';
  /** NVML listed the GPU's compute processes before and after every point; false: sharing is unknown. */
  known: boolean;
  /** Why it is unknown (e.g. NVML absent); null when known. */
  unknownReason: string | null;
  /** The other compute processes seen before or after any point, this run's own process left out. */
  processes: GpuProcess[];
  /** Time spent waiting for the GPU before the first point. */
  waitedMs: number;
}

/** The unit strings every result file carries. */
export interface ResultUnits {
  perSync: 'ns';
  cycles: 'cycles';
  wholeKernel: 'ms';
  clock: 'MHz';
}

/** One result file (format 'syncbench-result', version 4). */
export interface ResultFile {
  format: 'syncbench-result';
  version: 4;
  id: string;
  name: string;
  createdAt: string;
  units: ResultUnits;
  source: Source;
  provenance: Provenance;
  plan: Plan;
  status: 'complete' | 'cancelled' | 'failed';
  error: { code: string; message: string } | null;
  points: Point[];
  ratios: Ratio[];
  /** Notes the run wants a reader to see (e.g. "3 points noisy", a sanitizer report, a skipped size). */
  notes: string[];
  /** compute-sanitizer's report, when the run asked for one (correctness mode); null otherwise. */
  sanitizer: SanitizerReport | null;
  /** Whom the GPU was shared with; null for published figures and files of version 3 and older. */
  gpuSharing: GpuSharing | null;
}
