/**
 * `fences`: __threadfence_block / __threadfence / __threadfence_system, each measured as the difference between a
 * loop of two global read-modify-writes with the fence between them and the same loop without it; vs threads per
 * block, at one block and at one block per SM. A fence orders the calling thread's accesses; it makes nobody wait
 * (seed 000) — its cost is the drain of the thread's outstanding writes to the scope.
 */
import type { ParamInfo } from '../../contract';
import { DELTA_ITERS, ITERS, num } from './params';
import { launchOf, loopPoint } from './points';
import { pointOf, ratio, ratios } from './ratios';
import type { ModeDefinition, PlannedPoint } from './types';

const THREADS: ParamInfo = {
  name: 'threadsList',
  label: 'Threads per block',
  kind: 'int-list',
  default: [1, 32, 128, 512, 1024],
  min: 1,
  max: 1024,
  help: "Block sizes to sweep (1 thread is the IISWC'24 single-thread figure).",
};
const BLOCKS: ParamInfo = {
  name: 'blocksList',
  label: 'Blocks (0 = one per SM)',
  kind: 'int-list',
  default: [1, 0],
  min: 0,
  max: 1_000_000,
  help: 'Grid sizes to sweep; 0 means one block per SM.',
};

const SCOPES = [
  { param: 0, name: 'block', call: '__threadfence_block()' },
  { param: 1, name: 'device', call: '__threadfence()' },
  { param: 2, name: 'system', call: '__threadfence_system()' },
] as const;

export const fencesMode: ModeDefinition = {
  info: {
    id: 'fences',
    title: 'Fences at each scope',
    question: 'What does a fence between two global atomics cost at block, device and system scope?',
    group: 'scopes',
    params: [ITERS, DELTA_ITERS, THREADS, BLOCKS],
    chart: 'line',
    minCc: 0,
  },
  xAxis: { key: 'threads', label: 'threads per block', log: true },
  plan: async (v, ctx) => {
    const out: PlannedPoint[] = [];
    const iters = num(v, 'iters');
    const deltaIters = num(v, 'deltaIters');
    for (const blocksGiven of v.blocksList as number[]) {
      const blocks = blocksGiven === 0 ? ctx.device.smCount : blocksGiven;
      for (const scope of SCOPES) {
        for (const threads of v.threadsList as number[]) {
          out.push(
            loopPoint({
              series: `fence:${scope.name} × ${blocks} block${blocks > 1 ? 's' : ''}`,
              label: `${scope.call} between two atomicAdd, ${threads} threads × ${blocks} blocks`,
              x: threads,
              workload: 'fence_rmw',
              param: scope.param,
              baseline: { workload: 'rmw_pair', param: 0 },
              launch: launchOf(ctx, blocks, threads, 'threadsList'),
              iters,
              deltaIters,
              op: `one ${scope.call}`,
            }),
          );
        }
      }
    }
    return out;
  },
  ratios: (points) => {
    const first = points[0]?.series.split(' × ')[1];
    const at = (scope: string) => pointOf(points, `fence:${scope} × ${first}`, points[0]?.x ?? null);
    return ratios([
      ratio(`device/block fence (${points[0]?.x} threads)`, at('device'), at('block'), 'perSyncNs'),
      ratio(`system/device fence (${points[0]?.x} threads)`, at('system'), at('device'), 'perSyncNs'),
    ]);
  },
};
