/**
 * The difference method written out for one kernel: its iteration counts (lo, hi = lo + Δ with the workload's
 * default Δ from electron/core/modes/points.ts) and the formula native/src/point_runner.h computes for it.
 */
import { ITERS } from '../modes/params';
import { iterations } from '../modes/points';
import type { KernelMethod } from './types';

/** A whole number with thousands separators ("131,072"). */
function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** The long run's default extra iterations for a workload (points.ts DELTA_ITERS, via `iterations`). */
export function defaultDelta(workload: string): number {
  const { itersLo, itersHi } = iterations(workload, 0, 0);
  return itersHi - itersLo;
}

function named(workload: string, param: number | 'same' | null): string {
  if (param === null) return workload;
  return param === 'same' ? `${workload}[same param]` : `${workload}[${param}]`;
}

/** "lo = `iters` (default 256), hi = lo + Δ with Δ = 32,768 by default (a non-zero `deltaIters` replaces it)". */
export function iterationText(k: KernelMethod): string {
  const lo = k.itersLo === 'iters' ? `lo = \`iters\` (default ${ITERS.default})` : `lo = ${count(k.itersLo)}`;
  const delta = defaultDelta(k.workload);
  const rule = k.fixedDelta ? 'always' : 'by default; a non-zero `deltaIters` replaces it';
  return `${lo}, hi = lo + Δ with Δ = ${count(delta)} (${rule})`;
}

/**
 * The per-unit formula for a kernel, e.g. for fadd_check
 * "((t(fadd_chain[64], hi) − t(fadd_chain[64], lo)) − (t(fadd_chain[32], hi) − t(fadd_chain[32], lo))) / (Δ × 32)".
 * t is one launch's time (ms; ×10⁶ gives ns) or, for cycles, its clock64() loop cycles.
 */
export function formulaText(k: KernelMethod): string {
  const main = named(k.workload, k.param);
  const diff = (w: string) => `(t(${w}, hi) − t(${w}, lo))`;
  const numerator = k.baseline
    ? `(${diff(main)} − ${diff(named(k.baseline.workload, k.baseline.param))})`
    : diff(main);
  return `${numerator} / (Δ × ${k.unitsPerIter})`;
}

/** What the baseline is, for a person. */
export function baselineText(k: KernelMethod): string {
  if (!k.baseline) {
    return (
      'No baseline workload: launch overhead cancels in the difference; the loop’s own per-iteration overhead ' +
      'stays in the figure.'
    );
  }
  if (k.baseline.workload === 'baseline') {
    return (
      'Baseline: the empty loop (`baseline`: clock64() accumulated, nothing else) with the same launch and ' +
      'counts, so loop and clock-read overhead cancel.'
    );
  }
  return `Baseline: \`${named(k.baseline.workload, k.baseline.param)}\` with the same launch and counts.`;
}
