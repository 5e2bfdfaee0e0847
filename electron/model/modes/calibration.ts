/**
 * `fadd_check`: validates the difference method on this machine with a known instruction — a chain of dependent
 * FADDs, about 4 cycles each on Volta and later (Jia et al., "Dissecting the NVIDIA Volta GPU Architecture via
 * Microbenchmarking", 2018; the same latency on Turing, Ampere and Hopper in the follow-up reports). One warp runs a
 * loop of 64 dependent FADDs per iteration against the same loop with 32: the per-FADD figure is the difference
 * over 32 × Δiterations, so loop and clock-read overhead cancel.
 */
import { DELTA_ITERS, ITERS, num } from './params';
import { launchOf, loopPoint } from './points';
import type { ModeDefinition } from './types';
import type { ModeMethod } from '../words/methods';
import { kernel } from './kernel-method';

/** Expected dependent-FADD latency in cycles (sm_70+), and the tolerance the self-test allows. */
export const FADD_EXPECTED_CYCLES = 4;
export const FADD_TOLERANCE_CYCLES = 1;

/** What the mode measures, kernel by kernel (its Methods section; test/unit/methods checks it against `plan`). */
const FADD_CHECK_METHOD: ModeMethod = {
  kernels: [
    kernel({
      workload: 'fadd_chain',
      param: 64,
      body:
        'chains of 64 dependent FADDs back to back, 8 per iteration (`add.f32` in `asm volatile`; ptxas may emit ' +
        'FFMA, same dependent latency); the baseline is chains of 32, 16 per iteration',
      launch: '1 block of 32 threads (one warp)',
      baseline: { workload: 'fadd_chain', param: 32 },
      unitsPerIter: 32,
    }),
  ],
  notes: [],
};

export const faddCheckMode: ModeDefinition = {
  rank: 220,
  method: FADD_CHECK_METHOD,
  info: {
    id: 'fadd_check',
    title: 'Method check: dependent FADD latency',
    question:
      'Does the difference method measure a known instruction latency (≈ 4 cycles per dependent FADD)?',
    group: 'method',
    params: [ITERS, DELTA_ITERS],
    chart: 'bars',
    minCc: 0,
  },
  xAxis: null,
  plan: async (v, ctx) => [
    loopPoint({
      series: 'dependent FADD',
      label: 'dependent FADD chain (64 vs 32 per iteration), 1 warp',
      x: null,
      workload: 'fadd_chain',
      param: 64,
      baseline: { workload: 'fadd_chain', param: 32 },
      unitsPerIter: 32,
      launch: launchOf(ctx, 1, 32),
      iters: num(v, 'iters'),
      deltaIters: num(v, 'deltaIters'),
      op: 'one dependent FADD',
    }),
  ],
  ratios: () => [],
};
