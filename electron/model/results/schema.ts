/**
 * The result file: one run of one mode, with every raw sample and full provenance (docs/methods.md).
 * Versioned (`format` + `version`) and validated with zod on every read; `results/io.ts` migrates older versions.
 *
 * Units are in the field names: `perSyncNs` (ns per unit of the primitive, by the difference method),
 * `perSyncCycles` (SM clock cycles, clock64()), `wholeKernelMs` (CUDA-event time of one launch with `iters.lo`
 * iterations, launch overhead included: the chapter's figure), `clock.*MHz`.
 */
import { z } from 'zod';

import type {
  Clock,
  Device,
  GpuProcess,
  GpuSharing,
  Launch,
  Plan,
  Point,
  Provenance,
  Ratio,
  RawSamples,
  ResultFile,
  SanitizerReport,
  Source,
  Stats,
  Stopping,
  Verification,
} from '../../contract/result-file';
import { textProblem } from '../../contract/names';

// The result file's types are the contract's (electron/contract/result-file.ts); each schema `satisfies` its
// interface and test/unit/contract/result-file-types.test.ts holds the two exactly equal.
export type {
  Device,
  GpuProcess,
  GpuSharing,
  Launch,
  Plan,
  Point,
  Provenance,
  Ratio,
  ResultFile,
  SanitizerReport,
  Stats,
  Stopping,
} from '../../contract/result-file';

export const RESULT_FORMAT = 'syncbench-result';
export const RESULT_VERSION = 4;

const finite = z.number();
/**
 * Text of a result that is shown to a person (name, labels, series, notes, source): the contract's one rule for
 * safe text (electron/contract/names.ts textProblem), so every reader of a file refuses control and bidirectional
 * characters with the field that holds them.
 */
