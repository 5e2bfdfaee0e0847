/**
 * Types of the native addon `syncbench.node` (native/src/addon.cc). The addon is loaded at run time by
 * `load-addon.ts`; nothing here imports it. Units are in the names: ms, ns, cycles, MHz, bytes.
 */

/** One CUDA device as `queryDevices()` reports it (cudaGetDeviceProperties + cudaDeviceGetAttribute + NVML). */
export interface NativeDeviceInfo {
  ordinal: number;
  name: string;
  /** "major.minor", e.g. "9.0". */
  computeCapability: string;
  smCount: number;
  /** Peak SM clock (cudaDevAttrClockRate / 1000). */
  smClockMaxMHz: number;
  memoryClockMaxMHz: number;
  memoryBusWidthBits: number;
  totalMemoryBytes: number;
  l2CacheBytes: number;
  warpSize: number;
  maxThreadsPerBlock: number;
  maxThreadsPerSm: number;
  maxBlocksPerSm: number;
  sharedMemPerBlockBytes: number;
  sharedMemPerBlockOptinBytes: number;
  sharedMemPerSmBytes: number;
  registersPerBlock: number;
  registersPerSm: number;
  cooperativeLaunch: boolean;
  clusterLaunch: boolean;
  eccEnabled: boolean;
  integrated: boolean;
  pciBusId: string;
  /** Current and maximum SM clock from NVML, when libnvidia-ml is present. */
  nvmlSmClockMHz?: number;
  nvmlSmClockMaxMHz?: number;
}

/** A yes/no or number per direction of a GPU pair; null where the CUDA runtime could not answer. */
export interface NativeDirections<T> {
  aToB: T | null;
  bToA: T | null;
}

/** One unordered pair of GPUs a < b (native/src/topology.cc). */
export interface NativePairInfo {
  a: number;
  b: number;
  /** cudaDeviceCanAccessPeer. */
  peerAccess: NativeDirections<boolean>;
  /** cudaDeviceGetP2PAttribute(cudaDevP2PAttrNativeAtomicSupported). */
  nativeAtomics: NativeDirections<boolean>;
  /** cudaDeviceGetP2PAttribute(cudaDevP2PAttrPerformanceRank): a relative rank, lower is better. */
  performanceRank: NativeDirections<number>;
  /** What NVML says (null fields where it says nothing; source 'none' when NVML is unavailable). */
  link: {
    source: 'nvml' | 'none';
    /** nvmlDeviceGetP2PStatus(NVML_P2P_CAPS_INDEX_NVLINK) == NVML_P2P_STATUS_OK. */
    nvlink: boolean | null;
    /** The nvmlGpuP2PStatus_t itself (0 OK, 1 chipset, 2 GPU, 3 IOH topology, 4 regkey, 5 not supported, 6 unknown). */
    nvlinkP2pStatus: number | null;
    /** nvmlDeviceGetTopologyCommonAncestor's nvmlGpuTopologyLevel_t (0, 10, 20, 30, 40, 50). */
    commonAncestor: number | null;
  };
}

/** NCCL as the addon's process would load it (kernels/nccl_loader.h). */
export interface NativeNcclStatus {
  state: 'loaded' | 'missing' | 'incomplete' | 'wrong-version';
  /** "2.27.3" from ncclGetVersion, null when not known. */
  version: string | null;
  /** The library name or path given to dlopen. */
  library: string;
  /** Why NCCL cannot be used, for a person; null when loaded. */
  reason: string | null;
}

export type NativeDeviceQuery =
  | {
      available: true;
      driverVersion: string;
      runtimeVersion: string;
      nvmlDriverVersion: string;
      devices: NativeDeviceInfo[];
      /** Every GPU pair (empty with one GPU). Absent from an addon built before the multi-GPU family. */
      pairs?: NativePairInfo[];
      /** Absent from an addon built before the multi-GPU family. */
      nccl?: NativeNcclStatus;
    }
  | {
      available: false;
      /** A sentence for a person: why no GPU can be used and what to do. */
      reason: string;
      cudaError: string;
      /** "major.minor" of the CUDA version the driver supports, or "none" without a driver. */
      driverVersion: string;
      runtimeVersion: string;
    };

