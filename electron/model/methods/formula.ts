/**
 * The difference method written out for one kernel: its iteration counts (lo, hi = lo + Δ with the workload's
 * default Δ, the one its kernel table entry states: electron/model/modes/points.ts defaultDeltaIters) and the
 * formula native/src/point_runner.h computes for it.
 */
import { ITERS } from '../modes/params';
import { defaultDeltaIters } from '../modes/points';
import type { KernelMethod } from './types';
import { METHODS_EN } from '../words/en/methods';
import type { MethodWords } from '../words/methods';

/** A whole number with thousands separators ("131,072"). */
function count(n: number): string {
  return n.toLocaleString('en-US');
}

function named(workload: string, param: number | 'same' | null, words: MethodWords): string {
  if (param === null) return workload;
  return param === 'same' ? `${workload}[${words.sameParam}]` : `${workload}[${param}]`;
}

/**
 * "lo = `iters` (default 256), hi = lo + Δ with Δ = 32,768 by default (a non-zero `deltaIters` replaces it)", in
 * `words`.
 */
export function iterationText(k: KernelMethod, words: MethodWords = METHODS_EN): string {
  const lo =
    k.itersLo === 'iters'
      ? { iters: true as const, default: String(ITERS.default) }
      : { iters: false as const, count: count(k.itersLo) };
  return words.iterations(lo, count(defaultDeltaIters(k.workload)), k.fixedDelta);
}

/**
 * The per-unit formula for a kernel, e.g. for fadd_check
 * "((t(fadd_chain[64], hi) − t(fadd_chain[64], lo)) − (t(fadd_chain[32], hi) − t(fadd_chain[32], lo))) / (Δ × 32)".
 * t is one launch's time (ms; ×10⁶ gives ns) or, for cycles, its clock64() loop cycles.
 */
export function formulaText(k: KernelMethod, words: MethodWords = METHODS_EN): string {
  const main = named(k.workload, k.param, words);
  const diff = (w: string) => `(t(${w}, hi) − t(${w}, lo))`;
  const numerator = k.baseline
    ? `(${diff(main)} − ${diff(named(k.baseline.workload, k.baseline.param, words))})`
    : diff(main);
  return `${numerator} / (Δ × ${k.unitsPerIter})`;
}

/** What the baseline is, for a person, in `words`. */
export function baselineText(k: KernelMethod, words: MethodWords = METHODS_EN): string {
  if (!k.baseline) return words.baselineNone;
  if (k.baseline.workload === 'baseline') return words.baselineEmptyLoop;
  return words.baselineNamed(named(k.baseline.workload, k.baseline.param, words));
}
