/**
 * The chapter's modes (its section 5 tables): warp, block, grid (one layer each, empty sync loop), sweep (nwarps: block vs
 * warp), sweep_grid (grid size from 1 block to the cooperative maximum), correctness (shared-memory hand-off with
 * __syncthreads, verified), phases (one cooperative kernel with grid.sync vs two kernels, verified) and modes (the
 * summary table with the headline ratios grid/block and block/warp).
 */
import type { ParamInfo } from '../../contract';
import { PlanError } from './plan-error';
import type { Point } from '../results/schema';
import { word } from '../words/host-text';
import type { SanitizerTool } from './sanitizer-targets';
import { DELTA_ITERS, ITERS, NBLOCKS, NWARPS, NWARPS_LIST, num } from './params';
import {
  checkCooperative,
  coResidentLimit,
  count,
  launchOf,
  loopPoint,
  occupancyText,
  shapeText,
} from './points';
import { pointOf, ratio, ratios } from './ratios';
import type { ModeDefinition, ParamValues, PlanContext, PlannedPoint } from './types';
import {
  CORRECTNESS_METHOD,
  LAYER_METHODS,
  MODES_METHOD,
  PHASES_METHOD,
  SWEEP_GRID_METHOD,
  SWEEP_METHOD,
} from './chapter-methods';

const COMMON = [ITERS, DELTA_ITERS];

/** Single-layer points of the chapter: warp, block, grid at nwarps × nblocks. */
async function layerPoint(
  layer: 'warp' | 'block' | 'grid',
  v: ParamValues,
  ctx: PlanContext,
  x: number | null = null,
): Promise<PlannedPoint> {
  const nwarps = num(v, 'nwarps');
  const nblocks = num(v, 'nblocks', ctx.device.smCount);
  const launch = launchOf(ctx, nblocks, nwarps * 32);
  const workload = { warp: 'syncwarp', block: 'syncthreads', grid: 'grid_sync' }[layer];
  const op = { warp: 'one __syncwarp()', block: 'one __syncthreads()', grid: 'one this_grid().sync()' }[
    layer
  ];
  if (layer === 'grid') await checkCooperative(ctx, workload, launch);
  return loopPoint({
    series: layer,
    label: `${layer}: ${shapeText(nwarps, nblocks)}`,
    x,
    workload,
    launch,
    iters: num(v, 'iters'),
    deltaIters: num(v, 'deltaIters'),
    op,
    cooperative: layer === 'grid',
  });
}

function layerMode(
  layer: 'warp' | 'block' | 'grid',
  rank: number,
  title: string,
  question: string,
): ModeDefinition {
  return {
    rank,
    method: LAYER_METHODS[layer],
    info: {
      id: layer,
      title,
      question,
      group: 'chapter',
      params: [...COMMON, NWARPS, NBLOCKS],
      chart: 'bars',
      minCc: 0,
    },
    xAxis: null,
    plan: async (v, ctx) => [await layerPoint(layer, v, ctx)],
    ratios: () => [],
  };
}

function phasesPoints(v: ParamValues, ctx: PlanContext): Promise<PlannedPoint[]> {
  const nwarps = num(v, 'nwarps');
  const nblocks = num(v, 'nblocks', ctx.device.smCount);
  const launch = launchOf(ctx, nblocks, nwarps * 32);
  const delta = num(v, 'deltaIters') || 64;
  const common = {
    launch,
    iters: 1,
    deltaIters: delta,
    baseline: null,
    itersOverride: { itersLo: 1, itersHi: 1 + delta },
  };
  return checkCooperative(ctx, 'phases_grid_sync', launch).then(() => [
    loopPoint({
      ...common,
      series: 'phases_grid',
      label: `phases, one cooperative kernel (grid.sync): ${shapeText(nwarps, nblocks)}`,
      x: null,
      workload: 'phases_grid_sync',
      op: 'one two-phase round with grid.sync() between (verified)',
      cooperative: true,
    }),
    loopPoint({
      ...common,
      series: 'phases_two_kernels',
      label: `phases, two kernels: ${shapeText(nwarps, nblocks)}`,
      x: null,
      workload: 'phases_two_kernels',
      op: 'one two-phase round as two kernel launches (verified)',
    }),
  ]);
}

