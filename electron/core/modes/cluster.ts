/**
 * `cluster`: cooperative_groups::this_cluster().sync() (sm_90+) vs cluster size (1, 2, 4, 8 portable; 16 with
 * cudaFuncAttributeNonPortableClusterSizeAllowed where the device allows it) and vs clusters in the grid, with
 * __syncthreads and grid.sync() on the same block size for the ordering block < cluster < grid.
 * Before launch: cudaDevAttrClusterLaunch and cudaOccupancyMaxActiveClusters; an unsupported device or size gets an
 * error that names the limit and the attribute.
 */
import type { HostText, ParamInfo } from '../../contract';
import { PlanError } from '../measure/plan-error';
import { word } from '../text/host-text';
import { DELTA_ITERS, ITERS, NWARPS, num } from './params';
import { checkCooperative, count, launchOf, loopPoint, runtimeSays, shapeText } from './points';
import { pointOf, ratio, ratios } from './ratios';
import type { ModeDefinition, PlannedPoint } from './types';

const CLUSTER_SIZES: ParamInfo = {
  name: 'clusterSizes',
  label: 'Cluster sizes (blocks)',
  kind: 'int-list',
  default: [1, 2, 4, 8, 16],
  min: 1,
  max: 16,
  help: 'Blocks per cluster: up to 8 is portable; 16 needs cudaFuncAttributeNonPortableClusterSizeAllowed (Hopper).',
};

/** Grid sizes in clusters: 1, powers of two, and the maximum that can be co-resident. */
function clusterCounts(max: number): number[] {
  const out = [1];
  for (let n = 2; n < max; n *= 2) out.push(n);
  if (max > 1) out.push(max);
  return out;
}

export const clusterMode: ModeDefinition = {
  info: {
    id: 'cluster',
    title: 'Clusters: this_cluster().sync() vs cluster size and clusters per GPU',
    question: 'What does a thread-block-cluster barrier cost, between a block barrier and a grid barrier?',
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
      for (const clusters of clusterCounts(maxActiveClusters)) {
        out.push(
          loopPoint({
            series: `cluster of ${size}`,
            label: `cluster.sync(), ${count(size, 'block')}/cluster × ${count(clusters, 'cluster')}, ${count(nwarps, 'warp')}/block`,
            x: clusters,
            workload: 'cluster_sync',
            launch: launchOf(ctx, clusters * size, threads, 'nwarps', size),
            iters,
            deltaIters,
            op: 'one this_cluster().sync()',
          }),
        );
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
    const clusters = points.filter((p) => p.series.startsWith('cluster of'));
    const largest = clusters.reduce<(typeof clusters)[number] | undefined>(
      (a, p) =>
        !a ||
        p.launch.clusterSize > a.launch.clusterSize ||
        (p.launch.clusterSize === a.launch.clusterSize && (p.x ?? 0) > (a.x ?? 0))
          ? p
          : a,
      undefined,
    );
    return ratios([
      ratio('largest cluster/block', largest, pointOf(points, 'block'), 'perSyncNs'),
      ratio('grid/largest cluster', pointOf(points, 'grid'), largest, 'perSyncNs'),
    ]);
  },
};
