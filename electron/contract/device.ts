/** The GPUs as the host reports them: the addon, the devices, their pairs and NCCL, cooperative launch limits. */
import type { HostText } from './call-result';
import type { Device } from './result-file';

export interface DeviceStatus {
  addon: {
    loaded: boolean;
    reason: string | null;
    /** `reason` as a code and its parameters, where the host has one. */
    reasonText?: HostText;
    cudaRuntimeBuild: string | null;
    architectures: string | null;
  };
  available: boolean;
  /** Why no GPU can be used (null when available). */
  reason: string | null;
  /** `reason` as a code and its parameters, where the host has one (the addon's and the driver's: gpu-reasons.ts). */
  reasonText?: HostText;
  driverVersion: string | null;
  runtimeVersion: string | null;
  devices: Device[];
  /** The GPU pairs and NCCL; null when no GPU is usable. */
  topology: GpuTopology | null;
}

/** The multi_gpu mode's variants (electron/model/multi-gpu/variants.ts). */
export type MultiGpuVariant =
  'peer-flag' | 'peer-flag-volatile' | 'event-hop' | 'host-barrier' | 'nccl' | 'copy-hop';

/** One unordered pair of GPUs a < b, as the CUDA runtime and NVML describe it. */
export interface GpuPair {
  a: number;
  b: number;
  /** cudaDeviceCanAccessPeer per direction (null: the runtime could not say). */
  peerAccess: { aToB: boolean | null; bToA: boolean | null };
  /** cudaDevP2PAttrNativeAtomicSupported per direction. */
  nativeAtomics: { aToB: boolean | null; bToA: boolean | null };
  /** cudaDevP2PAttrPerformanceRank per direction (relative; lower is better). */
  performanceRank: { aToB: number | null; bToA: number | null };
  /** The link where NVML tells it ('unknown' and source 'none' without NVML). */
  link: { type: 'nvlink' | 'pcie' | 'unknown'; text: string; source: 'nvml' | 'none' };
  /**
   * What the multi_gpu mode can run on this pair: every variant, or some (restricted). Never none: the host barrier
   * and the peer copy need neither peer access nor NCCL.
   */
  multiGpu: {
    status: 'full' | 'restricted';
    runs: MultiGpuVariant[];
    /** Each variant left out, with why (named for this pair). */
    refused: Array<{ variant: MultiGpuVariant; reason: string }>;
  };
}

export interface GpuTopology {
  gpuCount: number;
  pairs: GpuPair[];
  /** Said plainly when there are no pairs ("one GPU: no pairs"); null otherwise. */
  note: string | null;
  /** NCCL at run time; state 'unknown' when the addon did not report it. */
  nccl: {
    state: 'loaded' | 'missing' | 'incomplete' | 'wrong-version' | 'unknown';
    version: string | null;
    reason: string | null;
  };
}

export interface CoopLimitRequest {
  device: number;
  /** Workload id whose kernel is asked (default grid_sync). */
  workload?: string;
  threadsPerBlock: number;
  dynamicSmemBytes?: number;
}
export interface CoopLimit {
  blocksPerSm: number;
  smCount: number;
  coResidentBlocks: number;
  /** How the limit was computed, for a person. */
  how: string;
}
