/**
 * `pdl`: programmatic dependent launch (sm_90; kernels/pdl.cu). A chain of N dependent kernels in one stream, each
 * with a prologue of independent work, then cudaGridDependencySynchronize() and a store another block of the next
 * kernel reads. Per kernel of the chain: a plain back-to-back launch, programmatic dependent launch
 * (cudaLaunchAttributeProgrammaticStreamSerialization) with the primary's trigger early, late or absent, a CUDA graph
 * with default and with programmatic edges, and the same phases in one cooperative kernel with grid.sync(). The
 * prologue axis shows how much of the boundary PDL hides behind work that does not need the previous kernel.
 */
import type { ParamInfo } from '../../contract';
import { word } from '../words/host-text';
import { requireSm90 } from './hopper-rules';
import { DELTA_ITERS, NBLOCKS, NWARPS, num } from './params';
import { checkCooperative, iterations, launchOf, loopPoint, shapeText } from './points';
import { pointOf, ratio, ratios } from './ratios';
import type { ModeDefinition, PlannedPoint } from './types';
import type { KernelMethod, ModeMethod } from '../words/methods';
import { kernel } from './kernel-method';

const PROLOGUES: ParamInfo = {
  name: 'prologueFadds',
  label: 'Prologue before the wait (dependent FADDs)',
  kind: 'int-list',
  default: [0, 512, 2048],
  min: 0,
  max: 65536,
  help:
    'Independent work each kernel does before cudaGridDependencySynchronize() (dependent FADDs, rounded down to a ' +
    'multiple of 8): the part of a kernel PDL can overlap with the previous one.',
};

/** Chain length of the short run: kernel boundaries are measured per kernel over 16 → 16 + Δ kernels. */
const CHAIN_LO = 16;

/** When the primary signals that its dependents may launch (kernels/pdl.cu). */
export const TRIGGER = { none: 0, early: 1, late: 2 } as const;

/** The kernels' packed parameter: trigger | prologue FADDs << 2. */
export function pdlParam(trigger: keyof typeof TRIGGER, prologueFadds: number): number {
  return TRIGGER[trigger] | ((prologueFadds - (prologueFadds % 8)) << 2);
}

interface Variant {
  series: string;
  workload: string;
  trigger: keyof typeof TRIGGER;
  op: string;
  cooperative?: boolean;
}

const VARIANTS: Variant[] = [
  {
    series: 'plain launch',
    workload: 'pdl_plain',
    trigger: 'none',
    op: 'one kernel of the chain, plain launch',
  },
  {
    series: 'PDL, trigger early',
    workload: 'pdl_launch',
    trigger: 'early',
    op: 'one kernel of the chain, programmatic dependent launch, trigger at the kernel start',
  },
  {
    series: 'PDL, trigger late',
    workload: 'pdl_launch',
    trigger: 'late',
    op: 'one kernel of the chain, programmatic dependent launch, trigger after the store',
  },
  {
    series: 'PDL, no trigger',
    workload: 'pdl_launch',
    trigger: 'none',
    op: 'one kernel of the chain, programmatic dependent launch, the primary’s completion is the trigger',
  },
  {
    series: 'CUDA graph',
    workload: 'pdl_graph',
    trigger: 'none',
    op: 'one kernel node of a graph, default edges',
  },
  {
    series: 'CUDA graph, programmatic edges',
    workload: 'pdl_graph_prog',
    trigger: 'early',
    op: 'one kernel node of a graph, programmatic edges, trigger at the kernel start',
  },
  {
    series: 'grid.sync()',
    workload: 'pdl_grid_sync',
    trigger: 'none',
    op: 'one phase of the chain and this_grid().sync() in one cooperative kernel',
    cooperative: true,
  },
];

const PDL_LAUNCH =
  '`nwarps` × 32 threads per block (default 8 warps) × `nblocks` blocks (default one per SM), the same for every variant';
const PDL_BODY =
  'a prologue of `prologueFadds` dependent FADDs that needs nothing from the previous kernel, ' +
  '`cudaGridDependencySynchronize()` (PTX `griddepcontrol.wait`), then `out[i] = in[(i + blockDim) mod n] + 1` ' +
  '(a value another block of the previous kernel wrote; the buffers alternate)';

/** A kernel of the PDL chain: N launches (or graph nodes) between two CUDA events, verified after the last. */
function chain(workload: string, how: string): KernelMethod {
  return kernel({
    workload,
    body: `one kernel of a chain: ${PDL_BODY}; ${how}`,
    launch: PDL_LAUNCH,
    itersLo: 16,
    timer: 'events-all',
    cycles: false,
    verified: true,
  });
}

