/** Provenance of a run (docs/methods.md): app, host, device, driver and runtime versions, times. */
import os from 'node:os';

import { APP_COMMIT, APP_NAME, APP_VERSION } from '../app-info';
import type { NativeDeviceInfo } from '../../model/native/addon-types';
import type { Device, Provenance } from '../../model/results/schema';
import type { AddonStatus } from '../../model/measure/backend';

/** The schema's Device from the addon's device query. */
export function toDevice(d: NativeDeviceInfo): Device {
  return {
    ordinal: d.ordinal,
    name: d.name,
    computeCapability: d.computeCapability,
    smCount: d.smCount,
    smClockMaxMHz: d.nvmlSmClockMaxMHz ?? d.smClockMaxMHz,
    memoryClockMaxMHz: d.memoryClockMaxMHz,
    memoryBusWidthBits: d.memoryBusWidthBits,
    totalMemoryBytes: d.totalMemoryBytes,
    l2CacheBytes: d.l2CacheBytes,
    maxThreadsPerBlock: d.maxThreadsPerBlock,
    maxThreadsPerSm: d.maxThreadsPerSm,
    maxBlocksPerSm: d.maxBlocksPerSm,
    sharedMemPerBlockBytes: d.sharedMemPerBlockBytes,
    sharedMemPerBlockOptinBytes: d.sharedMemPerBlockOptinBytes,
    sharedMemPerSmBytes: d.sharedMemPerSmBytes,
    registersPerBlock: d.registersPerBlock,
    registersPerSm: d.registersPerSm,
    cooperativeLaunch: d.cooperativeLaunch,
    clusterLaunch: d.clusterLaunch,
    eccEnabled: d.eccEnabled,
    pciBusId: d.pciBusId,
  };
}

/** The host this process runs on. */
export function hostInfo(): Provenance['host'] {
  return {
    hostname: os.hostname(),
    platform: os.platform(),
    osRelease: os.release(),
    arch: os.arch(),
    cpuModel: os.cpus()[0]?.model?.trim() ?? 'unknown',
    node: process.version,
  };
}

/** Full provenance of a run that started at `startedAt`. */
export function provenance(args: {
  device: Device | null;
  driverVersion: string;
  runtimeVersion: string;
  addon: AddonStatus;
  scheduleFlag: Provenance['scheduleFlag'];
  startedAt: Date;
  finishedAt: Date;
}): Provenance {
  return {
    app: { name: APP_NAME, version: APP_VERSION, commit: APP_COMMIT },
    host: hostInfo(),
    device: args.device,
    driverVersion: args.driverVersion,
    runtimeVersion: args.runtimeVersion,
    build:
      args.addon.cudaRuntimeBuild && args.addon.architectures
        ? { cudaRuntime: args.addon.cudaRuntimeBuild, architectures: args.addon.architectures }
        : null,
    scheduleFlag: args.scheduleFlag,
    startedAt: args.startedAt.toISOString(),
    finishedAt: args.finishedAt.toISOString(),
  };
}
