import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { CoopLimit, DeviceStatus, Result } from '../../electron/contract';
import { useApi } from '../api/current';
import { hostShown, type ShownMessage } from '../i18n/shown-message';

/** What the host reports about the GPU (or why there is none), and the device runs go to. */
export const useDeviceStore = defineStore('device', () => {
  const status = ref<DeviceStatus | null>(null);
  const error = ref<ShownMessage | null>(null);
  const loading = ref(false);
  /** Ordinal of the device that runs and limits are asked for. */
  const selected = ref(0);

  /** Asks the host for the device status; a failed call is kept in `error`, never thrown. */
  async function load(): Promise<void> {
    loading.value = true;
    const result = await useApi().device();
    loading.value = false;
    if (result.ok) {
      status.value = result.value;
      error.value = null;
      if (!result.value.devices.some((d) => d.ordinal === selected.value)) {
        selected.value = result.value.devices[0]?.ordinal ?? 0;
      }
    } else {
      error.value = hostShown(result);
    }
  }

  /** The cooperative co-resident limit of the selected device for a block size. */
  function coopLimit(threadsPerBlock: number): Promise<Result<CoopLimit>> {
    return useApi().coopLimit({ device: selected.value, threadsPerBlock });
  }

  return { status, error, loading, selected, load, coopLimit };
});
