import { fileURLToPath } from 'node:url';

import { afterAll, describe, expect, it } from 'vitest';

import { createWorkerBackend } from '../../../electron/worker/worker-backend';
import { nodeForkWorker } from '../../../electron/worker/worker-process';

const HOST = fileURLToPath(new URL('../../../electron/worker/host.ts', import.meta.url));

describe('the real measuring-process entry (electron/worker/host.ts)', () => {
  const backend = createWorkerBackend({ fork: nodeForkWorker(HOST, { execArgv: ['--import', 'tsx'] }) });
  afterAll(() => backend.dispose());

  it('loads the addon in the child (or says why not) and answers the device query there', async () => {
    const status = await backend.addonStatus();
    if (status.loaded) {
      expect(status.reason).toBeNull();
      const query = await backend.queryDevices();
      expect(query).not.toBeNull();
      if (query && !query.available) expect(query.reason.length).toBeGreaterThan(10);
    } else {
      expect(status.reason).toMatch(/addon/);
      expect(await backend.queryDevices()).toBeNull();
      await expect(backend.workloads()).rejects.toMatchObject({ code: 'NO_ADDON' });
    }
  });
});
