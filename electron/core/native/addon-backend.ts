/**
 * A MeasureBackend over the addon loaded in this process (the CLI, and the measuring process of the shells).
 * When the addon is not loaded every measuring call rejects with code NO_ADDON and the reason.
 */
import type { MeasureBackend } from '../../model/measure/backend';
import { loadAddon } from './load-addon';
import type { NativeAddon } from '../../model/native/addon-types';

function noAddon(reason: string | null): Error {
  return Object.assign(new Error(reason ?? 'the native addon is not loaded'), { code: 'NO_ADDON' });
}

/** Creates the in-process backend; `loaded` overrides the addon (tests pass a double). */
export function createAddonBackend(loaded = loadAddon()): MeasureBackend {
  const need = (): NativeAddon => {
    if (!loaded.addon) throw noAddon(loaded.status.reason);
    return loaded.addon;
  };
  return {
    addonStatus: async () => loaded.status,
    queryDevices: async () => (loaded.addon ? loaded.addon.queryDevices() : null),
    workloads: async () => need().workloads(),
    occupancy: async (opts) => need().occupancy(opts),
    maxActiveClusters: async (opts) => need().maxActiveClusters(opts),
    gpuProcesses: async (pciBusId) => need().gpuProcesses?.(pciBusId) ?? null,
    startRun: (points, onEvent) => need().startRun(points, onEvent),
  };
}
