import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import type { Result, RunEvent, WireMessage } from '../../../electron/contract';
import { startServer, type RunningServer } from '../../../electron/serve/server';
import { setup } from '../service/setup';

const rendererDir = mkdtempSync(path.join(os.tmpdir(), 'sb-renderer-'));
writeFileSync(
  path.join(rendererDir, 'index.html'),
  '<!doctype html><title>Sync Workbench</title><script src="./assets/app.js"></script>',
);
mkdirSync(path.join(rendererDir, 'assets'));
writeFileSync(path.join(rendererDir, 'assets', 'app.js'), 'console.log("app")');

function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        })
        .on('error', reject);
    },
  );
}

/** Opens a socket; resolves with it once open, or with the HTTP status that refused the upgrade. */
function connect(url: string, origin?: string) {
  return new Promise<{ ws: WebSocket } | { status: number }>((resolve, reject) => {
    const ws = new WebSocket(url, origin ? { origin } : {});
    ws.on('open', () => resolve({ ws }));
    ws.on('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
    ws.on('error', reject);
  });
}

/** A connected client that pairs replies and records run events. */
class Client {
  events: RunEvent[] = [];
  private nextId = 1;
  private waiting = new Map<number, (r: Result<unknown>) => void>();
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString()) as WireMessage;
      if (msg.kind === 'reply') this.waiting.get(msg.id)?.(msg.result);
      if (msg.kind === 'run-event') this.events.push(msg.event);
    });
  }
  call(method: string, ...args: unknown[]): Promise<Result<unknown>> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.ws.send(JSON.stringify({ kind: 'call', id, method, args }));
    });
  }
  until(type: RunEvent['type']) {
    return new Promise<RunEvent>((resolve) => {
      const check = () => {
        const hit = this.events.find((e) => e.type === type);
        if (hit) resolve(hit);
        else setTimeout(check, 5);
      };
      check();
    });
  }
}

