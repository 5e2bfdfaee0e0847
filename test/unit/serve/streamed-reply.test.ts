/**
 * getResult of a stored file streams it from disk (serve/stored-frame.ts, socket-sender.ts): a client that reads
 * gets the file's JSON whole; a client that does not read makes the server hold one fragment of it, never the
 * file, by the server's own accounting (budget.ts InFlight), and is closed as a slow consumer.
 */
import { mkdtempSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { createAddonBackend } from '../../../electron/core/native/addon-backend';
import { writeResultFile } from '../../../electron/core/results/io';
import { createWorkbenchService } from '../../../electron/core/service/create-service';
import { startServer, type RunningServer } from '../../../electron/serve/server';
import { CLOSE_SLOW_CONSUMER, FRAGMENT_BYTES } from '../../../electron/serve/socket-sender';
import { syntheticResult } from '../../fixtures/synthetic-result';

const root = path.resolve(__dirname, '../../..');

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

const rawSocket = (ws: WebSocket) => (ws as unknown as { _socket: import('node:net').Socket })._socket;

describe('getResult streams a stored file from disk', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-streamed-'));
  const rendererDir = mkdtempSync(path.join(os.tmpdir(), 'sb-streamed-renderer-'));
  const service = createWorkbenchService({
    backend: createAddonBackend(),
    resultsDir: dir,
    resourcesDir: path.join(root, 'resources'),
  });
  // About 24 MB of JSON: many fragments, more than the kernel's socket buffers take from a client that stops.
  const big = syntheticResult({
    seed: 5,
    id: 'streamed-big',
    points: Array.from({ length: 160 }, (_, i) => ({
      series: 's',
      label: `p${i}`,
      x: i + 1,
      perSyncNs: 10 + i,
      reps: 1000,
    })),
  });
  let fileBytes = 0;
  let server: RunningServer;
  let api: string;

  beforeAll(async () => {
    writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Sync Workbench</title>');
    const file = path.join(dir, `${big.id}.json`);
    await writeResultFile(file, big);
    fileBytes = statSync(file).size;
    server = await startServer({ service, rendererDir, version: 'test', slowConsumerMs: 1500 });
    api = `ws://127.0.0.1:${server.port}/api?token=${server.token}`;
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(rendererDir, { recursive: true, force: true });
  });

  it('sends a client that reads the whole file as the reply, equal to the result', async () => {
    expect(fileBytes).toBeGreaterThan(8 * FRAGMENT_BYTES);
    const ws = await open(api);
    const reply = new Promise<{ id: number; result: { ok: boolean; value: unknown } }>((resolve) =>
      ws.once('message', (d) => resolve(JSON.parse(d.toString()))),
    );
    ws.send(JSON.stringify({ kind: 'call', id: 3, method: 'getResult', args: [big.id] }));
    expect(await reply).toEqual({ kind: 'reply', id: 3, result: { ok: true, value: big } });
    ws.close();
  }, 60_000);

  it('holds a fragment, not the file, for clients that do not read, and closes them as slow', async () => {
    const before = server.stats().replyBytesHighWater;
    const stuck = await Promise.all([1, 2, 3].map(() => open(api)));
    const closes = stuck.map(
      (ws) =>
        new Promise<{ code: number; reason: string }>((resolve) =>
          ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
        ),
    );
    for (const ws of stuck) {
      rawSocket(ws).pause();
      for (let id = 1; id <= 16; id += 1)
        ws.send(JSON.stringify({ kind: 'call', id, method: 'getResult', args: [big.id] }));
    }
    // While they are stuck, another client is served.
    const other = await open(api);
    const answer = new Promise<{ result: { ok: boolean } }>((resolve) =>
      other.once('message', (d) => resolve(JSON.parse(d.toString()))),
    );
    other.send(JSON.stringify({ kind: 'call', id: 1, method: 'listResults', args: [] }));
    expect((await answer).result.ok).toBe(true);
    await new Promise((r) => setTimeout(r, 3000));
    for (const ws of stuck) rawSocket(ws).resume();
    for (const closed of closes) {
      const { code, reason } = await closed;
      if (code === 1006) continue; // cut after CLOSE_TIMEOUT_MS when the close frame was not read in time
      expect({ code, reason }).toEqual({
        code: CLOSE_SLOW_CONSUMER,
        reason: expect.stringMatching(/^too slow: [\d.]+ MiB unread for 1\.5 s$/),
      });
    }
    const { replyBytesHighWater, replyBytes, slowConsumersClosed } = server.stats();
    expect(slowConsumersClosed).toBe(3);
    // 48 replies of the whole file were asked for; each stuck client held at most one fragment at a time.
    expect(Math.max(before, replyBytesHighWater)).toBeLessThanOrEqual(4 * FRAGMENT_BYTES);
    expect(replyBytes).toBe(0);
    other.close();
  }, 60_000);

  it('closes the connection with 1011 when the file is cut short in place while it is sent', async () => {
    const cut = { ...big, id: 'streamed-cut' };
    const file = path.join(dir, `${cut.id}.json`);
    await writeResultFile(file, cut);
    const ws = await open(api);
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    let messages = 0;
    ws.on('message', () => (messages += 1));
    rawSocket(ws).pause();
    ws.send(JSON.stringify({ kind: 'call', id: 1, method: 'getResult', args: [cut.id] }));
    // Cut once the reply is being streamed (a fragment is held, waiting for the client to read).
    while (server.stats().replyBytes === 0) await new Promise((r) => setTimeout(r, 20));
    truncateSync(file, 1000);
    rawSocket(ws).resume();
    expect(await closed).toEqual({ code: 1011, reason: 'result file changed while it was sent' });
    expect(messages).toBe(0);
  }, 60_000);
});
