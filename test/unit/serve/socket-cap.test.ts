/**
 * The API takes at most `maxApiSockets` WebSockets at once (electron/serve/socket-cap.ts,
 * docs/architecture.md#browser-shell-bounds): one past them is answered 503 BUSY with Retry-After and its socket
 * ended by the server, those open are still served, and a closed one makes room for the next.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { startServer, type RunningServer } from '../../../electron/serve/server';
import { setup } from '../service/setup';

const rendererDir = mkdtempSync(path.join(os.tmpdir(), 'sb-socket-cap-'));
writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>page</title>');

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

function closed(ws: WebSocket): Promise<void> {
  return new Promise((resolve) => {
    if (ws.readyState === WebSocket.CLOSED) resolve();
    ws.once('close', () => resolve());
    ws.close();
  });
}

/** The shell() call's answer over `ws`. */
function served(ws: WebSocket): Promise<boolean> {
  return new Promise((resolve, reject) => {
    ws.once('message', (d) => resolve((JSON.parse(d.toString()) as { result: { ok: boolean } }).result.ok));
    ws.once('error', reject);
    ws.send(JSON.stringify({ kind: 'call', id: 1, method: 'shell', args: [] }));
  });
}

/**
 * A raw upgrade whose client never closes its side: resolves with the whole answer once the server ended the
 * socket (a server that kept it would leave this pending, and the test would time out).
 */
function refusedUpgrade(port: number, token: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true }, () => {
      socket.write(
        `GET /api?token=${token} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\n` +
          'Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      );
    });
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.once('end', () => {
      socket.destroy();
      resolve(answer);
    });
    socket.once('error', reject);
  });
}

describe('the bound on open WebSockets', () => {
  const t = setup();
  let server: RunningServer;
  let api: string;
  beforeAll(async () => {
    server = await startServer({ service: t.service, rendererDir, version: 't', maxApiSockets: 3 });
    api = `ws://127.0.0.1:${server.port}/api?token=${server.token}`;
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers the socket past the bound 503 BUSY and ends it; the open ones are served; a close makes room', async () => {
    const open3 = await Promise.all([open(api), open(api), open(api)]);
    const answer = await refusedUpgrade(server.port, server.token);
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
    expect(answer).toMatch(/retry-after: 2/i);
    expect(answer).toContain('BUSY: 3 WebSocket connections to this server are open');
    await expect(open(api)).rejects.toThrow(/503/);
    expect(await Promise.all(open3.map(served))).toEqual([true, true, true]);
    expect(server.stats().openSockets).toBe(3);

    await closed(open3[0]!);
    // The server sees the close a moment later; the next upgrade is admitted once it has.
    await expect.poll(() => server.stats().openSockets).toBe(2);
    const next = await open(api);
    expect(await served(next)).toBe(true);
    await Promise.all([...open3.slice(1), next].map(closed));
  });

  it('takes no slot for plain GET and HEAD requests of /api on one keep-alive connection', async () => {
    await expect.poll(() => server.stats().openSockets).toBe(0);
    const answers = await new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = net.connect({ port: server.port, host: '127.0.0.1' }, () => {
        const request = (method: string) =>
          `${method} /api?token=${server.token} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`;
        socket.write(['GET', 'HEAD', 'GET', 'HEAD', 'GET'].map(request).join(''));
      });
      socket.on('data', (d: Buffer) => {
        text += d.toString();
        if ((text.match(/^HTTP\/1\.1 /gm) ?? []).length === 5) {
          // Three open WebSockets (the bound) while this connection is still alive.
          void Promise.all([open(api), open(api), open(api)]).then(async (three) => {
            socket.destroy();
            await Promise.all(three.map(closed));
            resolve(text);
          }, reject);
        }
      });
      socket.once('error', reject);
    });
    expect(answers.match(/^HTTP\/1\.1 \d+/gm)).toEqual(Array(5).fill('HTTP/1.1 404'));
  });

  it('counts the whole server: 40 upgrades at once admit exactly the bound', async () => {
    await expect.poll(() => server.stats().openSockets).toBe(0);
    const tries = await Promise.allSettled(Array.from({ length: 40 }, () => open(api)));
    const admitted = tries.filter((r): r is PromiseFulfilledResult<WebSocket> => r.status === 'fulfilled');
    expect(admitted).toHaveLength(3);
    expect(tries.filter((r) => r.status === 'rejected')).toHaveLength(37);
    await Promise.all(admitted.map((r) => closed(r.value)));
  });
});
