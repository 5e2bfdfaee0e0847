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
import type { ModeMethod } from '../words/methods';
import { kernel } from './kernel-method';

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

const FENCE_LAUNCH =
  'each `threadsList` entry (default 1, 32, 128, 512, 1024 threads) × each `blocksList` entry (default 1 block ' +
  'and one per SM), for each `definitions` entry';
/** What the mode measures, kernel by kernel (its Methods section; test/unit/methods checks it against `plan`). */
const FENCES_METHOD: ModeMethod = {
  kernels: [
    kernel({
      workload: 'fence',
      body:
        'the fence (`__threadfence_block()`, `__threadfence()` or `__threadfence_system()`) alone, back to back, ' +
        '64 copies per iteration: nothing outstanding, so this is the fence’s own cost',
      launch: FENCE_LAUNCH,
    }),
    kernel({
      workload: 'fence_rmw',
      body:
        '`atomicAdd` on the thread’s first word, the fence, `atomicAdd` on its second word, 64 copies per ' +
        'iteration; each thread has its own two words, so the figure is the fence, not contention',
      launch: FENCE_LAUNCH,
      baseline: { workload: 'rmw_pair', param: 0 },
    }),
    kernel({
      workload: 'fence_plain',
      body:
        'a plain read-modify-write of the thread’s word in one array, the fence, the same in a second array, 64 ' +
        'copies per iteration — SyncPerformance’s definition (IISWC’24): the fence waits for the plain stores ' +
        'before it; the two pointers may alias, so the baseline keeps every store',
      launch: FENCE_LAUNCH,
      baseline: { workload: 'plain_rmw_pair', param: 0 },
    }),
    kernel({
      workload: 'fence_plain_adjacent',
      body:
        'as the plain definition with the thread’s two words adjacent in one array (the layout of the atomics ' +
        'definition): through one pointer the compiler merges the baseline’s stores, so the difference also holds ' +
        'the read-modify-writes — kept to show what the layout alone changes',
      launch: FENCE_LAUNCH,
      baseline: { workload: 'plain_rmw_pair_adjacent', param: 0 },
    }),
  ],
  notes: [
    'A fence orders the calling thread’s accesses; it makes nobody wait (the CUDA memory model). What it costs is draining ' +
      'the thread’s outstanding writes to the fence’s scope, so the four definitions differ by what is ' +
      'outstanding (docs/methods.md, “Fences: four definitions”).',
  ],
};

export const fencesMode: ModeDefinition = {
  rank: 130,
  method: FENCES_METHOD,
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
    const threads = typeof first?.x === 'number' ? count(first.x, 'thread') : `${first?.x} threads`;
    return ratios([
      ratio(`device/block fence, ${kind} (${threads})`, at('device'), at('block'), 'perSyncNs'),
      ratio(`system/device fence, ${kind} (${threads})`, at('system'), at('device'), 'perSyncNs'),
    ]);
  },
};
