/**
 * How one result's numbers were made: its own stopping rule, the clocks its points were converted with, how many
 * points are noisy, throttled, cold-timed or verified, and per point the iteration counts with both figures of the
 * same run (per-sync and whole-kernel) side by side.
 */
import { displayNumber } from '../format/columns';
import type { Point, ResultFile, Stopping } from '../results/schema';
import { launchShare, type LaunchShare } from './launch-overhead';

/** One point's plan, figures and flags. */
export interface RunMethodRow {
  index: number;
  label: string;
  lo: number;
  hi: number;
  unitsPerIter: number;
  /** "baseline[0]", "rmw_pair[0]", or null (no baseline workload). */
  baseline: string | null;
  perSyncNs: number | null;
  perSyncCycles: number | null;
  wholeKernelMs: number | null;
  /** The per-sync figure's share of the short launch (null without both figures). */
  share: LaunchShare | null;
  hostTimed: boolean;
  reps: number;
  stoppedBy: Point['stoppedBy'];
  noisy: boolean;
  /** The clock used to convert cycles and its value, e.g. "globaltimer 1977 MHz". */
  clock: string;
  throttled: boolean;
  coldMs: number | null;
  /** "ok (1024 verified)", "FAILED (3 of 1024 mismatched)", or null (not a verifying workload). */
  verification: string | null;
  incorrect: boolean;
}

const CLOCK_NAMES: Record<Point['clock']['conversion'], string> = {
  globaltimer: 'globaltimer (clock64 / %globaltimer in the kernel)',
  nvml: 'NVML SM clock',
  'device-max': 'peak SM clock of the device',
  none: 'none (no clock known)',
};

/** Per point: iteration counts, baseline, both figures, stopping outcome, clock and flags. */
export function runMethodRows(result: ResultFile): RunMethodRow[] {
  return result.points.map((p) => ({
    index: p.index,
    label: p.label,
    lo: p.iters.lo,
    hi: p.iters.hi,
    unitsPerIter: p.iters.unitsPerIter,
    baseline: p.baseline ? `${p.baseline.workload}[${p.baseline.param}]` : null,
    perSyncNs: p.perSyncNs?.median ?? null,
    perSyncCycles: p.perSyncCycles?.median ?? null,
    wholeKernelMs: p.wholeKernelMs?.median ?? null,
    share: launchShare(p),
    hostTimed: p.hostTimed,
    reps: p.reps,
    stoppedBy: p.stoppedBy,
    noisy: p.noisy,
    clock:
      p.clock.conversionMHz === null
        ? p.clock.conversion
        : `${p.clock.conversion} ${displayNumber(p.clock.conversionMHz)} MHz`,
    throttled: p.clock.throttled,
    coldMs: p.coldMs,
    verification: p.verification
      ? p.verification.ok
        ? `ok (${p.verification.verified} verified)`
        : `FAILED (${p.verification.mismatches} of ${p.verification.verified} mismatched)`
      : null,
    incorrect: p.incorrect,
  }));
}

/** "warm-up 2 repetitions; stop on noise …" for a person. */
export function stoppingText(s: Stopping): string {
  return (
    `warm-up ${s.warmup} repetition${s.warmup === 1 ? '' : 's'}; stop on noise (95% CI half-width of the median ` +
    `≤ ${displayNumber(s.targetRelCi * 100)}% of the median gross cost) after at least ${s.minReps} repetitions ` +
    `and ${displayNumber(s.minTimeMs)} ms; otherwise at ${displayNumber(s.maxTimeMs)} ms or ${s.maxReps} ` +
    'repetitions, marked noisy'
  );
}

function spread(values: number[], unit: string): string {
  const lo = displayNumber(Math.min(...values));
  const hi = displayNumber(Math.max(...values));
  return lo === hi ? `${lo} ${unit}` : `${lo}–${hi} ${unit}`;
}

function clocksText(points: Point[]): string {
  const groups = new Map<Point['clock']['conversion'], Point[]>();
  for (const p of points) groups.set(p.clock.conversion, [...(groups.get(p.clock.conversion) ?? []), p]);
  const parts = [...groups.entries()].map(([conversion, list]) => {
    const mhz = list.flatMap((p) => (p.clock.conversionMHz === null ? [] : [p.clock.conversionMHz]));
    const n = `${list.length} point${list.length === 1 ? '' : 's'}`;
    return `${CLOCK_NAMES[conversion]} for ${n}${mhz.length ? `, ${spread(mhz, 'MHz')}` : ''}`;
  });
  const noCycles = points.filter((p) => p.perSyncCycles === null).length;
  const tail = noCycles
    ? ` (${noCycles} point${noCycles === 1 ? ' has' : 's have'} no cycles to convert)`
    : '';
  return `Clock used to convert cycles to ns: ${parts.join('; ')}${tail}.`;
}

function flagsText(result: ResultFile): string {
  const { points } = result;
  const noisy = points.filter((p) => p.noisy).length;
  const throttled = points.filter((p) => p.clock.throttled).length;
  const cold = points.flatMap((p) => (p.coldMs === null || p.coldMs < 0 ? [] : [p.coldMs]));
  const verified = points.filter((p) => p.verification !== null);
  const failed = verified.filter((p) => !p.verification?.ok).length;
  const pct = displayNumber(result.plan.throttleThreshold * 100);
  return [
    `Noisy (noise target not met): ${noisy} of ${points.length} points.`,
    `Throttled (clock below ${pct}% of the peak SM clock): ${throttled}.`,
    cold.length
      ? `Cold first launches timed apart: ${cold.length} point${cold.length === 1 ? '' : 's'}, ${spread(cold, 'ms')}.`
      : 'Cold first launches timed apart: none in this run (the kernels were already loaded).',
    verified.length
      ? `Verification: ${verified.length} point${verified.length === 1 ? ' checked its' : 's checked their'} output, ${failed} failed.`
      : 'Verification: no verifying workload in this run.',
  ].join(' ');
}

/** This run's plan in sentences: its stopping rule, the clocks used, and its flag counts. */
export function runMethodLines(result: ResultFile): string[] {
  if (result.source.kind === 'published') {
    return [
      'Published values, not measured by this product: no stopping rule, samples, clocks or cold launches are ' +
        'known; only the medians (see Source).',
    ];
  }
  return [
    `Stopping rule of this run: ${stoppingText(result.plan.stopping)}.`,
    clocksText(result.points),
    flagsText(result),
  ];
}