const shownText = z.string().superRefine((text, ctx) => {
  const problem = textProblem(text);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
const nonNegInt = z.int().nonnegative();

/**
 * Summary statistics of one sample set. `n = 0` marks a published single value (reference data): only `median`
 * is known and every other figure is null.
 */
export const StatsSchema = z.strictObject({
  n: nonNegInt,
  median: finite,
  p10: finite.nullable(),
  p90: finite.nullable(),
  min: finite.nullable(),
  max: finite.nullable(),
  mean: finite.nullable(),
  /** (p90 - p10) / |median|. */
  relSpread: finite.nullable(),
  /** 95% confidence interval of the median (order statistics). */
  ciLow: finite.nullable(),
  ciHigh: finite.nullable(),
}) satisfies z.ZodType<Stats>;

export const LaunchSchema = z.strictObject({
  gridBlocks: z.int().positive(),
  threadsPerBlock: z.int().positive(),
  /** Blocks per cluster: cudaLaunchAttributeClusterDimension's x when `clusterAttribute`; 0 or 1 without it. */
  clusterSize: nonNegInt,
  /**
   * true: launched with cudaLaunchAttributeClusterDimension = (clusterSize, 1, 1); false: no cluster attribute (a
   * clusterSize of 1 is then an implicit cluster of one block). docs/methods.md#clusters-as-launched. Files of
   * version 3 and older: clusterSize > 1, as they were launched.
   */
  clusterAttribute: z.boolean(),
  dynamicSmemBytes: nonNegInt,
  cooperative: z.boolean(),
}) satisfies z.ZodType<Launch>;

export const ClockSchema = z.strictObject({
  /** Median over repetitions of clock64 cycles / %globaltimer ns in the main kernel (null: host-timed workload). */
  measuredMHz: finite.nullable(),
  /** Median NVML SM clock read after each repetition (null: NVML absent). */
  nvmlMHz: finite.nullable(),
  /** Peak SM clock of the device. */
  maxMHz: finite.nullable(),
  /** The clock used to convert cycles to ns: which reading, and its value. */
  conversion: z.enum(['globaltimer', 'nvml', 'device-max', 'none']),
  conversionMHz: finite.nullable(),
  /** The measured clock fell below `plan.throttleThreshold` × maxMHz during the point. */
  throttled: z.boolean(),
  /** NVML clock event (throttle) reasons seen, as a bit mask (nvmlClocksEventReasons). */
  nvmlEventReasons: nonNegInt.nullable(),
}) satisfies z.ZodType<Clock>;

export const VerificationSchema = z.strictObject({
  verified: nonNegInt,
  mismatches: nonNegInt,
  ok: z.boolean(),
}) satisfies z.ZodType<Verification>;

/** Every raw sample of the point, one entry per repetition (kept so any statistic can be recomputed). */
export const RawSchema = z.strictObject({
  perSyncNs: z.array(finite),
  perSyncCycles: z.array(finite),
  mainLoMs: z.array(finite),
  mainHiMs: z.array(finite),
  baseLoMs: z.array(finite),
  baseHiMs: z.array(finite),
  mainLoCycles: z.array(finite),
  mainHiCycles: z.array(finite),
  baseLoCycles: z.array(finite),
  baseHiCycles: z.array(finite),
  clockMHz: z.array(finite),
  nvmlSmClockMHz: z.array(finite),
}) satisfies z.ZodType<RawSamples>;

export const PointSchema = z.strictObject({
  index: nonNegInt,
  /** Which curve or bar group the point belongs to, e.g. "warp", "block", "grid", "fence:device". */
  series: shownText.pipe(z.string().min(1)),
  /** Human label, e.g. "block, 8 warps". */
  label: shownText.pipe(z.string().min(1)),
  /** Position on the mode's x axis (plan.xAxis), or null for categorical modes. */
  x: finite.nullable(),
  workload: z.string().min(1),
  param: nonNegInt,
  baseline: z.strictObject({ workload: z.string().min(1), param: nonNegInt }).nullable(),
  /** What one unit is, e.g. "one __syncthreads()". */
  op: z.string(),
  /**
   * How the timed body ran (docs/methods.md, "The timed body"): `back-to-back` (`unroll` copies of the primitive per
   * loop iteration, nothing between them), `rounds` (one protocol round per iteration, unroll 0), `interleaved`
   * (format version 2 and older: one primitive per iteration next to a clock64() accumulation, which hides part of a
   * short primitive's latency), `published` (a figure from a publication or a public suite's released data).
   */
  timing: z.strictObject({
    body: z.enum(['back-to-back', 'rounds', 'interleaved', 'published']),
    unroll: nonNegInt,
  }),
  launch: LaunchSchema,
  iters: z.strictObject({
    lo: z.int().positive(),
    hi: z.int().positive(),
    unitsPerIter: z.number().positive(),
  }),
  perSyncNs: StatsSchema.nullable(),
  perSyncCycles: StatsSchema.nullable(),
  /** Median cycles converted with clock.conversionMHz. */
  perSyncNsFromCycles: finite.nullable(),
  wholeKernelMs: StatsSchema.nullable(),
  clock: ClockSchema,
  /** First launch of this kernel in the process (module loading included), never mixed into the statistics. */
  coldMs: finite.nullable(),
  reps: nonNegInt,
  stoppedBy: z.enum(['noise', 'max-time', 'max-reps', 'published']),
  /** The noise target was not met (stopped on time or repetitions); kept, not dropped. */
  noisy: z.boolean(),
  relCi: finite.nullable(),
  wallMs: finite.nonnegative(),
  hostTimed: z.boolean(),
  /** Measured only to show its cost (e.g. a volatile flag): not synchronization, never ranked or recommended. */
  incorrect: z.boolean(),
  verification: VerificationSchema.nullable(),
  /**
   * Another compute process was on the GPU just before or just after the point (NVML; docs/methods.md#a-shared-gpu):
   * true shared, false NVML listed none, null unknown (NVML absent, or files of version 3 and older).
   */
  gpuShared: z.boolean().nullable(),
  raw: RawSchema,
}) satisfies z.ZodType<Point>;

export const DeviceSchema = z.strictObject({
  ordinal: nonNegInt,
  name: z.string(),
  computeCapability: z.string().regex(/^\d+\.\d+$/),
  smCount: z.int().positive(),
  smClockMaxMHz: finite.nullable(),
  memoryClockMaxMHz: finite.nullable(),
  memoryBusWidthBits: nonNegInt.nullable(),
  totalMemoryBytes: finite.nullable(),
  l2CacheBytes: finite.nullable(),
  maxThreadsPerBlock: z.int().positive(),
  maxThreadsPerSm: z.int().positive().nullable(),
  maxBlocksPerSm: z.int().positive().nullable(),
  sharedMemPerBlockBytes: finite.nullable(),
  sharedMemPerBlockOptinBytes: finite.nullable(),
  sharedMemPerSmBytes: finite.nullable(),
  registersPerBlock: finite.nullable(),
  registersPerSm: finite.nullable(),
  cooperativeLaunch: z.boolean().nullable(),
  clusterLaunch: z.boolean().nullable(),
  eccEnabled: z.boolean().nullable(),
  pciBusId: z.string().nullable(),
}) satisfies z.ZodType<Device>;

export const ProvenanceSchema = z.strictObject({
  app: z.strictObject({ name: z.string(), version: z.string(), commit: z.string() }),
  host: z.strictObject({
    hostname: z.string(),
    platform: z.string(),
    osRelease: z.string(),
    arch: z.string(),
    cpuModel: z.string(),
    node: z.string(),
  }),
  device: DeviceSchema.nullable(),
  driverVersion: z.string(),
  runtimeVersion: z.string(),
  /** CUDA version and architectures the addon was compiled for. */
  build: z.strictObject({ cudaRuntime: z.string(), architectures: z.string() }).nullable(),
  /** Process scheduling flag of the CUDA context (host completion depends on it). */
  scheduleFlag: z.enum(['auto', 'spin', 'yield', 'blocking-sync']),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime(),
}) satisfies z.ZodType<Provenance>;

export const StoppingSchema = z.strictObject({
  warmup: nonNegInt,
  minReps: z.int().positive(),
  maxReps: z.int().positive(),
  minTimeMs: finite.nonnegative(),
  maxTimeMs: finite.nonnegative(),
  /** Noise target: 95% CI half-width of the median / median gross cost. */
  targetRelCi: finite.nonnegative(),
}) satisfies z.ZodType<Stopping>;

export const PlanSchema = z.strictObject({
  mode: z.string().min(1),
  device: nonNegInt,
  /** The mode's parameters as given (after defaults), e.g. { iters: 256, nwarps: 8, nblocks: 132 }. */
  params: z.record(z.string(), z.union([finite, z.string(), z.array(finite)])),
  stopping: StoppingSchema,
  /** A point is flagged throttled when its clock is below this fraction of the peak SM clock. */
  throttleThreshold: finite.min(0).max(1),
  /** The x axis of the mode's chart (null: categorical bars). */
  xAxis: z.strictObject({ key: z.string(), label: z.string(), log: z.boolean() }).nullable(),
}) satisfies z.ZodType<Plan>;

export const RatioSchema = z.strictObject({
  /** e.g. "grid/block". */
  name: z.string().min(1),
  value: finite,
  numerator: z.string(),
  denominator: z.string(),
  /** Which figure the ratio divides. */
  basis: z.enum(['perSyncNs', 'wholeKernelMs']),
}) satisfies z.ZodType<Ratio>;

export const SourceSchema = z.strictObject({
  /** measured: by this product (where: provenance). published: copied from a publication, not measured here. */
  kind: z.enum(['measured', 'published']),
  citation: shownText.nullable(),
  note: shownText.nullable(),
}) satisfies z.ZodType<Source>;

/** What compute-sanitizer reported on the verification kernels, as the tool said it. */
export const SanitizerReportSchema = z.strictObject({
  /** `compute-sanitizer --version`'s version line. */
  version: z.string(),
  runs: z.array(
    z.strictObject({
      tool: z.enum(['racecheck', 'synccheck']),
      workload: z.string(),
      what: z.string(),
      /** true: the correct kernel (expected clean); false: the planted hazard (expected to be reported). */
      expectClean: z.boolean(),
      errors: nonNegInt.nullable(),
      warnings: nonNegInt.nullable(),
      summary: z.string(),
      excerpt: z.array(z.string()),
      exitCode: z.int().nullable(),
    }),
  ),
}) satisfies z.ZodType<SanitizerReport>;

/** One other compute process seen on the GPU during the run. */
export const GpuProcessSchema = z.strictObject({
  /** As NVML reports it (the host's pid namespace). */
  pid: nonNegInt,
  /** '' when neither NVML nor the system names it. */
  name: z.string(),
  /** Largest GPU memory NVML reported for it during the run; null when NVML does not say. */
  usedMemoryBytes: finite.nullable(),
}) satisfies z.ZodType<GpuProcess>;

/** Whom the GPU was shared with during the run (docs/methods.md#a-shared-gpu). */
export const GpuSharingSchema = z.strictObject({
  /**
   * How the run asked for the GPU: `wait` (default: waits for the product's other measuring processes, through a
   * per-GPU lock), `shared` (measures beside them), `exclusive` (also waits until no other compute process is on it).
   */
  access: z.enum(['wait', 'shared', 'exclusive']),
  /** NVML listed the GPU's compute processes before and after every point; false: sharing is unknown. */
  known: z.boolean(),
  /** Why it is unknown (e.g. NVML absent); null when known. */
  unknownReason: z.string().nullable(),
  /** The other compute processes seen before or after any point, this run's own process left out. */
  processes: z.array(GpuProcessSchema),
  /** Time spent waiting for the GPU before the first point. */
  waitedMs: finite.nonnegative(),
}) satisfies z.ZodType<GpuSharing>;

export const ResultFileSchema = z.strictObject({
  format: z.literal(RESULT_FORMAT),
  version: z.literal(RESULT_VERSION),
  id: z.string().min(8),
  name: shownText,
  createdAt: z.iso.datetime(),
  units: z.strictObject({
    perSync: z.literal('ns'),
    cycles: z.literal('cycles'),
    wholeKernel: z.literal('ms'),
    clock: z.literal('MHz'),
  }),
  source: SourceSchema,
  provenance: ProvenanceSchema,
  plan: PlanSchema,
  status: z.enum(['complete', 'cancelled', 'failed']),
  error: z.strictObject({ code: z.string(), message: z.string() }).nullable(),
  points: z.array(PointSchema),
  ratios: z.array(RatioSchema),
  /** Notes the run wants a reader to see (e.g. "3 points noisy", a sanitizer report, a skipped size). */
  notes: z.array(shownText),
  /** compute-sanitizer's report, when the run asked for one (correctness mode); null otherwise. */
  sanitizer: SanitizerReportSchema.nullable(),
  /** Whom the GPU was shared with; null for published figures and files of version 3 and older. */
  gpuSharing: GpuSharingSchema.nullable(),
}) satisfies z.ZodType<ResultFile>;

/** The unit strings every result file carries. */
export const RESULT_UNITS: ResultFile['units'] = {
  perSync: 'ns',
  cycles: 'cycles',
  wholeKernel: 'ms',
  clock: 'MHz',
};
