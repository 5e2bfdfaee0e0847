/**
 * NativeWorkloadInfo objects for tests that run without the addon: the default Δ and smoke launch come from the
 * kernel tables' TypeScript mirror (electron/model/modes/workload-facts.generated.ts), the rest from `fields`.
 */
import type { NativeSmokeShape, NativeWorkloadInfo } from '../../../electron/model/native/addon-types';
import { WORKLOAD_FACTS } from '../../../electron/model/modes/workload-facts.generated';

/** The smoke launch as the addon reports it: the fields the kernel table sets, every other one 0 (the default). */
export function smokeShapeOf(id: string): NativeSmokeShape {
  const zero = {
    gridBlocks: 0,
    threadsPerBlock: 0,
    clusterSize: 0,
    clusterAttribute: false,
    dynamicSmemBytes: 0,
    param: 0,
  };
  return { ...zero, ...WORKLOAD_FACTS[id]?.smoke };
}

/**
 * A workload description as the addon's workloads() gives it: `id`'s kernel table facts (Δ 1024 and the default
 * smoke launch for an id no table has: a test's made-up workload), overridden by `fields`.
 */
export function workloadInfo(id: string, fields: Partial<NativeWorkloadInfo> = {}): NativeWorkloadInfo {
  return {
    id,
    family: '',
    op: '',
    expectPtx: '',
    expectSass: '',
    cooperative: false,
    needsCluster: false,
    minCc: 0,
    paramKind: 'none',
    unsafe: 'no',
    kernel: '',
    unroll: 0,
    deltaIters: WORKLOAD_FACTS[id]?.deltaIters ?? 1024,
    smoke: smokeShapeOf(id),
    ...fields,
  };
}