/** What the mode measures, kernel by kernel (its Methods section; test/unit/methods checks it against `plan`). */
const PDL_METHOD: ModeMethod = {
  kernels: [
    chain(
      'pdl_plain',
      'launched with no attribute, back to back in one stream (the wait is a no-op); the chain is enqueued ' +
        'behind a gate kernel the host releases once the launches (at most the first 256) are queued, so the GPU ' +
        'runs them back to back rather than at the pace the host enqueues them',
    ),
    chain(
      'pdl_launch',
      'launched with `cudaLaunchAttributeProgrammaticStreamSerialization` via `cudaLaunchKernelEx`; the primary ' +
        'calls `cudaTriggerProgrammaticLaunchCompletion()` at its start (early), after its store (late) or not at all; ' +
        'enqueued behind the same gate',
    ),
    chain('pdl_graph', 'one kernel node of a graph of N nodes with default edges, built outside the timing'),
    chain(
      'pdl_graph_prog',
      'one kernel node of a graph whose edges are programmatic (`cudaGraphKernelNodePortProgrammatic`, ' +
        '`cudaGraphDependencyTypeProgrammatic`), trigger early',
    ),
    {
      ...chain('pdl_grid_sync', 'the same phase in one cooperative kernel, `this_grid().sync()` after it'),
      launch: `${PDL_LAUNCH}; cooperative launch, refused above the co-resident limit`,
      timer: 'events',
      cycles: true,
      cooperative: true,
    },
  ],
  notes: [
    'The per-kernel figure includes the prologue in every variant: what PDL saves is the part of the boundary the ' +
      'next kernel’s prologue overlaps. Graphs are built and instantiated before each timed replay and destroyed ' +
      'after it. Every run checks that after N kernels every element is N.',
  ],
};

export const pdlMode: ModeDefinition = {
  rank: 190,
  method: PDL_METHOD,
  info: {
    id: 'pdl',
    title: 'Programmatic dependent launch vs launch, CUDA graph and grid.sync()',
    question:
      'Per dependent kernel, what does programmatic dependent launch save over a plain launch, a graph and a grid barrier?',
    group: 'scopes',
    params: [DELTA_ITERS, NWARPS, NBLOCKS, PROLOGUES],
    chart: 'line',
    minCc: 90,
  },
  xAxis: { key: 'prologueFadds', label: 'prologue before the wait (dependent FADDs)', log: false },
  plan: async (v, ctx) => {
    requireSm90(ctx.device, word('plan.sm90Pdl'));
    const nwarps = num(v, 'nwarps');
    const nblocks = num(v, 'nblocks', ctx.device.smCount);
    const launch = launchOf(ctx, nblocks, nwarps * 32);
    await checkCooperative(ctx, 'pdl_grid_sync', launch);
    const deltaIters = num(v, 'deltaIters');
    const shape = shapeText(nwarps, nblocks);
    const out: PlannedPoint[] = [];
    for (const raw of v.prologueFadds as number[]) {
      const prologue = raw - (raw % 8);
      for (const variant of VARIANTS) {
        out.push(
          loopPoint({
            series: variant.series,
            label: `${variant.series}, ${prologue} FADDs prologue, ${shape}`,
            x: prologue,
            workload: variant.workload,
            param: pdlParam(variant.trigger, prologue),
            baseline: null,
            launch,
            iters: CHAIN_LO,
            deltaIters: 0,
            op: variant.op,
            cooperative: variant.cooperative ?? false,
            itersOverride: iterations(variant.workload, CHAIN_LO, deltaIters),
          }),
        );
      }
    }
    return out;
  },
  ratios: (points) => {
    const x0 = Math.min(...points.map((p) => p.x ?? 0));
    const xMax = Math.max(...points.map((p) => p.x ?? 0));
    return ratios([
      ratio(
        'PDL early/plain launch, no prologue',
        pointOf(points, 'PDL, trigger early', x0),
        pointOf(points, 'plain launch', x0),
        'perSyncNs',
      ),
      ratio(
        'PDL early/plain launch, longest prologue',
        pointOf(points, 'PDL, trigger early', xMax),
        pointOf(points, 'plain launch', xMax),
        'perSyncNs',
      ),
      ratio(
        'graph programmatic/graph, longest prologue',
        pointOf(points, 'CUDA graph, programmatic edges', xMax),
        pointOf(points, 'CUDA graph', xMax),
        'perSyncNs',
      ),
      ratio(
        'PDL early/grid.sync, no prologue',
        pointOf(points, 'PDL, trigger early', x0),
        pointOf(points, 'grid.sync()', x0),
        'perSyncNs',
      ),
    ]);
  },
};
