/**
 * How one result's numbers were made: its own stopping rule, the clocks its points were converted with, how many
 * points are noisy, throttled, cold-timed or verified, and per point the iteration counts with both figures of the
 * same run (per-sync and whole-kernel) side by side.
 */
import { displayNumber } from '../format/columns';
import type { Point, ResultFile, Stopping } from '../results/schema';
import { launchShare, type LaunchShare } from './launch-overhead';
import { METHODS_EN } from '../words/en/methods';
import type { RunWords } from '../words/methods';

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
  /** "ok (1024 verified)", "FAILED (3 of 1024 mismatched)" (in the words given), or null (not a verifying workload). */
  verification: string | null;
  /** The point checked its output and found mismatches. */
  verificationFailed: boolean;
  incorrect: boolean;
}

/** Per point: iteration counts, baseline, both figures, stopping outcome, clock and flags, in `words` (English). */
export function runMethodRows(result: ResultFile, words: RunWords = METHODS_EN.run): RunMethodRow[] {
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
    verification: p.verification ? words.verificationCell(p.verification) : null,
    verificationFailed: p.verification !== null && !p.verification.ok,
    incorrect: p.incorrect,
  }));
}

/** "warm-up 2 repetitions; stop on noise …" for a person, in `words` (English by default). */
export function stoppingText(s: Stopping, words: RunWords = METHODS_EN.run): string {
  return words.stopping({
    warmup: s.warmup,
    targetPct: displayNumber(s.targetRelCi * 100),
    minReps: s.minReps,
    minTimeMs: displayNumber(s.minTimeMs),
    maxTimeMs: displayNumber(s.maxTimeMs),
    maxReps: s.maxReps,
  });
}

/** "lo–hi unit" of `values` (a loop, not Math.min(...values): a 36,000-point run would overflow the stack). */
function spread(values: number[], unit: string): string {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const lo = displayNumber(min);
  const hi = displayNumber(max);
  return lo === hi ? `${lo} ${unit}` : `${lo}–${hi} ${unit}`;
}

function clocksText(points: Point[], words: RunWords): string {
  const groups = new Map<Point['clock']['conversion'], Point[]>();
  for (const p of points) {
    // Appended in place: copying the group for every point made a 36,000-point page take seconds.
    const group = groups.get(p.clock.conversion);
    if (group) group.push(p);
    else groups.set(p.clock.conversion, [p]);
  }
  const parts = [...groups.entries()].map(([conversion, list]) => {
    const mhz = list.flatMap((p) => (p.clock.conversionMHz === null ? [] : [p.clock.conversionMHz]));
    return words.clockGroup(
      words.clockNames[conversion],
      list.length,
      mhz.length ? spread(mhz, 'MHz') : null,
    );
  });
  return words.clocksLine(parts, points.filter((p) => p.perSyncCycles === null).length);
}

function flagsText(result: ResultFile, words: RunWords): string {
  const { points } = result;
  const cold = points.flatMap((p) => (p.coldMs === null || p.coldMs < 0 ? [] : [p.coldMs]));
  const verified = points.filter((p) => p.verification !== null);
  return [
    words.noisy(points.filter((p) => p.noisy).length, points.length),
    words.throttled(
      displayNumber(result.plan.throttleThreshold * 100),
      points.filter((p) => p.clock.throttled).length,
    ),
    words.cold(cold.length, cold.length ? spread(cold, 'ms') : null),
    words.verification(verified.length, verified.filter((p) => !p.verification?.ok).length),
  ].join(words.sentenceSeparator);
}

/** This run's plan in sentences, in `words` (English by default): its stopping rule, the clocks used, its flag counts. */
export function runMethodLines(result: ResultFile, words: RunWords = METHODS_EN.run): string[] {
  if (result.source.kind === 'published') return [words.published];
  return [
    words.stoppingLine(stoppingText(result.plan.stopping, words)),
    clocksText(result.points, words),
    flagsText(result, words),
  ];
}
