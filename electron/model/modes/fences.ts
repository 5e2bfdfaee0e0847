/**
 * `fences`: __threadfence_block / __threadfence / __threadfence_system, back to back, in four definitions
 * (docs/methods.md, "Fences: four definitions"): the fence alone (nothing outstanding), between two global
 * atomicAdd (against the two atomics), and between two plain read-modify-writes in two arrays (against the same
 * without the fence: SyncPerformance's definition, IISWC'24) or of adjacent words in one array; vs threads per
 * block, at one block and at one block per SM. A fence orders the calling thread's accesses; it makes nobody wait
 * (the CUDA memory model) — its cost is the drain of the thread's outstanding writes to the scope, so what is outstanding decides
 * the figure.
 */
import type { ParamInfo } from '../../contract';
import { DELTA_ITERS, ITERS, num } from './params';
import { count, launchOf, loopPoint } from './points';
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

const DEFINITIONS: ParamInfo = {
  name: 'definitions',
  label: 'Definitions (0 alone, 1 atomics, 2 plain RMW, 3 plain RMW of adjacent words)',
  kind: 'int-list',
  default: [0, 1, 2, 3],
  min: 0,
  max: 3,
  help:
    '0: the fence alone, back to back; 1: between two global atomicAdd, minus the two atomics; 2: between two plain ' +
    "read-modify-writes in two arrays, minus the same without the fence (SyncPerformance's definition, IISWC'24); " +
    "3: as 2 with the thread's two words adjacent in one array (the layout of 1).",
};

/** The four definitions: workload, its baseline, and how a label names it. */
const KINDS = [
  { workload: 'fence', baseline: null, name: 'alone', text: (call: string) => `${call} alone` },
  {
    workload: 'fence_rmw',
    baseline: { workload: 'rmw_pair', param: 0 },
    name: 'atomics',
    text: (call: string) => `${call} between two atomicAdd`,
  },
  {
    workload: 'fence_plain',
    baseline: { workload: 'plain_rmw_pair', param: 0 },
    name: 'plain',
    text: (call: string) => `${call} between two plain read-modify-writes`,
  },
  {
    workload: 'fence_plain_adjacent',
    baseline: { workload: 'plain_rmw_pair_adjacent', param: 0 },
    name: 'plain-adjacent',
    text: (call: string) => `${call} between two plain read-modify-writes of adjacent words`,
  },
] as const;

const SCOPES = [
  { param: 0, name: 'block', call: '__threadfence_block()' },
  { param: 1, name: 'device', call: '__threadfence()' },
  { param: 2, name: 'system', call: '__threadfence_system()' },
] as const;

export const fencesMode: ModeDefinition = {
  rank: 130,
  info: {
    id: 'fences',
    title: 'Fences at each scope',
    question:
      'What does a fence cost at block, device and system scope — alone, after atomics, after plain stores?',
    group: 'scopes',
    params: [ITERS, DELTA_ITERS, THREADS, BLOCKS, DEFINITIONS],
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
      for (const kind of (v.definitions as number[]).map((d) => KINDS[d]!)) {
        for (const scope of SCOPES) {
          for (const threads of v.threadsList as number[]) {
            out.push(
              loopPoint({
                series: `fence:${scope.name}:${kind.name} × ${blocks} block${blocks > 1 ? 's' : ''}`,
                label: `${kind.text(scope.call)}, ${count(threads, 'thread')} × ${count(blocks, 'block')}`,
                x: threads,
                workload: kind.workload,
                param: scope.param,
                baseline: kind.baseline,
                launch: launchOf(ctx, blocks, threads, 'threadsList'),
                iters,
                deltaIters,
                op: `one ${scope.call}`,
              }),
            );
          }
        }
      }
    }
    return out;
  },
  ratios: (points) => {
    const first = points[0];
    const [, , kind] = first?.series.split(' × ')[0]?.split(':') ?? [];
    const blocks = first?.series.split(' × ')[1];
    const at = (scope: string) => pointOf(points, `fence:${scope}:${kind} × ${blocks}`, first?.x ?? null);
    return ratios([
      ratio(`device/block fence, ${kind} (${first?.x} threads)`, at('device'), at('block'), 'perSyncNs'),
      ratio(`system/device fence, ${kind} (${first?.x} threads)`, at('system'), at('device'), 'perSyncNs'),
    ]);
  },
};