export type ParamKind = 'none' | 'tile' | 'warps' | 'work' | 'scope' | 'host-state' | 'pipeline' | 'pdl';

/** One entry of the kernels' workload table (kernels/sb_abi.h). */
export interface NativeWorkloadInfo {
  id: string;
  family: string;
  /** What one unit of the workload is, e.g. "one __syncthreads()". */
  op: string;
  /** Regex fragment the PTX must contain (empty: none required). */
  expectPtx: string;
  /** Regex fragment the SASS must contain (empty: none required). */
  expectSass: string;
  cooperative: boolean;
  needsCluster: boolean;
  /** Minimum compute capability × 10. */
  minCc: number;
  paramKind: ParamKind;
  /** 'incorrect': measured only to show its cost; 'undefined-behaviour': runs only under compute-sanitizer. */
  unsafe: 'no' | 'incorrect' | 'undefined-behaviour';
  /** Name of the workload's main kernel (a substring of its mangled symbol), for disassembly checks; '' for
   *  workloads without a kernel of their own (NCCL's, or a copy-engine copy). */
  kernel: string;
  /** 1: the single-device table (kernels/sb_abi.h); 2: a multi-GPU workload (kernels/sb_pair_abi.h). */
  devices?: 1 | 2;
  /** Multi-GPU: a kernel touches the other GPU's memory (peer access needed both ways). */
  needsPeer?: boolean;
  /** Multi-GPU: needs NCCL at run time. */
  needsNccl?: boolean;
  /** > 0: timed back to back, this many copies per loop iteration; 0: one protocol round per iteration. */
  unroll: number;
  /** The default extra iterations of the long run (> 0; docs/methods.md#the-difference-method): the kernel table's
   *  `.delta_iters` (kernels/sb_abi.h), mirrored for the browser in modes/workload-facts.generated.ts. */
  deltaIters: number;
  /** The self-test's tiny launch as the kernel table states it (`.smoke`; zero fields: the defaults). */
  smoke: NativeSmokeShape;
}

/** kernels/sb_abi.h sb_smoke_shape: a zero field means the default (2 blocks of 64 threads, no cluster, param 0). */
export interface NativeSmokeShape {
  gridBlocks: number;
  threadsPerBlock: number;
  clusterSize: number;
  clusterAttribute: boolean;
  dynamicSmemBytes: number;
  param: number;
}

export interface NativeLaunch {
  gridBlocks: number;
  threadsPerBlock: number;
  /** Blocks per thread-block cluster (the x dimension): 0 when no cluster, 1..16. */
  clusterSize: number;
  dynamicSmemBytes: number;
  /**
   * true: launched with cudaLaunchAttributeClusterDimension = (clusterSize, 1, 1), clusterSize 1..16; false: no
   * cluster attribute, clusterSize 0 or 1 (an implicit cluster of one block on sm_90). Required by the addon when
   * clusterSize is above 0 (kernels/sb_abi.h sb_launch.cluster_attribute; docs/methods.md#clusters-as-launched).
   */
  clusterAttribute: boolean;
}

/** One compute process on a GPU as NVML lists it (nvmlDeviceGetComputeRunningProcesses). */
export interface NativeGpuProcess {
  /** In NVML's (the host's) pid namespace. */
  pid: number;
  /** nvmlSystemGetProcessName, else /proc/<pid>/comm; '' when neither knows it. */
  name: string;
  /** null: NVML does not say (e.g. without the rights to see it). */
  usedMemoryBytes: number | null;
}

/** The compute processes on a GPU, this process included; null where NVML could not list them. */
export interface NativeGpuProcesses {
  /** The pid of the process that hosts the addon (getpid()). */
  ownPid: number;
  /** ownPid was in the list: false while this process holds a context means NVML lists another pid namespace. */
  ownPidSeen: boolean;
  processes: NativeGpuProcess[];
}

