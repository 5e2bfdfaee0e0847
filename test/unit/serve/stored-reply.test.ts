import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';

import { createAddonBackend } from '../../../electron/core/native/addon-backend';
import { writeResultFile } from '../../../electron/core/results/io';
import { createWorkbenchService } from '../../../electron/core/service/create-service';
import { startServer, type RunningServer } from '../../../electron/serve/server';
import { syntheticResult } from '../../fixtures/synthetic-result';
import { RESULT_VERSION } from '../../../electron/model/results/schema';

const root = path.resolve(__dirname, '../../..');

describe('getResult over the WebSocket sends a stored file as it is', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-stored-reply-'));
  const rendererDir = mkdtempSync(path.join(os.tmpdir(), 'sb-renderer-'));
  const service = createWorkbenchService({
    backend: createAddonBackend(),
    resultsDir: dir,
    resourcesDir: path.join(root, 'resources'),
  });
  let server: RunningServer;
  // A large result (over 2 MiB of JSON, so its reply is several pieces) and one of an older version.
  const big = syntheticResult({
    seed: 21,
    id: 'stored-reply-big',
    points: Array.from({ length: 400 }, (_, i) => ({
      series: 's',
      label: `p${i}`,
      x: i + 1,
      perSyncNs: 10 + i,
      reps: 50,
    })),
  });
  const old = syntheticResult({ seed: 22, id: 'stored-reply-v2' });

  beforeAll(async () => {
    writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Sync Workbench</title>');
    await writeResultFile(path.join(dir, `${big.id}.json`), big);
    const points = old.points.map(({ timing: _timing, ...p }) => p);
    writeFileSync(path.join(dir, `${old.id}.json`), JSON.stringify({ ...old, version: 2, points }));
    server = await startServer({ service, rendererDir, version: 'test' });
  });
  afterAll(() => server.close());

  function call(
    method: string,
    args: unknown[],
  ): Promise<{ kind: string; id: number; result: { ok: boolean; value?: unknown } }> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api?token=${server.token}`);
      ws.on('open', () => ws.send(JSON.stringify({ kind: 'call', id: 7, method, args })));
      ws.on('message', (data) => {
        ws.close();
        resolve(JSON.parse(data.toString()));
      });
      ws.on('error', reject);
    });
  }

  it('answers with the file’s JSON, equal to the result, without the service parsing it', async () => {
    const parsed = vi.spyOn(service, 'getResult');
    const reply = await call('getResult', [big.id]);
    expect(reply).toMatchObject({ kind: 'reply', id: 7, result: { ok: true } });
    expect(reply.result.value).toEqual(big);
    expect(parsed).not.toHaveBeenCalled();
    parsed.mockRestore();
  });

  it('goes through the service for a file that needs migrating, and for an unknown id', async () => {
    const parsed = vi.spyOn(service, 'getResult');
    const migrated = await call('getResult', [old.id]);
    expect(migrated.result.ok).toBe(true);
    expect((migrated.result.value as { version: number }).version).toBe(RESULT_VERSION);
    const missing = await call('getResult', ['no-such-result']);
    expect(missing.result).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(parsed).toHaveBeenCalledTimes(2);
    parsed.mockRestore();
  });
});
