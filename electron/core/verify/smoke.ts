/**
 * A tiny, valid launch of every workload (a few iterations, two repetitions), so the self-test can show that each
 * kernel launches and finishes on this GPU before any physics is checked.
 */
import type { NativePointSpec, NativeWorkloadInfo } from '../../model/native/addon-types';
import { medianCiRankTable } from '../../model/measure/stats';

/**
 * A smoke spec for a workload: the launch its kernel table entry states (`.smoke`, kernels/sb_abi.h
 * sb_smoke_shape), whose zero fields are the defaults: 2 blocks × 64 threads, no cluster, param 0.
 */
export function smokeSpec(w: NativeWorkloadInfo, device: number): NativePointSpec {
  const s = w.smoke;
  return {
    device,
    workload: w.id,
    param: s.param,
    baseline: null,
    unitsPerIter: 1,
    launch: {
      gridBlocks: s.gridBlocks || 2,
      threadsPerBlock: s.threadsPerBlock || 64,
      clusterSize: s.clusterSize,
      clusterAttribute: s.clusterAttribute,
      dynamicSmemBytes: s.dynamicSmemBytes,
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
