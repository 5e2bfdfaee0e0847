/**
 * `overlap`: how much of a __syncthreads() hides behind work, measured on purpose (docs/methods.md, "Overlap"). Each
 * copy of the back-to-back body is W dependent FADDs and then the barrier; the baseline is the same W FADDs with no
 * barrier, so the figure is what the barrier adds on top of W FADDs of work (W = 0 is the plain back-to-back
 * latency). A body that interleaves other work with the primitive measures this, not its latency.
 */
import type { ParamInfo } from '../../contract';
import { PlanError } from './plan-error';
import { word } from '../words/host-text';
import { DELTA_ITERS, ITERS, NBLOCKS, NWARPS, num } from './params';
import { launchOf, loopPoint, shapeText } from './points';
import { pointOf, ratio, ratios } from './ratios';
import type { ModeDefinition } from './types';
import type { ModeMethod } from '../words/methods';
import { kernel, LAYER_LAUNCH } from './kernel-method';

/** The work counts the kernels are built for (kernels/block_sync.cu overlap_kernel). */
export const OVERLAP_WORK = [0, 8, 32, 128] as const;

const WORK_LIST: ParamInfo = {
  name: 'workList',
  label: 'Dependent FADDs before each barrier',
  kind: 'int-list',
  default: [...OVERLAP_WORK],
  min: 0,
  max: 128,
  help: 'W: FADDs of work (one dependent chain) before each __syncthreads(); each of 0, 8, 32, 128.',
};

/** What the mode measures, kernel by kernel (its Methods section; test/unit/methods checks it against `plan`). */
const OVERLAP_METHOD: ModeMethod = {
  kernels: [
    kernel({
      workload: 'syncthreads_overlap',
      body:
        'W dependent FADDs then `__syncthreads()`, back to back (64, 32, 16 or 4 copies per iteration for W = 0, ' +
        '8, 32, 128); the baseline is the same FADDs without the barrier (an empty body for W = 0), so the figure is ' +
        'what the barrier adds on top of the work',
      launch: LAYER_LAUNCH,
      baseline: { workload: 'overlap_work', param: 'same' },
    }),
  ],
  notes: [
    'This is the overlap a body that mixes work with the barrier measures, labelled: it is not the barrier’s ' +
      'latency (the W = 0 row is).',
  ],
};

export const overlapMode: ModeDefinition = {
  rank: 140,
  method: OVERLAP_METHOD,
  info: {
    id: 'overlap',
    title: 'Barrier behind work (overlap)',
    question: 'How much of a __syncthreads() hides behind W FADDs of work before it?',
    group: 'scopes',
    params: [ITERS, DELTA_ITERS, NWARPS, NBLOCKS, WORK_LIST],
    chart: 'line',
    minCc: 0,
  },
  xAxis: { key: 'work', label: 'dependent FADDs before each barrier', log: false },
  plan: async (v, ctx) => {
    const nwarps = num(v, 'nwarps');
    const nblocks = num(v, 'nblocks', ctx.device.smCount);
    const work = v.workList as number[];
    const wrong = work.filter((w) => !(OVERLAP_WORK as readonly number[]).includes(w));
    if (wrong.length > 0) {
      const code = wrong.length === 1 ? 'plan.noWorkKernelOne' : 'plan.noWorkKernelMany';
      throw PlanError.fields({ workList: word(code, { wrong, allowed: [...OVERLAP_WORK] }) });
    }
    const launch = launchOf(ctx, nblocks, nwarps * 32);
    return work.map((w) =>
      loopPoint({
        series: 'overlap',
        label: `__syncthreads() after ${w} FADDs: ${shapeText(nwarps, nblocks)}`,
        x: w,
        workload: 'syncthreads_overlap',
        param: w,
        baseline: { workload: 'overlap_work', param: w },
        launch,
        iters: num(v, 'iters'),
        deltaIters: num(v, 'deltaIters'),
        op: `one __syncthreads() after ${w} dependent FADDs`,
      }),
    );
  },
  ratios: (points) =>
    ratios([
      ratio(
        'barrier after 128 FADDs / alone',
        pointOf(points, 'overlap', 128),
        pointOf(points, 'overlap', 0),
        'perSyncNs',
      ),
    ]),
};
