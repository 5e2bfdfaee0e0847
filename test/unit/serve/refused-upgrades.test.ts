/**
 * A refused WebSocket upgrade (wrong token: 401; foreign Origin: 403) is destroyed once its refusal is written, so
 * a page that loops `new WebSocket(...)` cannot use up the server's descriptors: under `ulimit -n 200`, 300
 * refused upgrades later, the real client still connects and is served.
 */
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { startServeChild } from './serve-child';

let child: ChildProcess | null = null;
afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  child = null;
});

/**
 * Asks for an upgrade the server refuses and resolves with the status line once the refusal arrived; the client
 * never closes its side (allowHalfOpen), as a page that drops the socket on the floor would not. The socket stays
 * open here until the server ends it.
 */
function refusedUpgrade(
  port: number,
  query: string,
  origin?: string,
): Promise<{ status: string; socket: net.Socket }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true }, () => {
      socket.write(
        `GET /api?${query} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          (origin ? `Origin: ${origin}\r\n` : '') +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      );
    });
    socket.once('data', (d: Buffer) => resolve({ status: d.toString().split('\r\n')[0]!, socket }));
    socket.once('error', reject);
  });
}

function ended(socket: net.Socket): Promise<void> {
  return new Promise((resolve) => {
    if (socket.readableEnded || socket.destroyed) resolve();
    socket.once('end', () => resolve());
    socket.once('close', () => resolve());
  });
}

/** Whether the real client (the right token) connects and gets its call answered. */
async function realClientServed(port: number, token: string): Promise<boolean> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api?token=${token}`);
  const reply = await new Promise<{ result: { ok: boolean } }>((resolve, reject) => {
    ws.once('open', () => ws.send(JSON.stringify({ kind: 'call', id: 1, method: 'shell', args: [] })));
    ws.once('message', (d) => resolve(JSON.parse(d.toString())));
    ws.once('error', reject);
  });
  ws.close();
  return reply.result.ok;
}

describe('refused WebSocket upgrades', () => {
  it('are closed at once, so 300 of them under ulimit -n 200 leave room for the real client', async () => {
    const serve = await startServeChild('ulimit -n 200;');
    child = serve.child;
    const refused: net.Socket[] = [];
    for (let k = 0; k < 300; k += 1) {
      const foreign = k % 2 === 1;
      const { status, socket } = await refusedUpgrade(
        serve.port,
        foreign ? `token=${serve.token}` : 'token=wrong',
        foreign ? 'http://evil.example' : undefined,
      );
      expect(status).toBe(foreign ? 'HTTP/1.1 403 Forbidden' : 'HTTP/1.1 401 Unauthorized');
      refused.push(socket);
    }
    // Every refused socket was ended by the server, though none of the clients closed its side.
    await Promise.all(refused.map(ended));
    expect(await realClientServed(serve.port, serve.token)).toBe(true);
    for (const socket of refused) socket.destroy();
  }, 60_000);

  it('a refused POST whose body is still coming is closed too: 250 under ulimit -n 200 leave room', async () => {
    const serve = await startServeChild('ulimit -n 200;');
    child = serve.child;
    const trickling: net.Socket[] = [];
    for (let k = 0; k < 250; k += 1) {
      const socket = await new Promise<net.Socket>((resolve, reject) => {
        const s = net.connect({ port: serve.port, host: '127.0.0.1', allowHalfOpen: true }, () => {
          // Announces 60 MB without a token and sends one byte of it: the server answers 401 before the body.
          s.write(
            `POST /api/import HTTP/1.1\r\nHost: 127.0.0.1:${serve.port}\r\nContent-Type: application/json\r\n` +
              'Content-Length: 60000000\r\n\r\n{',
          );
        });
        s.once('data', (d: Buffer) => {
          expect(d.toString().split('\r\n')[0]).toBe('HTTP/1.1 401 Unauthorized');
          resolve(s);
        });
        s.once('error', reject);
      });
      trickling.push(socket);
    }
    await Promise.all(trickling.map(ended));
    expect(await realClientServed(serve.port, serve.token)).toBe(true);
    for (const socket of trickling) socket.destroy();
  }, 60_000);
});
