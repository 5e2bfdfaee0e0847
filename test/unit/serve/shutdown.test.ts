/**
 * `syncbench serve` as a real child process: SIGTERM (and SIGINT) end whatever is still reading or writing — an API
 * socket that stopped reading in the middle of a large reply, a request whose headers never finish, an open API
 * socket — and the process exits within a few seconds.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { syntheticResult } from '../../fixtures/synthetic-result';
import { startServeChild } from './serve-child';

let child: ChildProcess | null = null;
afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  child = null;
});

/** A results folder holding one synthetic result of about 6 MB (more than the socket buffers hold). */
function folderWithLargeResult(): { dir: string; id: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-shutdown-'));
  const result = syntheticResult({
    id: 'shutdown-large-0001',
    points: Array.from({ length: 60 }, (_, i) => ({ series: 's', x: i + 1, perSyncNs: 100 + i, reps: 5000 })),
  });
  writeFileSync(path.join(dir, `${result.id}.json`), JSON.stringify(result));
  return { dir, id: result.id };
}

function opened(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** A raw TCP client that sends half a request's headers and then nothing (slowloris). */
function stalledRequest(port: number): Promise<net.Socket> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write('GET /?token=x HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
      resolve(socket);
    });
    socket.allowHalfOpen = true;
    socket.on('error', () => undefined);
  });
}

describe('syncbench serve shutdown', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s ends a stuck reader, a stalled request and an open socket, and exits within a few seconds',
    async (signal) => {
      const { dir, id } = folderWithLargeResult();
      const serve = await startServeChild('', dir);
      child = serve.child;
      const api = `ws://127.0.0.1:${serve.port}/api?token=${serve.token}`;
      const stuck = await opened(api);
      (stuck as unknown as { _socket: net.Socket })._socket.pause();
      for (let k = 1; k <= 4; k += 1)
        stuck.send(JSON.stringify({ kind: 'call', id: k, method: 'getResult', args: [id] }));
      const stalled = await stalledRequest(serve.port);
      const idle = await opened(api);
      const idleClosed = new Promise<number>((resolve) => idle.once('close', (code) => resolve(code)));
      const stalledEnded = new Promise<void>((resolve) => {
        stalled.once('end', () => resolve());
        stalled.once('close', () => resolve());
      });
      // Long enough for the large replies to fill both sides' socket buffers.
      await new Promise((r) => setTimeout(r, 1500));
      const exited = new Promise<number | null>((resolve) =>
        serve.child.once('exit', (code) => resolve(code)),
      );
      const t0 = Date.now();
      serve.child.kill(signal);
      expect(await exited).toBe(0);
      expect(Date.now() - t0).toBeLessThan(6000);
      expect(await idleClosed).toBe(1001);
      await stalledEnded;
      stuck.terminate();
    },
    30_000,
  );
});
