/**
 * The browser shell's server (issue 3 §2): serves the built renderer and the API over a WebSocket from one
 * WorkbenchService, on 127.0.0.1 by default, behind a per-start token (security.ts).
 *
 * Routes: `GET /?token=…` the page (401 without the right token); `GET /api?token=…` the WebSocket (401 wrong
 * token, 403 foreign Origin); other files of `rendererDir` (the built assets; index.html only through `/`).
 * Every response carries the CSP and no-referrer (the token is in the URL), and any Host header that is not this
 * machine's is refused with 403.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import fastifyWebsocket, { type WebSocket } from '@fastify/websocket';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

import type { RunEvent } from '../contract';
import { APP_VERSION } from '../core/app-info';
import { createDispatch } from '../core/service/dispatch';
import type { ServiceApi } from '../core/service/service';
import { runEventFrame } from './event-frames';
import { contentSecurityPolicy, hostAllowed, newToken, originAllowed, tokenMatches } from './security';
import { SocketSender } from './socket-sender';
import { serveApiSocket } from './ws-api';

export interface ServerOptions {
  /** TCP port; 0 picks a free one (default 0). */
  port?: number;
  /** Address to bind (default 127.0.0.1). Anything else exposes the API to the network, token-protected. */
  host?: string;
  service: ServiceApi;
  /** The built renderer (dist/renderer). When it has no index.html the page says how to build it. */
  rendererDir: string;
  /** The app version `shell()` reports (default: this build's). */
  version?: string;
}

export interface RunningServer {
  /** The page to open, token included: `http://127.0.0.1:PORT/?token=…`. */
  url: string;
  token: string;
  port: number;
  /** Closes every socket and the server. */
  close(): Promise<void>;
}

/** Largest WebSocket frame accepted (an import of up to 64 MiB, JSON-escaped). */
const MAX_FRAME_BYTES = 96 * 1024 * 1024;

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Sync Workbench</title>
<p>The workbench page is not built. Run <code>npm run build:renderer</code> and reload; the API is running.</p>`;

const NO_TOKEN = `<!doctype html><meta charset="utf-8"><title>Sync Workbench</title>
<p>This page needs the address printed by <code>syncbench serve</code>, with its <code>?token=</code>.</p>`;

function queryToken(request: FastifyRequest): unknown {
  return (request.query as Record<string, unknown> | undefined)?.token;
}

/**
 * Starts the server. Resolves once it listens.
 * @throws when the port cannot be bound (EADDRINUSE, EACCES) — the error's message says which.
 */
export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const host = opts.host ?? '127.0.0.1';
  const token = newToken();
  const indexFile = path.join(opts.rendererDir, 'index.html');
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const dispatch = createDispatch(opts.service, { kind: 'browser', version: opts.version ?? APP_VERSION });
  const sockets = new Map<WebSocket, SocketSender>();

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hostAllowed(request.headers.host, host))
      return reply.code(403).type('text/plain').send('Forbidden host');
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('Content-Security-Policy', contentSecurityPolicy(request.headers.host ?? `127.0.0.1`));
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Cross-Origin-Resource-Policy', 'same-origin');
    return payload;
  });

  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  await app.register(fastifyStatic, {
    root: path.resolve(opts.rendererDir),
    index: false,
    serve: existsSync(opts.rendererDir),
    allowedPath: (pathName) => pathName !== '/index.html',
  });

  app.get('/', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!tokenMatches(queryToken(request), token)) return reply.code(401).type('text/html').send(NO_TOKEN);
    if (!existsSync(indexFile)) return reply.code(503).type('text/html').send(NOT_BUILT);
    return reply.type('text/html').send(await readFile(indexFile));
  });

  const guardSocket = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!originAllowed(request.headers.origin, request.headers.host)) {
      return reply.code(403).type('text/plain').send('Forbidden origin');
    }
    if (!tokenMatches(queryToken(request), token))
      return reply.code(401).type('text/plain').send('Unauthorized');
  };
  app.get('/api', { websocket: true, preValidation: guardSocket }, (socket) => {
    const sender = new SocketSender(socket);
    sockets.set(socket, sender);
    socket.on('close', () => sockets.delete(socket));
    serveApiSocket(socket, dispatch, (frame) => sender.send(frame));
  });

  // Frames are built in order, each possibly over several turns of the event loop (event-frames.ts).
  let sending = Promise.resolve();
  const unsubscribe = opts.service.onRunEvent((event: RunEvent) => {
    sending = sending
      .then(async () => {
        const frame = await runEventFrame(event);
        for (const sender of sockets.values()) sender.send(frame);
      })
      .catch((err: unknown) => console.warn(`syncbench serve: a run event was not sent: ${String(err)}`));
  });

  try {
    await app.listen({ port: opts.port ?? 0, host });
  } catch (err) {
    unsubscribe();
    await app.close();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0);
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}/?token=${token}`,
    token,
    port,
    close: async () => {
      unsubscribe();
      for (const socket of sockets.keys()) socket.close(1001, 'server closing');
      await app.close();
    },
  };
}
