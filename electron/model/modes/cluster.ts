/**
 * `cluster`: cooperative_groups::this_cluster().sync() (sm_90+) vs cluster size (1, 2, 4, 8 portable; 16 with
 * cudaFuncAttributeNonPortableClusterSizeAllowed where the device allows it) and vs clusters in the grid, with
 * __syncthreads and grid.sync() on the same block size for the ordering block < cluster < grid.
 * Size 1 is measured both ways it can be launched (docs/methods.md#clusters-as-launched): with
 * cudaLaunchAttributeClusterDimension = 1 ("cluster launch, 1 block") and with no cluster attribute at all ("no
 * cluster launch (implicit cluster)"); sizes 2..16 always set the attribute. Every point's launch records which.
 * Before launch: cudaDevAttrClusterLaunch and cudaOccupancyMaxActiveClusters; an unsupported device or size gets an
 * error that names the limit and the attribute.
 */
import type { HostText, ParamInfo } from '../../contract';
import { PlanError } from './plan-error';
import { word } from '../words/host-text';
import { DELTA_ITERS, ITERS, NWARPS, num } from './params';
import { checkCooperative, count, launchOf, loopPoint, runtimeSays, shapeText } from './points';
import { pointOf, ratio, ratios } from './ratios';
import type { Point } from '../results/schema';
import type { ModeDefinition, PlannedPoint } from './types';
import type { ModeMethod } from '../words/methods';
import { gridSync, kernel, syncthreads } from './kernel-method';

const CLUSTER_SIZES: ParamInfo = {
  name: 'clusterSizes',
  label: 'Cluster sizes (blocks)',
  kind: 'int-list',
  default: [1, 2, 4, 8, 16],
  min: 1,
  max: 16,
  help: 'Blocks per cluster: up to 8 is portable; 16 needs cudaFuncAttributeNonPortableClusterSizeAllowed (Hopper). Size 1 is two series: “cluster launch, 1 block” (cudaLaunchAttributeClusterDimension = 1) and “no cluster launch (implicit cluster)” (no cluster attribute).',
};

/** Series name of an implicit cluster of one block (launched without cudaLaunchAttributeClusterDimension). */
export const IMPLICIT_CLUSTER_SERIES = 'no cluster launch (implicit cluster)';

/** The series of a cluster size launched with the attribute: "cluster launch, 1 block", "cluster of 4". */
export function clusterSeries(size: number): string {
  return size === 1 ? 'cluster launch, 1 block' : `cluster of ${size}`;
}

/** The launches a cluster size is measured with: size 1 both with and without the attribute, others with it. */
export function clusterLaunches(size: number): { series: string; attribute: boolean }[] {
  const launched = { series: clusterSeries(size), attribute: true };
  return size === 1 ? [launched, { series: IMPLICIT_CLUSTER_SERIES, attribute: false }] : [launched];
}

/** Whether a point is one of this mode's this_cluster().sync() points (either launch). */
export function isClusterPoint(p: { workload: string }): boolean {
  return p.workload === 'cluster_sync';
}

/** Grid sizes in clusters: 1, powers of two, and the maximum that can be co-resident. */
function clusterCounts(max: number): number[] {
  const out = [1];
  for (let n = 2; n < max; n *= 2) out.push(n);
  if (max > 1) out.push(max);
  return out;
}

/** What the mode measures, kernel by kernel (its Methods section; test/unit/methods checks it against `plan`). */
const CLUSTER_METHOD: ModeMethod = {
  kernels: [
    kernel({
      workload: 'cluster_sync',
      body:
        '`this_cluster().sync()` back to back, 16 copies per loop iteration (PTX `barrier.cluster.arrive` / ' +
        '`barrier.cluster.wait`, sm_90+)',
      launch:
        'clusters of each `clusterSizes` entry (default 1, 2, 4, 8, 16 blocks; above 8 needs ' +
        'cudaFuncAttributeNonPortableClusterSizeAllowed) × 1, 2, 4, … clusters up to cudaOccupancyMaxActiveClusters, ' +
        '`nwarps` × 32 threads per block; every size launched with cudaLaunchAttributeClusterDimension = (size, 1, ' +
        '1), size 1 also without it',
    }),
    syncthreads('`nwarps` × 32 threads per block × one block per SM'),
    gridSync('`nwarps` × 32 threads per block × one block per SM'),
  ],
  notes: [
    'Size 1 is two series: “cluster launch, 1 block” sets cudaLaunchAttributeClusterDimension = (1, 1, 1), as ' +
      '`__cluster_dims__(1, 1, 1)` does, and pays what a cluster launch pays; “no cluster launch (implicit ' +
      'cluster)” sets no cluster attribute, so `this_cluster()` is the block alone and costs far less. Each point’s ' +
      'launch records which (`launch.clusterAttribute`), and the ratio “cluster launch of 1/implicit cluster” is ' +
      'taken at the same grid. Only launched clusters enter the cluster/block and grid/cluster ratios.',
  ],
};