function phasesRatios(points: Point[]) {
  const coop = pointOf(points, 'phases_grid');
  const two = pointOf(points, 'phases_two_kernels');
  return ratios([
    ratio('phases grid/two-kernels (one round)', coop, two, 'wholeKernelMs'),
    ratio('phases grid/two-kernels (per round)', coop, two, 'perSyncNs'),
  ]);
}

function layerRatios(points: Point[]) {
  const [w, b, g] = [pointOf(points, 'warp'), pointOf(points, 'block'), pointOf(points, 'grid')];
  return ratios([
    ratio('grid/block', g, b, 'perSyncNs'),
    ratio('block/warp', b, w, 'perSyncNs'),
    ratio('grid/block (whole kernel)', g, b, 'wholeKernelMs'),
    ratio('block/warp (whole kernel)', b, w, 'wholeKernelMs'),
  ]);
}

const sweep: ModeDefinition = {
  rank: 40,
  method: SWEEP_METHOD,
  info: {
    id: 'sweep',
    title: 'Sweep block size: block vs warp',
    question: 'How does __syncthreads compare with __syncwarp as the block grows from 1 to 32 warps?',
    group: 'chapter',
    params: [...COMMON, NWARPS_LIST, NBLOCKS],
    chart: 'line',
    minCc: 0,
  },
  xAxis: { key: 'nwarps', label: 'warps per block', log: true },
  plan: async (v, ctx) => {
    const list = v.nwarpsList as number[];
    const out: PlannedPoint[] = [];
    for (const nwarps of list) {
      const at = { ...v, nwarps };
      out.push(await layerPoint('warp', at, ctx, nwarps), await layerPoint('block', at, ctx, nwarps));
    }
    return out;
  },
  ratios: (points) =>
    ratios(
      [...new Set(points.map((p) => p.x))].map((x) =>
        ratio(
          typeof x === 'number' ? `block/warp at ${count(x, 'warp')}` : `block/warp at ${x} warps`,
          pointOf(points, 'block', x),
          pointOf(points, 'warp', x),
          'perSyncNs',
        ),
      ),
    ),
};

const sweepGrid: ModeDefinition = {
  rank: 50,
  method: SWEEP_GRID_METHOD,
  info: {
    id: 'sweep_grid',
    title: 'Sweep grid size: grid.sync() vs blocks per SM',
    question: 'How does grid.sync() grow from one block to the cooperative maximum?',
    group: 'chapter',
    params: [...COMMON, NWARPS],
    chart: 'line',
    minCc: 0,
  },
  xAxis: {
    key: 'blocksPerSm',
    label: 'blocks per SM (grid = blocks per SM × SMs; leftmost: 1 block)',
    log: true,
  },
  plan: async (v, ctx) => {
    const nwarps = num(v, 'nwarps');
    const limit = await coResidentLimit(ctx, 'grid_sync', nwarps * 32);
    if (limit.blocksPerSm < 1) {
      throw PlanError.fields({
        nwarps: word('plan.noGridBlock', { nwarps, how: occupancyText('grid_sync', nwarps * 32, limit) }),
      });
    }
    const grids = [1, ...Array.from({ length: limit.blocksPerSm }, (_, i) => (i + 1) * ctx.device.smCount)];
    const out: PlannedPoint[] = [];
    for (const nblocks of grids) {
      out.push(await layerPoint('grid', { ...v, nblocks }, ctx, nblocks / ctx.device.smCount));
    }
    return out;
  },
  ratios: (points) => {
    const grid = points.filter((p) => p.series === 'grid' && p.x !== null);
    const one = grid[0];
    const last = grid[grid.length - 1];
    const perSm = grid.find((p) => p.x === 1);
    return ratios([
      ratio(`grid at ${last?.x?.toFixed(0)}/SM vs 1 block`, last, one, 'perSyncNs'),
      ratio(`grid at ${last?.x?.toFixed(0)}/SM vs 1/SM`, last, perSm, 'perSyncNs'),
    ]);
  },
};

