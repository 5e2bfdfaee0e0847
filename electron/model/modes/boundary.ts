/**
 * `kernel_boundary`: a phase boundary three ways on the same payload (one update per thread per phase): back-to-back
 * kernel launches, a CUDA graph of N kernel nodes (replayed), and one cooperative kernel with grid.sync() between
 * phases. The per-phase figure answers "how much does a grid sync save over a launch on this GPU?".
 */
import { DELTA_ITERS, NBLOCKS, NWARPS, num } from './params';
import { checkCooperative, iterations, launchOf, loopPoint, shapeText } from './points';
import { pointOf, ratio, ratios } from './ratios';
import type { ModeDefinition } from './types';
import type { KernelMethod, ModeMethod } from '../words/methods';
import { kernel } from './kernel-method';

const boundary = (workload: string, body: string, extra: Partial<KernelMethod> = {}) =>
  kernel({
    workload,
    body,
    launch: '`nwarps` × 32 threads per block × `nblocks` blocks (default one per SM)',
    baseline: null,
    itersLo: 16,
    timer: 'events-all',
    cycles: false,
    ...extra,
  });

/** What the mode measures, kernel by kernel (its Methods section; test/unit/methods checks it against `plan`). */
const BOUNDARY_METHOD: ModeMethod = {
  kernels: [
    boundary(
      'boundary_launches',
      'one phase (one FMA update per thread) and a kernel boundary: one launch per phase, back to back in one stream',
    ),
    boundary(
      'boundary_graph',
      'one phase as one kernel node of a CUDA graph of N nodes, instantiated outside the timing and replayed',
    ),
    boundary('boundary_grid_sync', 'one phase and `this_grid().sync()` inside one cooperative kernel', {
      timer: 'events',
      cycles: true,
      cooperative: true,
    }),
  ],
  notes: [],
};

export const boundaryMode: ModeDefinition = {
  rank: 180,
  method: BOUNDARY_METHOD,
  info: {
    id: 'kernel_boundary',
    title: 'Kernel boundary: launches vs CUDA graph vs grid.sync()',
    question: 'Per phase, what does a kernel boundary cost against a graph node and a grid-wide sync?',
    group: 'scopes',
    params: [DELTA_ITERS, NWARPS, NBLOCKS],
    chart: 'bars',
    minCc: 0,
  },
  xAxis: null,
  plan: async (v, ctx) => {
    const nwarps = num(v, 'nwarps');
    const nblocks = num(v, 'nblocks', ctx.device.smCount);
    const launch = launchOf(ctx, nblocks, nwarps * 32);
    await checkCooperative(ctx, 'boundary_grid_sync', launch);
    const shape = shapeText(nwarps, nblocks);
    const its = (w: string) => iterations(w, 16, num(v, 'deltaIters'));
    const point = (series: string, workload: string, op: string, cooperative = false) =>
      loopPoint({
        series,
        label: `${series}, ${shape}`,
        x: null,
        workload,
        launch,
        iters: 16,
        deltaIters: 0,
        baseline: null,
        op,
        cooperative,
        itersOverride: its(workload),
      });
    return [
      point('kernel launches', 'boundary_launches', 'one phase + kernel launch boundary'),
      point('CUDA graph', 'boundary_graph', 'one phase + kernel node boundary in a replayed graph'),
      point('grid.sync()', 'boundary_grid_sync', 'one phase + this_grid().sync()', true),
    ];
  },
  ratios: (points) =>
    ratios([
      ratio(
        'launch/grid.sync per phase',
        pointOf(points, 'kernel launches'),
        pointOf(points, 'grid.sync()'),
        'perSyncNs',
      ),
      ratio(
        'graph/grid.sync per phase',
        pointOf(points, 'CUDA graph'),
        pointOf(points, 'grid.sync()'),
        'perSyncNs',
      ),
    ]),
};
