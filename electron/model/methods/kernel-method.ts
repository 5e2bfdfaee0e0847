/**
 * The common case of a kernel's method facts, so each mode's entries state only what differs from it.
 */
import type { KernelMethod } from './types';

/** The facts every kernel entry states; the rest default as `kernel` says. */
export type KernelFacts = Pick<KernelMethod, 'workload' | 'body' | 'launch'> & Partial<KernelMethod>;

/**
 * A kernel with the common case filled in: one event-timed launch, clock64 cycles, no baseline (back to back), no
 * param, one unit per iteration, lo = `iters` and the workload's default Δ, not cooperative, not verified.
 */
export function kernel(facts: KernelFacts): KernelMethod {
  return {
    param: null,
    baseline: null,
    unitsPerIter: 1,
    itersLo: 'iters',
    fixedDelta: false,
    timer: 'events',
    cycles: true,
    cooperative: false,
    verified: false,
    ...facts,
  };
}