const SANITIZER: ParamInfo = {
  name: 'sanitizer',
  label: 'Also run compute-sanitizer',
  kind: 'enum',
  default: 'none',
  values: ['none', 'racecheck', 'synccheck', 'both'],
  help:
    'racecheck: the hand-off with and without its barriers; synccheck: with its barriers and a barrier in divergent ' +
    'code. Needs compute-sanitizer on the PATH; shows what the tool reports, with its version.',
};

const correctness: ModeDefinition = {
  rank: 60,
  method: CORRECTNESS_METHOD,
  info: {
    id: 'correctness',
    title: 'Correctness: shared-memory hand-off with __syncthreads',
    question:
      'Does a value written by one warp reach another warp through shared memory after __syncthreads?',
    group: 'chapter',
    params: [...COMMON, NWARPS, NBLOCKS, SANITIZER],
    chart: 'bars',
    minCc: 0,
  },
  xAxis: null,
  checkParams: (v) => {
    if (num(v, 'nwarps') < 2) throw PlanError.fields({ nwarps: word('plan.handoffWarps') });
  },
  plan: async (v, ctx) => {
    const nwarps = num(v, 'nwarps');
    const nblocks = num(v, 'nblocks', ctx.device.smCount);
    return [
      loopPoint({
        series: 'correctness',
        label: `shared-memory hand-off, ${shapeText(nwarps, nblocks)} (verified)`,
        x: null,
        workload: 'handoff_smem',
        launch: launchOf(ctx, nblocks, nwarps * 32),
        iters: num(v, 'iters'),
        deltaIters: num(v, 'deltaIters'),
        op: 'one hand-off round: write, __syncthreads, read and check, __syncthreads',
      }),
    ];
  },
  ratios: () => [],
  sanitizerTools: (v) =>
    ({ none: [], racecheck: ['racecheck'], synccheck: ['synccheck'], both: ['racecheck', 'synccheck'] })[
      String(v.sanitizer) as 'none'
    ] as SanitizerTool[],
};

const phases: ModeDefinition = {
  rank: 70,
  method: PHASES_METHOD,
  info: {
    id: 'phases',
    title: 'Phases: one cooperative kernel vs two kernels',
    question: 'For the same two-phase payload, is grid.sync() in one kernel faster than two kernel launches?',
    group: 'chapter',
    params: [DELTA_ITERS, NWARPS, NBLOCKS],
    chart: 'bars',
    minCc: 0,
  },
  xAxis: null,
  plan: phasesPoints,
  ratios: phasesRatios,
};

const modes: ModeDefinition = {
  rank: 80,
  method: MODES_METHOD,
  info: {
    id: 'modes',
    title: 'Summary table: warp, block, grid, phases',
    question: 'What does each layer cost here, and where is the big step: grid/block or block/warp?',
    group: 'chapter',
    params: [...COMMON, NWARPS, NBLOCKS],
    chart: 'bars',
    minCc: 0,
  },
  xAxis: null,
  plan: async (v, ctx) => [
    await layerPoint('warp', v, ctx),
    await layerPoint('block', v, ctx),
    await layerPoint('grid', v, ctx),
    ...(await phasesPoints({ ...v, deltaIters: 0 }, ctx)),
  ],
  ratios: (points) => [...layerRatios(points), ...phasesRatios(points)],
};

/** The chapter's modes, in its order. */
export const CHAPTER_MODES: ModeDefinition[] = [
  layerMode('warp', 10, 'Warp: __syncwarp()', 'What does one __syncwarp() cost in an empty loop?'),
  layerMode('block', 20, 'Block: __syncthreads()', 'What does one __syncthreads() cost in an empty loop?'),
  layerMode(
    'grid',
    30,
    'Grid: this_grid().sync()',
    'What does one grid-wide sync cost (cooperative launch)?',
  ),
  sweep,
  sweepGrid,
  correctness,
  phases,
  modes,
];
