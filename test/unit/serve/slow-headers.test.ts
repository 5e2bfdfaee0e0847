/**
 * A client that sends its request headers slowly (slowloris) is cut once HEADERS_TIMEOUT_MS has passed, while a
 * WebSocket that stays quiet longer than that is kept (docs/architecture.md#browser-shell-bounds).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { HEADERS_TIMEOUT_MS } from '../../../electron/serve/budget';
import { startServer, type RunningServer } from '../../../electron/serve/server';
import { setup } from '../service/setup';

const rendererDir = mkdtempSync(path.join(os.tmpdir(), 'sb-renderer-'));
writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Sync Workbench</title>');

describe('slow request headers', () => {
  const t = setup();
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({ service: t.service, rendererDir, version: 't' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('a connection that trickles headers is closed after the headers bound; a quiet WebSocket stays', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api?token=${server.token}`);
    await new Promise<void>((resolve, reject) => ws.on('open', resolve).on('error', reject));
    const start = Date.now();
    const socket = net.connect(server.port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const trickle = setInterval(() => socket.write(`X-Slow-${Date.now()}: 1\r\n`), 500);
    const closedAfterMs = await new Promise<number>((resolve) =>
      socket.on('close', () => resolve(Date.now() - start)),
    );
    clearInterval(trickle);
    expect(closedAfterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 500);
    expect(closedAfterMs).toBeLessThan(HEADERS_TIMEOUT_MS + 3_000);
    expect(ws.readyState).toBe(WebSocket.OPEN);
    ws.close();
  }, 20_000);
});
