import { describe, expect, it } from 'vitest';

import { createAddonBackend } from '../../../electron/core/native/addon-backend';
import { addonCandidates } from '../../../electron/core/native/load-addon';

describe('addon backend without an addon', () => {
  const status = {
    loaded: false,
    reason: 'The native addon (syncbench.node) was not built',
    cudaRuntimeBuild: null,
    architectures: null,
  };
  const backend = createAddonBackend({ addon: null, status, path: null });

  it('reports why and answers no devices instead of throwing', async () => {
    await expect(backend.addonStatus()).resolves.toEqual(status);
    await expect(backend.queryDevices()).resolves.toBeNull();
  });

  it('refuses measuring calls with NO_ADDON and the reason', async () => {
    await expect(backend.workloads()).rejects.toMatchObject({ code: 'NO_ADDON', message: status.reason });
    expect(() => backend.startRun([], () => {})).toThrow(status.reason);
  });

  it('looks next to the bundle, in the unpacked asar, and in the source tree; SYNCBENCH_ADDON first', () => {
    const previous = process.env.SYNCBENCH_ADDON;
    process.env.SYNCBENCH_ADDON = '/opt/x/app.asar/native/syncbench.node';
    try {
      const list = addonCandidates();
      expect(list[0]).toBe('/opt/x/app.asar.unpacked/native/syncbench.node');
      expect(list.some((p) => p.endsWith('native/build/Release/syncbench.node'))).toBe(true);
    } finally {
      if (previous === undefined) delete process.env.SYNCBENCH_ADDON;
      else process.env.SYNCBENCH_ADDON = previous;
    }
  });
});
