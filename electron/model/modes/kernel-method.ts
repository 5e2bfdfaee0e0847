/**
 * The common case of a kernel's method facts, so each mode's method entry (its `ModeDefinition.method`) states only
 * what differs from it, and the launches and kernels several modes share.
 */
import type { KernelMethod } from '../words/methods';

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

/** The launch of the single-layer points: `nwarps` × `nblocks`, in words. */
export const LAYER_LAUNCH =
  '`nwarps` × 32 threads per block (default 8 warps) × `nblocks` blocks (default one per SM)';
/** What a cooperative launch adds to a launch's words. */
export const COOPERATIVE =
  'cooperative launch, refused above the co-resident limit cudaOccupancyMaxActiveBlocksPerMultiprocessor × SM count';

/** `__syncwarp()` back to back, at `launch` (in words). */
export const syncwarp = (launch: string): KernelMethod =>
  kernel({
    workload: 'syncwarp',
    body:
      '`__syncwarp()` back to back, 64 copies per loop iteration (PTX `bar.warp.sync`; in converged code ptxas ' +
      'emits a NOP for it on sm_90, so it measures one issue slot: 1.1 cycles per copy on the H200, ' +
      'docs/results/H200.md; kernels/warp_sync.cu)',
    launch,
  });
/** `__syncthreads()` back to back, at `launch` (in words). */
export const syncthreads = (launch: string): KernelMethod =>
  kernel({
    workload: 'syncthreads',
    body: '`__syncthreads()` back to back, 64 copies per loop iteration (PTX `bar.sync 0`, SASS `BAR.SYNC`)',
    launch,
  });
/** `this_grid().sync()` back to back, at `launch` (in words) launched cooperatively. */
export const gridSync = (launch: string): KernelMethod =>
  kernel({
    workload: 'grid_sync',
    body:
      '`this_grid().sync()` back to back, 16 copies per loop iteration (a release atomic on a grid-wide counter, ' +
      'acquire loads spinning on it, block barriers around it)',
    launch: `${launch}; ${COOPERATIVE}`,
    cooperative: true,
  });

/** The note of the sm_90 modes whose units carry state from one to the next (pipeline, cluster_arrive). */
export const STATEFUL_NOTE =
  'Not back to back: each unit depends on the one before it, so the kernel times its whole loop between two ' +
  '`__syncthreads()` and the per-unit figure is the difference of two iteration counts; nothing is subtracted ' +
  'unless a baseline is named.';
