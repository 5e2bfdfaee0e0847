/**
 * `syncbench serve` as a real child process: SIGTERM (and SIGINT) close every socket, lingering ones included (a
 * refused WebSocket upgrade whose client never closes, an open API socket), and the process exits within a few
 * seconds.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

let child: ChildProcess | null = null;
afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  child = null;
});

async function startServe(): Promise<{ child: ChildProcess; url: URL }> {
  const results = mkdtempSync(path.join(os.tmpdir(), 'sb-shutdown-'));
  const proc = spawn(
    process.execPath,
    ['--import', 'tsx', 'electron/bin/syncbench.ts', 'serve', '--port', '0', '--results', results],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child = proc;
  const url = await new Promise<URL>((resolve, reject) => {
    let text = '';
    proc.stdout!.on('data', (d: Buffer) => {
      text += d.toString();
      const m = /serving at (\S+)/.exec(text);
      if (m?.[1]) resolve(new URL(m[1]));
    });
    proc.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${text}`)));
  });
  return { child: proc, url };
}

/** A raw TCP client that asks for a WebSocket upgrade with a wrong token, reads the refusal and never closes. */
function lingeringRefusedUpgrade(port: number): Promise<net.Socket> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        'GET /api?token=wrong HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      );
    });
    socket.allowHalfOpen = true;
    socket.once('data', () => resolve(socket));
    socket.on('error', () => undefined);
  });
}

describe('syncbench serve shutdown', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s closes every socket, even a lingering refused upgrade, and exits within a few seconds',
    async (signal) => {
      const { child: proc, url } = await startServe();
      const port = Number(url.port);
      const lingering = await lingeringRefusedUpgrade(port);
      const api = new WebSocket(`ws://127.0.0.1:${port}/api?token=${url.searchParams.get('token')}`);
      await new Promise((resolve) => api.once('open', resolve));
      const apiClosed = new Promise<number>((resolve) => api.once('close', (code) => resolve(code)));
      // The server ends the connection (FIN); the half-open client sees 'end' (it never closes by itself).
      const lingeringClosed = new Promise<void>((resolve) => {
        lingering.once('end', () => resolve());
        lingering.once('close', () => resolve());
      });
      const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
      const t0 = Date.now();
      proc.kill(signal);
      expect(await exited).toBe(0);
      expect(Date.now() - t0).toBeLessThan(6000);
      expect(await apiClosed).toBe(1001);
      await lingeringClosed;
    },
    30_000,
  );
});
