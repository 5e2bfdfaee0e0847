/**
 * `async_barrier`: cuda::barrier<thread_scope_block> (libcu++, an mbarrier on sm_80+) — arrive_and_wait() against
 * __syncthreads on the same block, and split arrive() ... wait() with `work` dependent FADDs between (measured
 * against the same work alone, so the figure is what the split barrier adds).
 */
import type { ParamInfo } from '../../contract';
import { DELTA_ITERS, ITERS, NBLOCKS, NWARPS, num } from './params';
import { launchOf, loopPoint, shapeText } from './points';
import { pointOf, ratio, ratios } from './ratios';
import type { ModeDefinition } from './types';
import type { ModeMethod } from '../words/methods';
import { kernel, LAYER_LAUNCH, syncthreads } from './kernel-method';

const WORK: ParamInfo = {
  name: 'work',
  label: 'FADDs between arrive and wait',
  kind: 'int-list',
  default: [8, 32, 128, 512],
  min: 8,
  max: 65536,
  help: 'Dependent FADDs of independent work between arrive() and wait() (rounded down to a multiple of 8).',
};

/** What the mode measures, kernel by kernel (its Methods section; test/unit/methods checks it against `plan`). */
const ASYNC_BARRIER_METHOD: ModeMethod = {
  kernels: [
    syncthreads(LAYER_LAUNCH),
    kernel({
      workload: 'cuda_barrier',
      body:
        '`cuda::barrier<thread_scope_block>::arrive_and_wait()` by every thread, back to back, 16 copies per ' +
        'iteration (an mbarrier, sm_80+)',
      launch: 'the same blocks',
    }),
    kernel({
      workload: 'cuda_barrier_split',
      body:
        'one round: `arrive()`, W dependent FADDs of work (W from `work`, rounded down to a multiple of 8), ' +
        '`wait(token)` — work between arrive and wait on purpose; its baseline is the same W FADDs without the ' +
        'barrier, so the figure is what the split barrier adds on top of that work',
      launch: 'the same blocks',
      baseline: { workload: 'fadd_work', param: 'same' },
    }),
  ],
  notes: [],
};

export const asyncBarrierMode: ModeDefinition = {
  rank: 120,
  method: ASYNC_BARRIER_METHOD,
  info: {
    id: 'async_barrier',
    title: 'cuda::barrier: arrive_and_wait and split arrive/wait',
    question:
      'What does a libcu++ block barrier cost, and how much of it hides behind work between arrive and wait?',
    group: 'scopes',
    params: [ITERS, DELTA_ITERS, NWARPS, NBLOCKS, WORK],
    chart: 'bars',
    minCc: 80,
  },
  xAxis: null,
  plan: async (v, ctx) => {
    const nwarps = num(v, 'nwarps');
    const nblocks = num(v, 'nblocks', ctx.device.smCount);
    const common = {
      launch: launchOf(ctx, nblocks, nwarps * 32),
      iters: num(v, 'iters'),
      deltaIters: num(v, 'deltaIters'),
    };
    const shape = shapeText(nwarps, nblocks);
    return [
      loopPoint({
        ...common,
        series: '__syncthreads()',
        label: `__syncthreads(), ${shape}`,
        x: null,
        workload: 'syncthreads',
        op: 'one __syncthreads()',
      }),
      loopPoint({
        ...common,
        series: 'arrive_and_wait()',
        label: `cuda::barrier arrive_and_wait(), ${shape}`,
        x: null,
        workload: 'cuda_barrier',
        op: 'one arrive_and_wait()',
      }),
      ...(v.work as number[]).map((w) =>
        loopPoint({
          ...common,
          series: 'arrive() … wait()',
          label: `arrive(); ${w - (w % 8)} FADDs; wait(), ${shape}`,
          x: w - (w % 8),
          workload: 'cuda_barrier_split',
          param: w,
          baseline: { workload: 'fadd_work', param: w },
          op: 'what a split arrive/wait adds to the work between',
        }),
      ),
    ];
  },
  ratios: (points) =>
    ratios([
      ratio(
        'arrive_and_wait/__syncthreads',
        pointOf(points, 'arrive_and_wait()'),
        pointOf(points, '__syncthreads()'),
        'perSyncNs',
      ),
    ]),
};
