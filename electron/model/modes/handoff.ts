/**
 * `handoff`: ping-pong latency of a flag hand-off with cuda::atomic_ref release/acquire at the scope that contains
 * both sides (as the CUDA memory model requires): two warps of one block (block scope and wider), two blocks (device and system scope;
 * cooperative launch so both are resident), the GPU and a host thread (system scope, mapped pinned memory).
 * The volatile variants are not synchronization: measured only to show their cost, labelled incorrect, never ranked.
 */
import type { ParamInfo } from '../../contract';
import { DELTA_ITERS, ITERS, num } from './params';
import { iterations, launchOf } from './points';
import { pointOf, ratio, ratios } from './ratios';
import type { ModeDefinition, PlannedPoint } from './types';
import type { ModeMethod } from '../words/methods';
import { COOPERATIVE, kernel } from './kernel-method';

const VOLATILE: ParamInfo = {
  name: 'includeVolatile',
  label: 'Also measure the (incorrect) volatile flag',
  kind: 'enum',
  default: 'yes',
  values: ['yes', 'no'],
  help: 'The volatile variants are labelled INCORRECT and never ranked or recommended.',
};

const SCOPE_NAMES = ['block', 'device', 'system'];

const handoff = (workload: string, body: string, launch: string, cooperative = false) =>
  kernel({ workload, body, launch, baseline: null, cooperative });

/** What the mode measures, kernel by kernel (its Methods section; test/unit/methods checks it against `plan`). */
const HANDOFF_METHOD: ModeMethod = {
  kernels: [
    handoff(
      'handoff_warps',
      'one round trip of a flag between lane 0 of warp 0 and lane 0 of warp 1 (flag in shared memory; ' +
        '`cuda::atomic_ref` acquire loads and release stores at block, device or system scope)',
      '1 block of 64 threads',
    ),
    handoff(
      'handoff_blocks',
      'one round trip between thread 0 of two blocks (flag in global memory; device or system scope)',
      `2 blocks of 32 threads; ${COOPERATIVE}, so both blocks are resident`,
      true,
    ),
    handoff(
      'handoff_host',
      'one round trip between one GPU thread and a host thread (flag in mapped pinned host memory; system scope)',
      '1 block of 32 threads and one host thread',
    ),
    handoff(
      'handoff_warps_volatile',
      'the warps’ round trip with a `volatile` flag: not synchronization, labelled INCORRECT, never ranked',
      '1 block of 64 threads',
    ),
    handoff(
      'handoff_blocks_volatile',
      'the blocks’ round trip with a `volatile` flag: not synchronization, labelled INCORRECT, never ranked',
      `2 blocks of 32 threads; ${COOPERATIVE}`,
      true,
    ),
  ],
  notes: ['Every spin-wait gives up after 2 s on `%globaltimer`, so a partner that never runs is an error.'],
};

export const handoffMode: ModeDefinition = {
  rank: 150,
  method: HANDOFF_METHOD,
  info: {
    id: 'handoff',
    title: 'Flag hand-off: release/acquire round trips by scope',
    question:
      'What does publishing a value through a flag cost between warps, blocks, and the GPU and the host?',
    group: 'scopes',
    params: [ITERS, DELTA_ITERS, VOLATILE],
    chart: 'bars',
    minCc: 0,
  },
  xAxis: null,
  plan: async (v, ctx) => {
    const iters = num(v, 'iters');
    const deltaIters = num(v, 'deltaIters');
    const make = (
      pair: string,
      workload: string,
      scope: number | null,
      blocks: number,
      threads: number,
      cooperative: boolean,
    ): PlannedPoint => {
      const incorrect = scope === null;
      const scopeText = incorrect ? 'volatile (INCORRECT)' : `${SCOPE_NAMES[scope]} scope`;
      return {
        series: `${pair}: ${incorrect ? 'volatile' : SCOPE_NAMES[scope]}`,
        label: `${pair}, ${scopeText}`,
        x: null,
        op: incorrect
          ? 'one round trip of a volatile flag (not synchronization)'
          : `one round trip, release/acquire at ${SCOPE_NAMES[scope]} scope`,
        incorrect,
        cooperative,
        spec: {
          workload,
          param: scope ?? 0,
          baseline: null,
          unitsPerIter: 1,
          launch: launchOf(ctx, blocks, threads),
          ...iterations(workload, iters, deltaIters),
        },
      };
    };
    const out = [
      make('two warps of a block', 'handoff_warps', 0, 1, 64, false),
      make('two warps of a block', 'handoff_warps', 1, 1, 64, false),
      make('two warps of a block', 'handoff_warps', 2, 1, 64, false),
      make('two blocks', 'handoff_blocks', 1, 2, 32, true),
      make('two blocks', 'handoff_blocks', 2, 2, 32, true),
      make('GPU and host thread', 'handoff_host', 2, 1, 32, false),
    ];
    if (v.includeVolatile === 'yes') {
      out.push(
        make('two warps of a block', 'handoff_warps_volatile', null, 1, 64, false),
        make('two blocks', 'handoff_blocks_volatile', null, 2, 32, true),
      );
    }
    return out;
  },
  ratios: (points) =>
    ratios([
      ratio(
        'blocks (device) / warps (block)',
        pointOf(points, 'two blocks: device'),
        pointOf(points, 'two warps of a block: block'),
        'perSyncNs',
      ),
      ratio(
        'host (system) / blocks (device)',
        pointOf(points, 'GPU and host thread: system'),
        pointOf(points, 'two blocks: device'),
        'perSyncNs',
      ),
    ]),
};
