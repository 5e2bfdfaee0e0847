/**
 * Turns one point's raw native samples into the result file's Point: statistics of every figure, the clock the
 * kernel actually ran at, cycles converted to ns with that clock, throttling and noise flags.
 */
import type { NativePointResult } from '../../model/native/addon-types';
import type { PlannedPoint } from '../../model/modes/types';
import type { Device, Point } from '../../model/results/schema';
import { othersOf } from './gpu-sharing';
import { medianOf, summarize } from '../../model/measure/stats';

/** Picks the clock for converting cycles to ns: in-kernel measured, else NVML, else the device's peak. */
function conversionClock(
  measured: number | null,
  nvml: number | null,
  max: number | null,
): Point['clock']['conversion'] {
  if (measured !== null && measured > 0) return 'globaltimer';
  if (nvml !== null && nvml > 0) return 'nvml';
  if (max !== null && max > 0) return 'device-max';
  return 'none';
}

/**
 * @param index position of the point in the run
 * @param planned what was measured (series, label, spec)
 * @param raw the addon's samples (one entry per repetition)
 * @param device the device measured (for the peak clock), null if unknown
 * @param throttleThreshold fraction of the peak SM clock under which a point is flagged throttled
 * @param unroll copies per loop iteration of the workload's back-to-back body (kernels' table), 0 for rounds
 */
export function toPoint(
  index: number,
  planned: PlannedPoint,
  raw: NativePointResult,
  device: Device | null,
  throttleThreshold: number,
  unroll: number,
): Point {
  const measuredMHz = medianOf(raw.clockMHz);
  const nvmlMHz = medianOf(raw.nvmlSmClockMHz);
  const maxMHz = raw.nvmlSmClockMaxMHz > 0 ? raw.nvmlSmClockMaxMHz : (device?.smClockMaxMHz ?? null);
  const conversion = conversionClock(measuredMHz, nvmlMHz, maxMHz);
  const conversionMHz = { globaltimer: measuredMHz, nvml: nvmlMHz, 'device-max': maxMHz, none: null }[
    conversion
  ];
  const running = measuredMHz ?? nvmlMHz;
  const perSyncCycles = raw.perUnitCycles.length > 0 ? summarize(raw.perUnitCycles) : null;
  const { spec } = planned;
  return {
    index,
    series: planned.series,
    label: planned.label,
    x: planned.x,
    workload: spec.workload,
    param: spec.param,
    baseline: spec.baseline,
    op: planned.op,
    timing: { body: unroll > 0 ? 'back-to-back' : 'rounds', unroll },
    launch: { ...spec.launch, cooperative: planned.cooperative },
    iters: { lo: spec.itersLo, hi: spec.itersHi, unitsPerIter: spec.unitsPerIter },
    perSyncNs: raw.perUnitNs.length > 0 ? summarize(raw.perUnitNs) : null,
    perSyncCycles,
    perSyncNsFromCycles:
      perSyncCycles && conversionMHz ? (perSyncCycles.median / conversionMHz) * 1000 : null,
    wholeKernelMs: raw.mainLoMs.length > 0 ? summarize(raw.mainLoMs) : null,
    clock: {
      measuredMHz,
      nvmlMHz,
      maxMHz,
      conversion,
      conversionMHz,
      throttled: running !== null && maxMHz !== null && running < throttleThreshold * maxMHz,
      nvmlEventReasons: raw.nvmlSmClockMHz.length > 0 ? raw.nvmlClockEventReasons : null,
    },
    coldMs: raw.coldMs,
    reps: raw.reps,
    stoppedBy: raw.stoppedBy,
    noisy: raw.stoppedBy !== 'noise',
    relCi: raw.relCi,
    wallMs: raw.wallMs,
    hostTimed: raw.hostTimed,
    incorrect: planned.incorrect,
    verification:
      raw.verified > 0
        ? { verified: raw.verified, mismatches: raw.mismatches, ok: raw.mismatches === 0 }
        : null,
    gpuShared: othersOf(raw.gpuProcesses).shared,
    raw: {
      perSyncNs: raw.perUnitNs,
      perSyncCycles: raw.perUnitCycles,
      mainLoMs: raw.mainLoMs,
      mainHiMs: raw.mainHiMs,
      baseLoMs: raw.baseLoMs,
      baseHiMs: raw.baseHiMs,
      mainLoCycles: raw.mainLoCycles,
      mainHiCycles: raw.mainHiCycles,
      baseLoCycles: raw.baseLoCycles,
      baseHiCycles: raw.baseHiCycles,
      clockMHz: raw.clockMHz,
      nvmlSmClockMHz: raw.nvmlSmClockMHz,
    },
  };
}