/** What `startRun` measures for one point (native/src/point_runner.h). */
export interface NativePointSpec {
  device: number;
  /** GPU B of a multi-GPU point (`workload` is then a multi-GPU workload; no baseline). */
  peerDevice?: number;
  workload: string;
  param: number;
  baseline: { workload: string; param: number } | null;
  /** Units of the primitive per loop iteration (1 for syncs). */
  unitsPerIter: number;
  launch: NativeLaunch;
  itersLo: number;
  itersHi: number;
  warmup: number;
  minReps: number;
  maxReps: number;
  minTimeMs: number;
  maxTimeMs: number;
  /** Stop when the 95% CI half-width of the median per-unit cost / median gross cost is at most this. */
  targetRelCi: number;
  /** [n]: 1-based lower rank of the median's 95% CI for n samples (0: none), n = 0..maxReps (stats.ts). */
  ciLoRanks: readonly number[];
  allowUnsafe?: boolean;
}

/** Raw samples of one point, one array entry per repetition. */
export interface NativePointResult {
  reps: number;
  stoppedBy: 'noise' | 'max-time' | 'max-reps';
  wallMs: number;
  /** First launch of this workload+param in the process (module load included); null if it was already warm. */
  coldMs: number | null;
  relCi: number | null;
  perUnitNs: number[];
  perUnitCycles: number[];
  mainLoMs: number[];
  mainHiMs: number[];
  baseLoMs: number[];
  baseHiMs: number[];
  mainLoCycles: number[];
  mainHiCycles: number[];
  baseLoCycles: number[];
  baseHiCycles: number[];
  /** clock64 cycles / %globaltimer ns of the main hi run, × 1000. */
  clockMHz: number[];
  nvmlSmClockMHz: number[];
  nvmlSmClockMaxMHz: number;
  nvmlClockEventReasons: number;
  verified: number;
  mismatches: number;
  hostTimed: boolean;
  /** NVML's compute processes just before and just after the point, merged by pid; null/absent: unknown. */
  gpuProcesses?: NativeGpuProcesses | null;
}

export type NativeRunEvent =
  { type: 'point-start'; index: number } | { type: 'point'; index: number; result: NativePointResult };

export interface NativeRunHandle {
  cancel(): void;
  done: Promise<{ status: 'complete' | 'cancelled'; pointsDone: number }>;
}

/** Error thrown or rejected by the addon. */
export interface NativeError extends Error {
  /** SB_NCCL: NCCL returned an error in a multi-GPU point. */
  code: 'SB_CUDA' | 'SB_INVALID' | 'SB_BUSY' | 'SB_SPIN_TIMEOUT' | 'SB_CANCELLED' | 'SB_NCCL';
  cudaError?: string;
  cudaErrorCode?: number;
  /** The CUDA context is unusable: the process that loaded the addon must restart. */
  sticky: boolean;
  point?: number;
}

export interface NativeAddon {
  version: string;
  /** CUDART_VERSION the addon was built with, e.g. 13000. */
  cudaRuntimeBuild: number;
  /** CMAKE_CUDA_ARCHITECTURES of the build, e.g. "all". */
  cudaArchitectures: string;
  /** SHA-256 of the sources it was built from (scripts/native-sources.mjs); absent in addons built before it. */
  sourceHash?: string;
  queryDevices(): NativeDeviceQuery;
  setScheduleFlag(flag: 'auto' | 'spin' | 'yield' | 'blocking-sync'): void;
  workloads(): NativeWorkloadInfo[];
  occupancy(opts: {
    device: number;
    workload: string;
    threadsPerBlock: number;
    dynamicSmemBytes: number;
    param?: number;
  }): { blocksPerSm: number; smCount: number; coResidentBlocks: number };
  maxActiveClusters(opts: {
    device: number;
    workload: string;
    threadsPerBlock: number;
    clusterSize: number;
    dynamicSmemBytes: number;
  }): { maxActiveClusters: number; reason?: string };
  /** The compute processes on the GPU with this PCI bus id; null without NVML. Absent in older addons. */
  gpuProcesses?(pciBusId: string): NativeGpuProcesses | null;
  startRun(points: NativePointSpec[], onEvent: (event: NativeRunEvent) => void): NativeRunHandle;
}
