/**
 * `named`: hardware named barriers over part of a block (bar.sync id, count), cost vs participating warps, and the
 * producer/consumer hand-off with bar.arrive + bar.sync on two barrier ids; against __syncthreads on the full block.
 */
import type { ParamInfo } from '../../contract';
import { PlanError } from './plan-error';
import { word } from '../words/host-text';
import { DELTA_ITERS, ITERS, NBLOCKS, num } from './params';
import { launchOf, loopPoint } from './points';
import { pointOf, ratio, ratios } from './ratios';
import type { ModeDefinition } from './types';
import type { ModeMethod } from '../words/methods';
import { kernel, syncthreads } from './kernel-method';

const NAMED_NWARPS: ParamInfo = {
  name: 'nwarps',
  label: 'Warps per block',
  kind: 'int',
  default: 16,
  min: 2,
  max: 32,
  help: 'Threads per block = 32 × nwarps (default 16).',
};
const PARTICIPANTS: ParamInfo = {
  name: 'participants',
  label: 'Participating warps',
  kind: 'int-list',
  default: [1, 2, 4, 8, 16],
  min: 1,
  max: 32,
  help: 'Warps that meet at the named barrier (bar.sync 1, 32 × warps); at most nwarps. The producer/consumer series uses the even counts.',
};

/** What the mode measures, kernel by kernel (its Methods section; test/unit/methods checks it against `plan`). */
const NAMED_METHOD: ModeMethod = {
  kernels: [
    kernel({
      workload: 'named_barrier',
      body:
        'warps 0…P−1 meet at `bar.sync 1, 32·P` back to back, 64 copies per iteration (P from `participants`); ' +
        'the other warps of the block exit before the loop',
      launch: '`nwarps` × 32 threads per block (default 16 warps) × `nblocks` blocks (default one per SM)',
    }),
    kernel({
      workload: 'named_barrier_pc',
      body:
        'producer → consumer hand-offs back to back among P warps (even P), 64 per iteration: producers ' +
        '`bar.sync 2` then `bar.arrive 1`, consumers `bar.arrive 2` then `bar.sync 1`, each role in its own loop',
      launch: 'the same blocks',
    }),
    syncthreads('the same blocks'),
  ],
  notes: [],
};

export const namedMode: ModeDefinition = {
  rank: 110,
  method: NAMED_METHOD,
  info: {
    id: 'named',
    title: 'Named barriers: bar.sync over part of a block',
    question: 'What does a barrier over only the producer and consumer warps cost, against __syncthreads?',
    group: 'scopes',
    params: [ITERS, DELTA_ITERS, NAMED_NWARPS, NBLOCKS, PARTICIPANTS],
    chart: 'line',
    minCc: 0,
  },
  xAxis: { key: 'warps', label: 'participating warps', log: true },
  checkParams: (v) => {
    const nwarps = num(v, 'nwarps');
    const over = (v.participants as number[]).filter((p) => p > nwarps);
    if (over.length)
      throw PlanError.fields({ participants: word('plan.tooManyParticipants', { over, nwarps }) });
  },
  plan: async (v, ctx) => {
    const nwarps = num(v, 'nwarps');
    const nblocks = num(v, 'nblocks', ctx.device.smCount);
    const launch = launchOf(ctx, nblocks, nwarps * 32);
    const list = v.participants as number[];
    const common = { launch, iters: num(v, 'iters'), deltaIters: num(v, 'deltaIters') };
    const shape = `${nwarps}-warp blocks × ${nblocks}`;
    return [
      ...list.map((p) =>
        loopPoint({
          ...common,
          series: 'bar.sync 1, n',
          label: `bar.sync 1, ${p * 32} (${p} of ${shape})`,
          x: p,
          workload: 'named_barrier',
          param: p,
          op: 'one bar.sync 1, 32 × warps',
        }),
      ),
      ...list
        .filter((p) => p >= 2 && p % 2 === 0)
        .map((p) =>
          loopPoint({
            ...common,
            series: 'producer → consumer (bar.arrive + bar.sync)',
            label: `${p / 2} producer + ${p / 2} consumer warps of ${shape}`,
            x: p,
            workload: 'named_barrier_pc',
            param: p,
            op: 'one producer → consumer hand-off (bar.arrive + bar.sync on two ids)',
          }),
        ),
      loopPoint({
        ...common,
        series: '__syncthreads()',
        label: `__syncthreads(), ${shape}`,
        x: nwarps,
        workload: 'syncthreads',
        op: 'one __syncthreads()',
      }),
    ];
  },
  ratios: (points) => {
    const named = points.filter((p) => p.series === 'bar.sync 1, n');
    return ratios([
      ratio(
        'smallest named barrier/__syncthreads',
        named[0],
        pointOf(points, '__syncthreads()'),
        'perSyncNs',
      ),
    ]);
  },
};
