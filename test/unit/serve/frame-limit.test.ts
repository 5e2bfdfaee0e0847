/**
 * The browser shell's incoming WebSocket frames are at most MAX_WIRE_FRAME_BYTES (4 MiB,
 * docs/architecture.md#browser-shell-bounds): the page imports files through POST /api/import, so no call needs a
 * larger frame, and clients sending a whole file's base64 as one frame are cut (1009) instead of each making the
 * server hold it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { MAX_WIRE_FRAME_BYTES } from '../../../electron/contract';
import { startServer, type RunningServer } from '../../../electron/serve/server';
import { makeResult } from '../service/doubles';
import { setup } from '../service/setup';

const rendererDir = mkdtempSync(path.join(os.tmpdir(), 'sb-renderer-'));
writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Sync Workbench</title>');

describe('incoming WebSocket frames', () => {
  const t = setup();
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ service: t.service, rendererDir, version: '9.9.9' });
  });
  afterAll(() => server.close());

  /** Sends `frame` on a new socket; resolves with the first reply's text, or the close code. */
  const send = (frame: string) =>
    new Promise<{ reply?: string; close?: number }>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api?token=${server.token}`, {
        headers: { origin: `http://127.0.0.1:${server.port}` },
      });
      ws.on('open', () => ws.send(frame));
      ws.on('message', (data) => {
        resolve({ reply: data.toString() });
        ws.close();
      });
      ws.on('close', (code) => resolve({ close: code }));
      ws.on('error', () => undefined);
    });
  const importCall = (base64: string) =>
    JSON.stringify({
      kind: 'call',
      id: 1,
      method: 'importResult',
      args: [{ fileName: 'a.json', content: base64, base64: true }],
    });

  it('are at most 4 MiB', () => {
    expect(MAX_WIRE_FRAME_BYTES).toBe(4 * 1024 * 1024);
  });

  it('a frame over the bound closes its socket with 1009; the server answers others as before', async () => {
    const big = importCall('A'.repeat(MAX_WIRE_FRAME_BYTES));
    const outcomes = await Promise.all([send(big), send(big), send(big)]);
    for (const outcome of outcomes) expect(outcome).toEqual({ close: 1009 });
    const listed = await send(JSON.stringify({ kind: 'call', id: 7, method: 'listResults', args: [] }));
    expect(JSON.parse(listed.reply!)).toMatchObject({ kind: 'reply', id: 7, result: { ok: true } });
  });

  it('a small file still imports as a call over the socket', async () => {
    const file = JSON.stringify(makeResult([], { id: 'framed-0001', name: 'framed' }));
    const outcome = await send(importCall(Buffer.from(file).toString('base64')));
    expect(JSON.parse(outcome.reply!)).toMatchObject({ kind: 'reply', result: { ok: true } });
  });
});
