/**
 * What the measurement core needs from "something that can measure": the native addon in this process
 * (`addon-backend.ts`), or a proxy to a separate measuring process that hosts the addon (electron/worker), so a GPU
 * fault or a driver hang never takes the window or the server down. All methods are async so both fit.
 */
import type { HostText } from '../../contract';
import type {
  NativeAddon,
  NativeDeviceQuery,
  NativeGpuProcesses,
  NativePointSpec,
  NativeRunEvent,
  NativeRunHandle,
  NativeWorkloadInfo,
} from '../native/addon-types';

export interface AddonStatus {
  loaded: boolean;
  /** Why the addon is not loaded (not built, failed to load), for a person; null when loaded. */
  reason: string | null;
  /** `reason` as a code and its parameters (electron/model/words/en/host.ts `addon.*`), where it has one. */
  reasonText?: HostText;
  cudaRuntimeBuild: string | null;
  architectures: string | null;
}

export interface MeasureBackend {
  addonStatus(): Promise<AddonStatus>;
  /** null when the addon is not loaded. */
  queryDevices(): Promise<NativeDeviceQuery | null>;
  workloads(): Promise<NativeWorkloadInfo[]>;
  occupancy(opts: Parameters<NativeAddon['occupancy']>[0]): Promise<ReturnType<NativeAddon['occupancy']>>;
  maxActiveClusters(
    opts: Parameters<NativeAddon['maxActiveClusters']>[0],
  ): Promise<ReturnType<NativeAddon['maxActiveClusters']>>;
  /** NVML's compute processes on the GPU with this PCI bus id (this process included); null: unknown. */
  gpuProcesses(pciBusId: string): Promise<NativeGpuProcesses | null>;
  /** Starts measuring; events arrive in order; `done` rejects with a NativeError-shaped error on failure. */
  startRun(points: NativePointSpec[], onEvent: (event: NativeRunEvent) => void): NativeRunHandle;
}
