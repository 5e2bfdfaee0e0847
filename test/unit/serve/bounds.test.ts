/**
 * What one client can cost the browser shell: the token rule after path normalization, compressed and cached
 * assets, calls in flight, a client that stops reading (closed with CLOSE_SLOW_CONSUMER while the others are
 * served), and a bounded soak (many connections and a slow reader; the 30 s version is `npm run bench:soak`).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { runSoak } from '../../../bench/soak';
import { startServer, type RunningServer } from '../../../electron/serve/server';
import { normalizedPath, tokenRequired } from '../../../electron/serve/security';
import { CLOSE_SLOW_CONSUMER } from '../../../electron/serve/socket-sender';
import { makePoint, makeResult } from '../service/doubles';
import { setup } from '../service/setup';

const rendererDir = mkdtempSync(path.join(os.tmpdir(), 'sb-bounds-'));
writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>INDEX-PAGE</title>');
mkdirSync(path.join(rendererDir, 'assets'));
const script = `console.log(${JSON.stringify('x'.repeat(20_000))});`;
writeFileSync(path.join(rendererDir, 'assets', 'index-3f9a1c2b.js'), script);
writeFileSync(path.join(rendererDir, 'assets', 'logo.svg'), '<svg/>');

function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    },
  );
}

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

describe('browser shell bounds', () => {
  const t = setup();
  let server: RunningServer;
  let base: string;
  let api: string;
  const big = makeResult(Array.from({ length: 400 }, (_, i) => makePoint(i)));
  // ~1 MB of raw samples per reply.
  for (const p of big.points) p.raw.perSyncNs = Array.from({ length: 250 }, (_, k) => 10 + k / 7);
  t.library.add(big);

  beforeAll(async () => {
    server = await startServer({
      service: t.service,
      rendererDir,
      version: 't',
      maxQueuedBytes: 2 * 1024 * 1024,
    });
    base = `http://127.0.0.1:${server.port}`;
    api = `ws://127.0.0.1:${server.port}/api?token=${server.token}`;
  });
  afterAll(async () => {
    await server.close();
  });

  it('normalizes paths before the one token rule', () => {
    for (const p of [
      '/%2findex.html',
      '/./index.html',
      '/assets/../index.html',
      '/assets/%2e%2e/index.html',
      '//index.html',
      '/assets\\..\\index.html',
    ]) {
      expect(normalizedPath(p)).toBe('/index.html');
      expect(tokenRequired(normalizedPath(p))).toBe(true);
    }
    expect(tokenRequired(normalizedPath('/assets/index-3f9a1c2b.js?x=1'))).toBe(false);
    expect(tokenRequired(normalizedPath('/api'))).toBe(true);
  });

  it.each(['/%2findex.html', '/./index.html', '/assets/../index.html', '/index.html', '/%2e/index.html'])(
    '%s needs the token',
    async (p) => {
      const r = await get(`${base}${p}`);
      expect(r.status).toBe(401);
      expect(r.body.toString()).not.toContain('INDEX-PAGE');
    },
  );

  it('serves hashed assets compressed and cached for a year, others revalidated', async () => {
    const r = await get(`${base}/assets/index-3f9a1c2b.js`, { 'Accept-Encoding': 'gzip' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.gunzipSync(r.body).toString()).toBe(script);
    expect(r.body.length).toBeLessThan(script.length / 10);
    const svg = await get(`${base}/assets/logo.svg`);
    expect(svg.headers['cache-control']).toBe('no-cache');
    expect((await get(server.url)).headers['cache-control']).toBe('no-store');
  });

  it('answers calls over the in-flight bound with BUSY at once', async () => {
    const ws = await open(api);
    const replies: Array<{ id: number; result: { ok: boolean; code?: string; message?: string } }> = [];
    const done = new Promise<void>((resolve) =>
      ws.on('message', (d) => {
        replies.push(JSON.parse(d.toString()));
        if (replies.length === 40) resolve();
      }),
    );
    for (let id = 1; id <= 40; id += 1)
      ws.send(JSON.stringify({ kind: 'call', id, method: 'listResults', args: [] }));
    await done;
    const busy = replies.filter((r) => !r.result.ok);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]!.result).toMatchObject({
      code: 'BUSY',
      message: 'Too many calls in flight (16 on this connection): wait for replies before sending more.',
      text: {
        code: 'serve.busyCalls',
        params: { which: { code: 'serve.onConnection', params: { max: 16 } } },
      },
    });
    expect(replies.filter((r) => r.result.ok).length).toBeGreaterThanOrEqual(16);
    ws.close();
  });

  it('closes a client that stops reading with a clear close code, and keeps serving the others', async () => {
    const slow = await open(api);
    const raw = (slow as unknown as { _socket: import('node:net').Socket })._socket;
    raw.pause();
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      slow.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    let id = 0;
    const flood = setInterval(() => {
      for (let k = 0; k < 8; k += 1)
        slow.send(JSON.stringify({ kind: 'call', id: ++id, method: 'getResult', args: [big.id] }));
    }, 20);
    const other = await open(api);
    const answer = new Promise<unknown>((resolve) =>
      other.once('message', (d) => resolve(JSON.parse(d.toString()))),
    );
    other.send(JSON.stringify({ kind: 'call', id: 1, method: 'shell', args: [] }));
    expect(await answer).toMatchObject({ kind: 'reply', result: { ok: true } });
    await new Promise((r) => setTimeout(r, 1500));
    clearInterval(flood);
    raw.resume();
    expect(await closed).toEqual({
      code: CLOSE_SLOW_CONSUMER,
      reason: expect.stringMatching(/^too slow: [\d.]+ MiB waiting to be sent$/),
    });
    other.close();
  });
});

describe('soak (bounded, short)', () => {
  it('serves every well-behaved client while a slow reader is cut off, within the reply-byte bound', async () => {
    const report = await runSoak({
      connections: 20,
      seconds: 3,
      stuckClients: 1,
      largestResultBytes: 12_000_000,
      maxQueuedBytes: 2 * 1024 * 1024,
      slowConsumerMs: 1000,
      log: () => undefined,
    });
    expect(report.slowConsumersClosed).toBe(2);
    // The stuck client's replies stream from the file (stored-frame.ts): the server held a fragment of each, never
    // the whole result, by its own accounting. The well-behaved clients' replies count too, each whole while queued
    // (the small result is sent from memory, stored-bytes.ts): 20 of its 0.5 MB at most, under the 12 MB result.
    expect(report.replyHighWaterMiB * 1024 * 1024).toBeLessThan(report.largestResultMB * 1e6);
    expect(report.failedCalls).toBe(0);
    expect(report.calls).toBeGreaterThan(20);
    expect(report.clientsServed).toBe(20);
    expect(report.replyHighWaterMiB).toBeLessThan(report.memoryBoundMiB);
    // Resident memory is the benchmark's target (npm run bench:soak), not a unit test's: it depends on the machine.
  }, 60_000);
});

describe('clients that never read', () => {
  const t = setup();
  const big = makeResult(Array.from({ length: 400 }, (_, i) => makePoint(i)));
  for (const p of big.points) p.raw.perSyncNs = Array.from({ length: 250 }, (_, k) => 10 + k / 7);
  t.library.add(big);
  const perConnection = 2 * 1024 * 1024;
  const inFlight = 4 * 1024 * 1024;

  it('hold at most the reply-byte bounds, are closed as slow consumers, and the others are served', async () => {
    const server = await startServer({
      service: t.service,
      rendererDir,
      version: 't',
      maxReplyBytesPerConnection: perConnection,
      maxReplyBytesInFlight: inFlight,
      slowConsumerMs: 800,
    });
    const api = `ws://127.0.0.1:${server.port}/api?token=${server.token}`;
    try {
      const stuck = await Promise.all([1, 2, 3, 4].map(() => open(api)));
      const closes = stuck.map(
        (ws) =>
          new Promise<{ code: number; reason: string }>((resolve) =>
            ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
          ),
      );
      let replySize = 0;
      for (const ws of stuck) {
        (ws as unknown as { _socket: import('node:net').Socket })._socket.pause();
        for (let id = 1; id <= 16; id += 1)
          ws.send(JSON.stringify({ kind: 'call', id, method: 'getResult', args: [big.id] }));
      }
      const other = await open(api);
      const answer = new Promise<{ result: { ok: boolean; value: { id: string } } }>((resolve) =>
        other.once('message', (d) => {
          replySize = (d as Buffer).length;
          resolve(JSON.parse(d.toString()));
        }),
      );
      other.send(JSON.stringify({ kind: 'call', id: 1, method: 'getResult', args: [big.id] }));
      expect((await answer).result).toMatchObject({ ok: true, value: { id: big.id } });
      await new Promise((r) => setTimeout(r, 1500));
      // 64 replies of ~1 MB were asked for; the server held at most its bound plus one heavy call per connection
      // (four stuck, one reading) admitted just under it.
      const { replyBytesHighWater, slowConsumersClosed } = server.stats();
      expect(replySize).toBeGreaterThan(1_000_000);
      expect(replyBytesHighWater).toBeGreaterThan(replySize);
      expect(replyBytesHighWater).toBeLessThan(inFlight + 5 * replySize);
      expect(slowConsumersClosed).toBe(4);
      for (const ws of stuck) (ws as unknown as { _socket: import('node:net').Socket })._socket.resume();
      // Closed with 4008 once over their bound for 0.8 s, or cut at once (1006) when the server reached its bound.
      for (const closed of closes) {
        const { code, reason } = await closed;
        if (code === 1006) continue;
        expect({ code, reason }).toEqual({
          code: CLOSE_SLOW_CONSUMER,
          reason: expect.stringMatching(/^too slow: [\d.]+ MiB (unread for 0\.8 s|waiting to be sent)$/),
        });
      }
      other.close();
    } finally {
      await server.close();
    }
    expect(server.stats().replyBytes).toBe(0);
  }, 30_000);
});