describe('browser shell server', () => {
  const t = setup();
  let server: RunningServer;
  let base: string;
  let apiUrl: string;
  const clients: WebSocket[] = [];

  async function client(): Promise<Client> {
    const r = await connect(apiUrl, `http://127.0.0.1:${server.port}`);
    if (!('ws' in r)) throw new Error(`refused with ${r.status}`);
    clients.push(r.ws);
    return new Client(r.ws);
  }

  beforeAll(async () => {
    server = await startServer({ service: t.service, rendererDir, version: '9.9.9' });
    base = `http://127.0.0.1:${server.port}`;
    apiUrl = `ws://127.0.0.1:${server.port}/api?token=${server.token}`;
  });
  afterAll(async () => {
    for (const ws of clients) ws.close();
    await server.close();
  });

  it('binds 127.0.0.1 and prints the page URL with a long random token', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${server.token}`);
    expect(server.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('serves the page only with the token, with a strict CSP and no referrer', async () => {
    expect((await get(`${base}/`)).status).toBe(401);
    expect((await get(`${base}/?token=wrong`)).status).toBe(401);
    expect((await get(`${base}/index.html`)).status).not.toBe(200);
    const page = await get(server.url);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Sync Workbench</title>');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${server.port}`);
    expect(csp).not.toContain('unsafe');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-store');
    const asset = await get(`${base}/assets/app.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers['content-security-policy']).toBeDefined();
  });

  it('gives the page a cookie of its own to reload without ?token=; the cookie is not the token and opens no API', async () => {
    const page = await get(server.url);
    const cookie = String(page.headers['set-cookie']);
    const name = `syncbench-page-${server.port}`;
    const match = new RegExp(`^${name}=([A-Za-z0-9_-]{43}); Path=/; HttpOnly; SameSite=Strict$`).exec(cookie);
    expect(match).not.toBeNull();
    const value = match![1]!;
    // Another server on this host that the browser visits receives the cookie: it must not learn the token.
    expect(value).not.toBe(server.token);
    expect(cookie).not.toContain(server.token);
    const reload = await get(`${base}/`, { Cookie: `other=1; ${name}=${value}` });
    expect(reload.status).toBe(200);
    expect(reload.headers['set-cookie']).toBeUndefined();
    expect((await get(`${base}/`, { Cookie: `${name}=${value.slice(1)}x` })).status).toBe(401);
    // Another port's cookie is not this server's, and the token itself as a cookie opens nothing.
    expect((await get(`${base}/`, { Cookie: `syncbench-page-1=${value}` })).status).toBe(401);
    expect((await get(`${base}/`, { Cookie: `${name}=${server.token}` })).status).toBe(401);
    // The API takes the token in its address only: the page cookie opens neither the socket nor the import.
    expect((await get(`${base}/api/import`, { Cookie: `${name}=${value}` })).status).toBe(401);
    const wsBase = `ws://127.0.0.1:${server.port}/api`;
    const upgrade = (url: string, headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(url, { origin: base, headers });
        ws.on('open', () => {
          ws.close();
          resolve(101);
        });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('error', reject);
      });
    expect(await upgrade(wsBase, { Cookie: `${name}=${value}` })).toBe(401);
    expect(await upgrade(`${wsBase}?token=${server.token}`, {})).toBe(101);
  });

  it('refuses a Host that is not this machine (DNS rebinding), on the page and the API', async () => {
    const refused = await get(server.url, { Host: `evil.example:${server.port}` });
    expect(refused.status).toBe(403);
    // The refused Host is not echoed into the CSP (it would whitelist the attacker's WebSocket origin).
    const csp = String(refused.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain('evil.example');
    expect((await get(server.url, { Host: `localhost:8080` })).status).toBe(200);
  });

  it('refuses the WebSocket without the right token (401) or from another origin (403)', async () => {
    const wsBase = `ws://127.0.0.1:${server.port}/api`;
    expect(await connect(wsBase)).toEqual({ status: 401 });
    expect(await connect(`${wsBase}?token=${server.token.slice(1)}x`)).toEqual({ status: 401 });
    expect(await connect(apiUrl, 'http://evil.example')).toEqual({ status: 403 });
    expect(await connect(apiUrl, `http://127.0.0.1:${server.port + 1}`)).toEqual({ status: 403 });
  });

  it('answers calls in the wire format', async () => {
    const c = await client();
    expect(await c.call('shell')).toEqual({ ok: true, value: { kind: 'browser', version: '9.9.9' } });
    expect(await c.call('listResults')).toEqual({ ok: true, value: [] });
    expect(await c.call('startRun', { mode: 7 })).toMatchObject({ ok: false, code: 'INVALID' });
    expect(await c.call('eval', 'x')).toMatchObject({ ok: false, code: 'INVALID' });
  });

  it('pushes run events to every client, and cancels through the socket', async () => {
    const a = await client();
    const b = await client();
    t.measure.script = { points: 3, end: 'hang' };
    const start = await a.call('startRun', { mode: 'sweep', params: {} });
    expect(start.ok).toBe(true);
    const runId = (start as { value: { runId: string } }).value.runId;
    await a.until('started');
    await b.until('points');
    expect(await b.call('cancelRun', runId)).toEqual({ ok: true, value: null });
    const endA = await a.until('cancelled');
    const endB = await b.until('cancelled');
    expect(endA).toEqual(endB);
    expect(endA).toMatchObject({ runId, replay: false });
    const types = b.events.map((e) => e.type);
    expect(types[0]).toBe('started');
    expect(types.at(-1)).toBe('cancelled');
    expect(b.events.flatMap((e) => (e.type === 'points' ? e.points.map((p) => p.index) : []))).toEqual([
      0, 1, 2,
    ]);
  });

  it('closes a socket that sends something other than a call', async () => {
    const c = await client();
    const closed = new Promise<number>((resolve) => c.ws.on('close', (code) => resolve(code)));
    c.ws.send('not json');
    expect(await closed).toBe(1007);
  });
});

describe('browser shell without a built renderer', () => {
  it('explains how to build the page, and the API still answers', async () => {
    const t = setup();
    const server = await startServer({
      service: t.service,
      rendererDir: path.join(os.tmpdir(), 'no-such-dir'),
      version: '1',
    });
    try {
      const page = await get(server.url);
      expect(page.status).toBe(503);
      expect(page.body).toContain('npm run build:renderer');
      const r = await connect(`ws://127.0.0.1:${server.port}/api?token=${server.token}`);
      expect('ws' in r).toBe(true);
      if ('ws' in r) r.ws.close();
    } finally {
      await server.close();
    }
  });
});
