/**
 * A tiny, valid launch of every workload (a few iterations, two repetitions), so the self-test can show that each
 * kernel launches and finishes on this GPU before any physics is checked.
 */
import { pdlParam } from '../../model/modes/pdl';
import { pipelineParam } from '../../model/modes/pipeline';
import type { NativeLaunch, NativePointSpec, NativeWorkloadInfo } from '../../model/native/addon-types';
import { medianCiRankTable } from '../../model/measure/stats';

/** A small pipeline: 1 producer + 1 consumer warp, 2 stages of 1 KiB (kernels/pipeline.cu). */
const PIPE = {
  launch: { threadsPerBlock: 64, dynamicSmemBytes: 2048 },
  param: pipelineParam({ payloadBytes: 1024, stages: 2, consumerWarps: 1 }),
  baseline: null,
};
const RING = {
  launch: { gridBlocks: 2, threadsPerBlock: 32, clusterSize: 2, clusterAttribute: true },
  baseline: null,
};

const SHAPES: Record<string, { launch: Partial<NativeLaunch>; param?: number; baseline?: null }> = {
  fadd_chain: { launch: { gridBlocks: 1, threadsPerBlock: 32 }, param: 32 },
  fadd_work: { launch: {}, param: 32 },
  cuda_barrier_split: { launch: {}, param: 32 },
  tile_sync: { launch: { threadsPerBlock: 128 }, param: 64 },
  named_barrier: { launch: { threadsPerBlock: 128 }, param: 2 },
  named_barrier_pc: { launch: { threadsPerBlock: 128 }, param: 2 },
  cluster_sync: { launch: { gridBlocks: 2, clusterSize: 2, clusterAttribute: true } },
  fence_rmw: { launch: {}, param: 1 },
  handoff_warps: { launch: { gridBlocks: 1, threadsPerBlock: 64 }, param: 0, baseline: null },
  handoff_warps_volatile: { launch: { gridBlocks: 1, threadsPerBlock: 64 }, baseline: null },
  handoff_blocks: { launch: { gridBlocks: 2, threadsPerBlock: 32 }, param: 1, baseline: null },
  handoff_blocks_volatile: { launch: { gridBlocks: 2, threadsPerBlock: 32 }, baseline: null },
  handoff_host: { launch: { gridBlocks: 1, threadsPerBlock: 32 }, param: 2, baseline: null },
  host_stream_sync: { launch: { gridBlocks: 1, threadsPerBlock: 32 }, baseline: null },
  host_event_sync: { launch: { gridBlocks: 1, threadsPerBlock: 32 }, baseline: null },
  host_device_sync: { launch: { gridBlocks: 1, threadsPerBlock: 32 }, baseline: null },
  boundary_launches: { launch: { gridBlocks: 4 }, baseline: null },
  boundary_graph: { launch: { gridBlocks: 4 }, baseline: null },
  boundary_grid_sync: { launch: { gridBlocks: 4 }, baseline: null },
  phases_grid_sync: { launch: { gridBlocks: 4 }, baseline: null },
  phases_two_kernels: { launch: { gridBlocks: 4 }, baseline: null },
  pdl_plain: { launch: { gridBlocks: 4 }, param: pdlParam('none', 64), baseline: null },
  pdl_launch: { launch: { gridBlocks: 4 }, param: pdlParam('early', 64), baseline: null },
  pdl_graph: { launch: { gridBlocks: 4 }, baseline: null },
  pdl_graph_prog: { launch: { gridBlocks: 4 }, param: pdlParam('late', 64), baseline: null },
  pdl_grid_sync: { launch: { gridBlocks: 4 }, baseline: null },
  pipe_syncthreads: PIPE,
  pipe_cp_async: PIPE,
  pipe_tma: PIPE,
  pipe_tma_spin: PIPE,
  pipe_named: PIPE,
  pipe_named_copytime: PIPE,
  copy_ldst: PIPE,
  copy_ldst_resident: PIPE,
  copy_cp_async: PIPE,
  copy_tma: PIPE,
  cluster_arrive_ring: RING,
  cluster_arrive_oneway: RING,
  cluster_arrive_only: RING,
  cluster_sync_ring: RING,
};

/** A smoke spec for a workload: 2 blocks × 64 threads unless the workload needs another shape. */
export function smokeSpec(w: NativeWorkloadInfo, device: number): NativePointSpec {
  const shape = SHAPES[w.id] ?? { launch: {} };
  return {
    device,
    workload: w.id,
    param: shape.param ?? 0,
    baseline: null,
    unitsPerIter: 1,
    launch: {
      gridBlocks: 2,
      threadsPerBlock: 64,
      clusterSize: 0,
      clusterAttribute: false,
      dynamicSmemBytes: 0,
      ...shape.launch,
    },
    itersLo: 4,
    itersHi: 36,
    warmup: 0,
    minReps: 2,
    maxReps: 2,
    minTimeMs: 0,
    maxTimeMs: 1000,
    targetRelCi: 1,
    ciLoRanks: medianCiRankTable(2),
  };
}
