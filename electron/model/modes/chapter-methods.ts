/**
 * What the chapter's modes (chapter.ts) measure, kernel by kernel: the Methods text of warp, block, grid, sweep,
 * sweep_grid, correctness, phases and modes. test/unit/methods checks these facts against the plans.
 */
import type { KernelMethod, ModeMethod } from '../words/methods';
import { COOPERATIVE, gridSync, kernel, LAYER_LAUNCH, syncthreads, syncwarp } from './kernel-method';

/** The kernel of each single-layer mode (warp, block, grid). */
export const LAYER_METHODS: Record<'warp' | 'block' | 'grid', ModeMethod> = {
  warp: { kernels: [syncwarp(LAYER_LAUNCH)], notes: [] },
  block: { kernels: [syncthreads(LAYER_LAUNCH)], notes: [] },
  grid: { kernels: [gridSync(LAYER_LAUNCH)], notes: [] },
};

const phases = (fixedDelta: boolean): KernelMethod[] => [
  kernel({
    workload: 'phases_grid_sync',
    body:
      'one round of a two-phase payload over every thread of the grid — `a[i] = value(round, i)`, ' +
      '`grid.sync()`, `b[i] = a[i] + a[n−1−i]`, `grid.sync()` — in one cooperative kernel',
    launch: `${LAYER_LAUNCH}; ${COOPERATIVE}`,
    baseline: null,
    itersLo: 1,
    fixedDelta,
    cooperative: true,
    verified: true,
  }),
  kernel({
    workload: 'phases_two_kernels',
    body:
      'the same round as two kernel launches, phase 1 then phase 2, back to back in one stream (the kernel ' +
      'boundary is the barrier)',
    launch: LAYER_LAUNCH,
    baseline: null,
    itersLo: 1,
    fixedDelta,
    timer: 'events-all',
    cycles: false,
    verified: true,
  }),
];

const PHASES_NOTE =
  'Phases: the short run is one round (lo = 1), so its whole-kernel figure is the time of one round, launch ' +
  'included, as the chapter reports it; the per-round figure is the difference between 1 and 1 + Δ rounds. ' +
  'Both variants verify their output (`b` is poisoned before each run and checked on the host after it).';

/** The sweep mode's kernels and notes. */
export const SWEEP_METHOD: ModeMethod = {
  kernels: [
    syncwarp('each `nwarpsList` entry (default 1, 2, 4, 8, 16, 32 warps) × 32 threads × `nblocks` blocks'),
    syncthreads('each `nwarpsList` entry (default 1, 2, 4, 8, 16, 32 warps) × 32 threads × `nblocks` blocks'),
  ],
  notes: [],
};

/** The sweep_grid mode's kernels and notes. */
export const SWEEP_GRID_METHOD: ModeMethod = {
  kernels: [
    gridSync(
      '`nwarps` × 32 threads per block; a grid of 1 block, then 1, 2, … blocks per SM × SM count up to the ' +
        'co-resident maximum',
    ),
  ],
  notes: [],
};

/** The correctness mode's kernels and notes. */
export const CORRECTNESS_METHOD: ModeMethod = {
  kernels: [
    kernel({
      workload: 'handoff_smem',
      body:
        'one hand-off round: warp (r mod nwarps) writes the whole shared-memory tile, `__syncthreads()`, every ' +
        'thread reads and checks a value another warp wrote, `__syncthreads()` (kernels/correctness.cu)',
      launch: '`nwarps` × 32 threads per block (at least 2 warps) × `nblocks` blocks (default one per SM)',
      verified: true,
    }),
  ],
  notes: [
    'Every value read is checked (iters × threads × blocks per launch); a point with a mismatch is flagged ' +
      '“verification failed”. The variant without barriers is a data race (undefined behaviour): it is never ' +
      'measured, only run under compute-sanitizer when the `sanitizer` parameter asks for it.',
  ],
};

/** The phases mode's kernels and notes. */
export const PHASES_METHOD: ModeMethod = { kernels: phases(false), notes: [PHASES_NOTE] };

/** The modes mode's kernels and notes. */
export const MODES_METHOD: ModeMethod = {
  kernels: [syncwarp(LAYER_LAUNCH), syncthreads(LAYER_LAUNCH), gridSync(LAYER_LAUNCH), ...phases(true)],
  notes: [
    PHASES_NOTE,
    'In this mode the phases rows always use Δ = 64 rounds; `deltaIters` applies to warp, block and grid.',
  ],
};
