/**
 * Three GPUs for the Device view's tests: pairs 0–1 and 1–2 over NVLink with peer access, pair 0–2 over PCIe
 * across NUMA nodes without it, so the multi_gpu mode is restricted there (REFUSED_REASON says why).
 */
import type { DeviceStatus, GpuPair } from '../../../electron/contract';
import { syntheticResult } from '../../fixtures/synthetic-result';
import { WITH_GPU } from './fake-api';

/** Why pair 0–2 cannot run the system-scope flag variant. */
export const REFUSED_REASON = 'GPU 0–2: no peer access (…), so the system-scope flag cannot run';

/** GPUs `a` and `b`: NVLink with peer access, or PCIe without it (multi_gpu restricted). */
export function gpuPair(a: number, b: number, peer: boolean): GpuPair {
  return {
    a,
    b,
    peerAccess: { aToB: peer, bToA: peer },
    nativeAtomics: { aToB: peer, bToA: null },
    performanceRank: { aToB: 0, bToA: 1 },
    link: peer
      ? { type: 'nvlink', text: 'NVLink', source: 'nvml' }
      : { type: 'pcie', text: 'PCIe, across NUMA nodes (SYS); no NVLink', source: 'nvml' },
    multiGpu: peer
      ? { status: 'full', runs: [], refused: [] }
      : {
          status: 'restricted',
          runs: ['host-barrier', 'copy-hop'],
          refused: [{ variant: 'peer-flag', reason: REFUSED_REASON }],
        },
  };
}

/** A host with three GPUs of `deviceName`, their pairs and NCCL 2.27.3 loaded. */
export function threeGpus(deviceName?: string): DeviceStatus {
  const device = syntheticResult().provenance.device!;
  return {
    ...WITH_GPU,
    devices: [0, 1, 2].map((ordinal) => ({
      ...device,
      ...(deviceName ? { name: deviceName } : {}),
      ordinal,
    })),
    topology: {
      gpuCount: 3,
      pairs: [gpuPair(0, 1, true), gpuPair(0, 2, false), gpuPair(1, 2, true)],
      note: null,
      nccl: { state: 'loaded', version: '2.27.3', reason: null },
    },
  };
}
