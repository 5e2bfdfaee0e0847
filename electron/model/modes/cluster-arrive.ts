/**
 * `cluster_arrive`: a hand-off between neighbour blocks of a thread-block cluster through distributed shared memory
 * (sm_90; kernels/cluster_arrive.cu). Blocks of one warp form a ring in their cluster; per hand-off every lane stores
 * a word into the next block's shared memory, then either arrives on the next block's mbarrier with release at
 * cluster scope (the next block waits on it, reads, and arrives back on the sender's empty barrier: as a round trip
 * with one slot, or one way with RING_SLOTS slots whose replies are awaited only on reuse; and the arrive alone,
 * without the store) or every block meets at this_cluster().sync(). Cluster sizes 2–16 (above 8 with
 * cudaFuncAttributeNonPortableClusterSizeAllowed).
 * Before launch: cudaDevAttrClusterLaunch and cudaOccupancyMaxActiveClusters for every size.
 */
import type { HostText, ParamInfo } from '../../contract';
import { PlanError } from './plan-error';
import { word } from '../words/host-text';
import { requireSm90 } from './hopper-rules';
import { DELTA_ITERS, ITERS, num } from './params';
import { count, loopPoint, runtimeSays } from './points';
import { ratio, ratios } from './ratios';
import type { ModeDefinition, PlannedPoint } from './types';
import type { KernelMethod, ModeMethod } from '../words/methods';
import { kernel, STATEFUL_NOTE } from './kernel-method';

const CLUSTER_SIZES: ParamInfo = {
  name: 'clusterSizes',
  label: 'Cluster sizes (blocks)',
  kind: 'int-list',
  default: [2, 4, 8, 16],
  min: 2,
  max: 16,
  help: 'Blocks per cluster (a ring needs 2 or more); up to 8 is portable, 16 needs the non-portable attribute (Hopper).',
};

const CLUSTERS: ParamInfo = {
  name: 'clusters',
  label: 'Clusters in the grid',
  kind: 'int',
  default: 1,
  min: 1,
  max: 1024,
  help: 'Independent rings running at once (at most the co-resident clusters of the size, cudaOccupancyMaxActiveClusters).',
};

/** One warp per block: the hand-off is one word per lane. */
const THREADS = 32;

/** Slots of the one-way rings (kernels/cluster_arrive.cu, kRingSlots). */
export const RING_SLOTS = 4;

/** Series names, shared with the results page (scripts/hopper-page.ts). */
export const CLUSTER_SERIES = {
  roundTrip: 'remote arrive, round trip (store + arrive, wait for the reply)',
  oneWay: `remote arrive, one way (store + arrive, ${RING_SLOTS} slots)`,
  arriveOnly: `remote arrive alone (no store, ${RING_SLOTS} barriers)`,
  clusterSync: 'cluster.sync()',
} as const;

const VARIANTS = [
  {
    series: CLUSTER_SERIES.roundTrip,
    workload: 'cluster_arrive_ring',
    op:
      'one DSMEM hand-off to the next block, round trip: st.shared::cluster + remote mbarrier arrive, the next ' +
      'block waits, reads and arrives back, and the sender awaits that reply before its next store (two one-way ' +
      'latencies per round)',
  },
  {
    series: CLUSTER_SERIES.oneWay,
    workload: 'cluster_arrive_oneway',
    op:
      `one DSMEM hand-off to the next block, one way: st.shared::cluster + remote mbarrier arrive into one of ` +
      `${RING_SLOTS} slots; the reply is awaited only when the slot is reused ${RING_SLOTS} rounds later (one ` +
      'one-way latency per round in steady state)',
  },
  {
    series: CLUSTER_SERIES.arriveOnly,
    workload: 'cluster_arrive_only',
    op:
      `one remote mbarrier arrive (release.cluster) on the next block and the wait for the previous block's, ` +
      `no DSMEM store, ${RING_SLOTS} barriers as in the one-way ring`,
  },
  {
    series: CLUSTER_SERIES.clusterSync,
    workload: 'cluster_sync_ring',
    op: 'one DSMEM hand-off to the next block: st.shared::cluster + this_cluster().sync()',
  },
];

function ring(workload: string, body: string): KernelMethod {
  return kernel({
    workload,
    body: `one hand-off to the next block of the ring: every lane stores one word into its shared memory (\`st.shared::cluster\` at a \`mapa\` address), ${body}; the reader checks every word`,
    launch:
      'clusters of each `clusterSizes` entry (default 2, 4, 8, 16 blocks; above 8 with ' +
      'cudaFuncAttributeNonPortableClusterSizeAllowed) × `clusters` clusters (default 1), 1 warp per block',
    verified: true,
  });
}