export const clusterMode: ModeDefinition = {
  rank: 90,
  method: CLUSTER_METHOD,
  info: {
    id: 'cluster',
    title: 'Clusters: this_cluster().sync() vs cluster size and clusters per GPU',
    question:
      'What does a thread-block-cluster barrier cost, between a block barrier and a grid barrier? (Size 1 is measured as a cluster launch of 1 block and as no cluster launch, an implicit cluster.)',
    group: 'scopes',
    params: [ITERS, DELTA_ITERS, NWARPS, CLUSTER_SIZES],
    chart: 'line',
    minCc: 90,
  },
  xAxis: { key: 'clusters', label: 'clusters in the grid', log: true },
  plan: async (v, ctx) => {
    if (!ctx.device.clusterLaunch) {
      throw PlanError.fields({ clusterSizes: word('plan.noClusterLaunch', { device: ctx.device.name }) });
    }
    const nwarps = num(v, 'nwarps');
    const threads = nwarps * 32;
    const iters = num(v, 'iters');
    const deltaIters = num(v, 'deltaIters');
    const out: PlannedPoint[] = [];
    const errors: Record<string, HostText> = {};
    for (const size of v.clusterSizes as number[]) {
      const { maxActiveClusters, reason } = await ctx.backend.maxActiveClusters({
        device: ctx.device.ordinal,
        workload: 'cluster_sync',
        threadsPerBlock: threads,
        clusterSize: size,
        dynamicSmemBytes: 0,
      });
      if (maxActiveClusters < 1) {
        errors.clusterSizes = word('plan.clusterSizeThreads', {
          size,
          threads,
          device: ctx.device.name,
          why: runtimeSays(reason),
        });
        continue;
      }
      for (const { series, attribute } of clusterLaunches(size)) {
        const how = attribute ? `${count(size, 'block')}/cluster` : 'no cluster attribute';
        for (const clusters of clusterCounts(maxActiveClusters)) {
          out.push(
            loopPoint({
              series,
              label: `cluster.sync(), ${how} × ${count(clusters, attribute ? 'cluster' : 'block')}, ${count(nwarps, 'warp')}/block`,
              x: clusters,
              workload: 'cluster_sync',
              launch: launchOf(ctx, clusters * size, threads, 'nwarps', { size, attribute }),
              iters,
              deltaIters,
              op: 'one this_cluster().sync()',
            }),
          );
        }
      }
    }
    if (Object.keys(errors).length) throw PlanError.fields(errors);
    const full = launchOf(ctx, ctx.device.smCount, threads);
    await checkCooperative(ctx, 'grid_sync', full);
    out.push(
      loopPoint({
        series: 'block',
        label: `__syncthreads(), ${shapeText(nwarps, ctx.device.smCount)}`,
        x: ctx.device.smCount,
        workload: 'syncthreads',
        launch: full,
        iters,
        deltaIters,
        op: 'one __syncthreads()',
      }),
      loopPoint({
        series: 'grid',
        label: `grid.sync(), ${shapeText(nwarps, ctx.device.smCount)}`,
        x: ctx.device.smCount,
        workload: 'grid_sync',
        launch: full,
        iters,
        deltaIters,
        op: 'one this_grid().sync()',
        cooperative: true,
      }),
    );
    return out;
  },
  ratios: (points) => {
    // Launched clusters only: an implicit cluster is not what a cluster launch costs.
    const clusters = points.filter((p) => isClusterPoint(p) && p.launch.clusterAttribute);
    const largest = clusters.reduce<(typeof clusters)[number] | undefined>(
      (a, p) =>
        !a ||
        p.launch.clusterSize > a.launch.clusterSize ||
        (p.launch.clusterSize === a.launch.clusterSize && (p.x ?? 0) > (a.x ?? 0))
          ? p
          : a,
      undefined,
    );
    // Both size-1 series at the most clusters both measured (the same grid).
    const launchedOne = points
      .filter((p) => p.series === clusterSeries(1) && !p.incorrect)
      .filter((p) => pointOf(points, IMPLICIT_CLUSTER_SERIES, p.x))
      .reduce<Point | undefined>((a, p) => (!a || (p.x ?? 0) > (a.x ?? 0) ? p : a), undefined);
    return ratios([
      ratio('largest cluster/block', largest, pointOf(points, 'block'), 'perSyncNs'),
      ratio('grid/largest cluster', pointOf(points, 'grid'), largest, 'perSyncNs'),
      ratio(
        'cluster launch of 1/implicit cluster',
        launchedOne,
        launchedOne && pointOf(points, IMPLICIT_CLUSTER_SERIES, launchedOne.x),
        'perSyncNs',
      ),
    ]);
  },
};
