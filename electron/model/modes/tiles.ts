/**
 * `tiles`: cooperative-groups tile barriers on one block — tiled_partition<N>.sync() for N = 4..32 (a masked
 * bar.warp.sync) and the multi-warp tiles 64..512 (sm_80+), coalesced_threads().sync(), against __syncwarp and
 * __syncthreads on the same block.
 */
import type { HostText, ParamInfo } from '../../contract';
import { planClauses, PlanError } from './plan-error';
import { word } from '../words/host-text';
import { DELTA_ITERS, ITERS, NBLOCKS, num } from './params';
import { launchOf, loopPoint, shapeText } from './points';
import { pointOf, ratio, ratios } from './ratios';
import type { ModeDefinition } from './types';
import type { ModeMethod } from '../words/methods';
import { kernel, syncthreads, syncwarp } from './kernel-method';

const TILE_SIZES: ParamInfo = {
  name: 'tileSizes',
  label: 'Tile sizes (threads)',
  kind: 'int-list',
  default: [4, 8, 16, 32, 64, 128, 256, 512],
  min: 4,
  max: 512,
  help: 'thread_block_tile sizes: powers of two; above 32 (multi-warp tiles) needs compute capability 8.0+.',
};

const TILE_NWARPS: ParamInfo = {
  ...{ name: 'nwarps', label: 'Warps per block', kind: 'int', default: 16, min: 1, max: 32 },
  help: 'Threads per block = 32 × nwarps; must hold the largest tile (default 16 = 512 threads).',
};

/** The tile sizes the kernels are built for (kernels/cg_tiles.cu), said after a refusal of `tileSizes`. */
const ALLOWED_TILES = [4, 8, 16, 32, 64, 128, 256, 512];

/** The refusal of `tileSizes`: its problems, then the sizes allowed. */
function tileSizesError(problems: HostText[]): PlanError {
  return PlanError.fields({
    tileSizes: word('plan.tileSizes', { problems: planClauses(problems), allowed: ALLOWED_TILES }),
  });
}

/** What the mode measures, kernel by kernel (its Methods section; test/unit/methods checks it against `plan`). */
const TILES_METHOD: ModeMethod = {
  kernels: [
    kernel({
      workload: 'tile_sync',
      body:
        '`tiled_partition<N>(this_thread_block()).sync()` back to back for each N of `tileSizes` (up to 32 a ' +
        'masked `bar.warp.sync`, 64 copies per iteration; 64–512 a shared-memory arrival counter and ' +
        '`bar.warp.sync`, sm_80+, 16 copies)',
      launch: '`nwarps` × 32 threads per block (default 16 warps) × `nblocks` blocks (default one per SM)',
    }),
    kernel({
      workload: 'coalesced_sync',
      body: '`coalesced_threads().sync()` back to back, 64 copies per loop iteration',
      launch: 'the same blocks',
    }),
    syncwarp('the same blocks'),
    syncthreads('the same blocks'),
  ],
  notes: [],
};

export const tilesMode: ModeDefinition = {
  rank: 100,
  method: TILES_METHOD,
  info: {
    id: 'tiles',
    title: 'Cooperative-groups tiles: tile.sync() vs tile size',
    question: 'What does a tiled_partition<N> barrier cost against __syncwarp and __syncthreads?',
    group: 'scopes',
    params: [ITERS, DELTA_ITERS, TILE_NWARPS, NBLOCKS, TILE_SIZES],
    chart: 'line',
    minCc: 0,
  },
  xAxis: { key: 'threads', label: 'threads taking part (tile size; warp = 32; block = all)', log: true },
  checkParams: (v) => {
    const threads = num(v, 'nwarps') * 32;
    const errors: HostText[] = [];
    for (const n of v.tileSizes as number[]) {
      if ((n & (n - 1)) !== 0) errors.push(word('plan.notPowerOfTwo', { size: n }));
      else if (n > threads) errors.push(word('plan.tileTooLarge', { size: n, threads }));
    }
    if (errors.length) throw tileSizesError(errors);
  },
  plan: async (v, ctx) => {
    const nwarps = num(v, 'nwarps');
    const threads = nwarps * 32;
    const nblocks = num(v, 'nblocks', ctx.device.smCount);
    const launch = launchOf(ctx, nblocks, threads);
    const common = { launch, iters: num(v, 'iters'), deltaIters: num(v, 'deltaIters') };
    const cc = Number(ctx.device.computeCapability) * 10;
    const errors: HostText[] = [];
    const sizes = v.tileSizes as number[];
    for (const n of sizes) {
      if (n > 32 && cc < 80)
        errors.push(
          word('plan.tileNeedsCc80', { size: n, device: ctx.device.name, cc: ctx.device.computeCapability }),
        );
    }
    if (errors.length) throw tileSizesError(errors);
    const label = shapeText(nwarps, nblocks);
    return [
      ...sizes.map((n) =>
        loopPoint({
          ...common,
          series: 'tile.sync()',
          label: `tiled_partition<${n}>.sync(), ${label}`,
          x: n,
          workload: 'tile_sync',
          param: n,
          op: `one thread_block_tile<${n}>.sync()`,
        }),
      ),
      loopPoint({
        ...common,
        series: 'coalesced_threads().sync()',
        label: `coalesced_threads().sync(), ${label}`,
        x: 32,
        workload: 'coalesced_sync',
        op: 'one coalesced_threads().sync()',
      }),
      loopPoint({
        ...common,
        series: '__syncwarp()',
        label: `__syncwarp(), ${label}`,
        x: 32,
        workload: 'syncwarp',
        op: 'one __syncwarp()',
      }),
      loopPoint({
        ...common,
        series: '__syncthreads()',
        label: `__syncthreads(), ${label}`,
        x: threads,
        workload: 'syncthreads',
        op: 'one __syncthreads()',
      }),
    ];
  },
  ratios: (points) =>
    ratios([
      ratio(
        'tile<16>/__syncthreads',
        pointOf(points, 'tile.sync()', 16),
        pointOf(points, '__syncthreads()'),
        'perSyncNs',
      ),
      ratio(
        'tile<32>/__syncwarp',
        pointOf(points, 'tile.sync()', 32),
        pointOf(points, '__syncwarp()'),
        'perSyncNs',
      ),
      ratio(
        'largest tile/__syncthreads',
        points.filter((p) => p.series === 'tile.sync()').at(-1),
        pointOf(points, '__syncthreads()'),
        'perSyncNs',
      ),
    ]),
};
