/**
 * The warp stall reasons of Nsight Compute that synchronization shows up in, and the primitive each one stands
 * for (Nsight Compute Profiling Guide, "Warp Scheduler States" / "Metrics Reference"; docs/profile.md#stall-reasons).
 * A share is the fraction of the warps' active cycles spent in that state: `smsp__warp_issue_stalled_<reason>_
 * per_warp_active.pct` where ncu collected it, else the reason's share of the PC samples
 * (`smsp__pcsamp_warps_issue_stalled_<reason>` over all reasons' samples).
 */

export interface StallReason {
  /** ncu's name in the metric names. */
  reason: string;
  /** The primitives whose waiting lands here. */
  primitive: string;
  /** What the state means (the Profiling Guide's wording, shortened). */
  meaning: string;
}

export const SYNC_STALL_REASONS: readonly StallReason[] = [
  {
    reason: 'barrier',
    primitive:
      'block barrier: __syncthreads(), bar.sync / named barriers, and the block barrier inside grid.sync()',
    meaning: 'waiting for sibling warps at a CTA barrier',
  },
  {
    reason: 'membar',
    primitive:
      'memory fence: __threadfence*(), release/acquire fences, and the fence inside cluster.sync() and grid.sync() (MEMBAR)',
    meaning: 'waiting on a memory barrier',
  },
  {
    reason: 'sleeping',
    primitive:
      '__nanosleep back-off (spin loops, cuda::barrier try_wait) and warps whose threads wait at a warp sync',
    meaning: 'all threads of the warp blocked, yielded or asleep',
  },
  {
    reason: 'branch_resolving',
    primitive: 'warp convergence: BSSY/BSYNC and WARPSYNC around divergent code',
    meaning: 'waiting for a branch target or the warp PC to be resolved',
  },
  {
    reason: 'misc',
    primitive: 'no one primitive (rare internal states)',
    meaning: 'a miscellaneous hardware reason',
  },
  {
    reason: 'warpgroup_arrive',
    primitive: 'warpgroup arrive (wgmma fence/arrive on sm_90)',
    meaning: 'waiting at a warpgroup arrive barrier',
  },
  {
    reason: 'long_scoreboard',
    primitive: 'not a sync: global loads, including the loads of a spin on a flag',
    meaning: 'waiting on an L1TEX (global, local, texture) result',
  },
];

/** Every stall reason the PC-sampling metrics name (their sum is the sample total a share is taken of). */
export const ALL_PCSAMP_REASONS = [
  'barrier',
  'branch_resolving',
  'dispatch_stall',
  'drain',
  'imc_miss',
  'lg_throttle',
  'long_scoreboard',
  'math_pipe_throttle',
  'membar',
  'mio_throttle',
  'misc',
  'no_instructions',
  'not_selected',
  'selected',
  'short_scoreboard',
  'sleeping',
  'tex_throttle',
  'wait',
  'warpgroup_arrive',
] as const;

/** The metric with a reason's share of active warp cycles (collected for barrier, membar, sleeping, misc). */
export function pctMetric(reason: string): string {
  return `smsp__warp_issue_stalled_${reason}_per_warp_active.pct`;
}

/** The PC-sampling metric of a reason. */
export function pcsampMetric(reason: string): string {
  return `smsp__pcsamp_warps_issue_stalled_${reason}`;
}