/** What the mode measures, kernel by kernel (its Methods section; test/unit/methods checks it against `plan`). */
const CLUSTER_ARRIVE_METHOD: ModeMethod = {
  kernels: [
    ring(
      'cluster_arrive_ring',
      'round trip: lane 0 arrives on the next block’s full mbarrier ' +
        '(`mbarrier.arrive.release.cluster.shared::cluster`); the next block waits ' +
        '(`try_wait.parity.acquire.cluster`), reads, and arrives back on the sender’s empty mbarrier, which the ' +
        'sender awaits before it overwrites its one slot, so a round holds two one-way latencies (the arrive and ' +
        'the reply)',
    ),
    ring(
      'cluster_arrive_oneway',
      `one way: the same arrive and wait, into one of ${RING_SLOTS} slots with a full and an empty mbarrier each; ` +
        'the sender awaits a slot’s empty barrier only when it reuses the slot, for the reply to the hand-off ' +
        `${RING_SLOTS} rounds back, so in steady state a round holds one one-way latency`,
    ),
    {
      ...ring('cluster_arrive_only', ''),
      body:
        'one remote arrive to the next block of the ring and the wait for the previous block’s, as in ' +
        `\`cluster_arrive_oneway\` (${RING_SLOTS} barriers, the reply awaited only on reuse) but without the ` +
        'DSMEM store and read: the arrive alone; every block counts the rounds whose wait completed, and a missed ' +
        'phase is a mismatch',
    },
    ring(
      'cluster_sync_ring',
      'then every block of the cluster meets at `this_cluster().sync()` (slots double-buffered)',
    ),
  ],
  notes: [STATEFUL_NOTE],
};

export const clusterArriveMode: ModeDefinition = {
  rank: 210,
  method: CLUSTER_ARRIVE_METHOD,
  info: {
    id: 'cluster_arrive',
    title: 'Cluster hand-off: remote mbarrier arrive vs cluster.sync() over DSMEM',
    question:
      'What does handing data to a neighbour block of the cluster cost with a remote arrive, against cluster.sync()?',
    group: 'scopes',
    params: [ITERS, DELTA_ITERS, CLUSTER_SIZES, CLUSTERS],
    chart: 'line',
    minCc: 90,
  },
  xAxis: { key: 'clusterSize', label: 'blocks per cluster', log: true },
  plan: async (v, ctx) => {
    requireSm90(ctx.device, word('plan.sm90ClusterArrive'));
    if (!ctx.device.clusterLaunch) {
      throw PlanError.fields({ clusterSizes: word('plan.noClusterLaunch', { device: ctx.device.name }) });
    }
    const clusters = num(v, 'clusters');
    const out: PlannedPoint[] = [];
    const errors: Record<string, HostText> = {};
    for (const size of v.clusterSizes as number[]) {
      for (const variant of VARIANTS) {
        const { maxActiveClusters, reason } = await ctx.backend.maxActiveClusters({
          device: ctx.device.ordinal,
          workload: variant.workload,
          threadsPerBlock: THREADS,
          clusterSize: size,
          dynamicSmemBytes: 0,
        });
        if (maxActiveClusters < 1) {
          errors.clusterSizes = word('plan.clusterSize', {
            size,
            device: ctx.device.name,
            why: runtimeSays(reason),
          });
          continue;
        }
        if (clusters > maxActiveClusters) {
          errors.clusters = word('plan.clustersNotCoResident', {
            clusters,
            size,
            device: ctx.device.name,
            workload: variant.workload,
            threads: THREADS,
            max: maxActiveClusters,
          });
          continue;
        }
        out.push(
          loopPoint({
            series: variant.series,
            label: `${variant.series}, ${count(size, 'block')}/cluster × ${count(clusters, 'cluster')}, 1 warp/block`,
            x: size,
            workload: variant.workload,
            baseline: null,
            launch: {
              gridBlocks: clusters * size,
              threadsPerBlock: THREADS,
              clusterSize: size,
              clusterAttribute: true,
              dynamicSmemBytes: 0,
            },
            iters: num(v, 'iters'),
            deltaIters: num(v, 'deltaIters'),
            op: variant.op,
          }),
        );
      }
    }
    if (Object.keys(errors).length) throw PlanError.fields(errors);
    return out;
  },
  ratios: (points) => {
    const sizes = points.map((p) => p.x ?? 0);
    const at = (workload: string, x: number) =>
      points.find((p) => p.workload === workload && p.x === x && !p.incorrect);
    const lo = Math.min(...sizes);
    const hi = Math.max(...sizes);
    return ratios(
      [...new Set([lo, hi])].flatMap((x) => [
        ratio(
          `cluster.sync/remote arrive round trip, cluster of ${x}`,
          at('cluster_sync_ring', x),
          at('cluster_arrive_ring', x),
          'perSyncNs',
        ),
        ratio(
          `remote arrive one way/cluster.sync, cluster of ${x}`,
          at('cluster_arrive_oneway', x),
          at('cluster_sync_ring', x),
          'perSyncNs',
        ),
        ratio(
          `remote arrive round trip/one way, cluster of ${x}`,
          at('cluster_arrive_ring', x),
          at('cluster_arrive_oneway', x),
          'perSyncNs',
        ),
        ratio(
          `remote arrive alone/one way with store, cluster of ${x}`,
          at('cluster_arrive_only', x),
          at('cluster_arrive_oneway', x),
          'perSyncNs',
        ),
      ]),
    );
  },
};
