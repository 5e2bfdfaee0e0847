/**
 * The browser shell's server: serves the built renderer and the API over a WebSocket from one
 * WorkbenchService, on 127.0.0.1 by default, behind a per-start token (security.ts).
 *
 * Routes: `GET /?token=…` the page (401 without the right token); `GET /api?token=…` the WebSocket (401 wrong
 * token, 403 foreign Origin, 503 past MAX_API_SOCKETS); `POST /api/import?token=…` a result file's bytes (import-route.ts, same rules); the
 * built assets under `/assets/` (hashed names: compressed, cached for a year).
 * One token rule holds for every path after normalization (security.ts `tokenRequired`): `/%2findex.html`,
 * `/./index.html` and `/assets/../index.html` need the token as `/` does. Every response carries the CSP and
 * no-referrer (the token is in the URL), and any Host header that is not this machine's is refused with 403.
 *
 * What the clients can cost is bounded (budget.ts, docs/architecture.md#browser-shell-bounds): calls and reply
 * bytes in flight per connection and per server, a send queue per connection (socket-sender.ts: a client that
 * stops reading is closed with CLOSE_SLOW_CONSUMER), the frame size (the contract's MAX_WIRE_FRAME_BYTES), the WebSockets open
 * at once (socket-cap.ts), and a refused upgrade's socket, destroyed at once (http-guard.ts). `close()` closes every socket, lingering ones
 * included, within CLOSE_GRACE_MS.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import type { Socket } from 'node:net';

import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket, { type WebSocket } from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';

import {
  MAX_WIRE_FRAME_BYTES,
  type ExportOutcome,
  type ExportRequest,
  type Result,
  type RunEvent,
  type WireMessage,
} from '../contract';
import { APP_VERSION } from '../core/app-info';
import type { StoredFile } from '../core/results/stored-file';
import { createDispatch, type Dispatch } from '../core/service/dispatch';
import type { MemoryBudget } from '../core/service/memory-budget';
import type { ServiceApi } from '../core/service/service';
import { HEADERS_TIMEOUT_MS, InFlight, REQUEST_TIMEOUT_MS, TIMEOUT_CHECK_INTERVAL_MS } from './budget';
import { addSecurityHooks, originGuard } from './http-guard';
import { registerImportRoute } from './import-route';
import { RunFrames } from './run-frames';
import { newToken, normalizedPath } from './security';
import { SocketSender, type SenderBounds } from './socket-sender';
import { SameItemsJson } from './list-reply';
import { StoredBytes } from './stored-bytes';
import { socketCap } from './socket-cap';
import { serveApiSocket } from './ws-api';

export interface ServerOptions {
  /** TCP port; 0 picks a free one (default 0). */
  port?: number;
  /** Address to bind (default 127.0.0.1). Anything else exposes the API to the network, token-protected. */
  host?: string;
  /** The API; with `getResultFile` (WorkbenchService has it), getResult streams stored files' JSON as it is. */
  service: ServiceApi & {
    getResultFile?(id: unknown): Promise<StoredFile | null>;
    /**
     * exportResults whose content comes as wire bytes (service.ts exportResultsWire); `signal` aborts when the
     * connection that asked closes, which cancels the export (it answers CANCELLED to no one); `memory` is the
     * budget its thread reserves its memory from (the server's bytes being built).
     */
    exportResultsWire?(
      req: ExportRequest,
      delivery?: { signal?: AbortSignal; memory?: MemoryBudget },
    ): Promise<Result<ExportOutcome>>;
  };
  /** The built renderer (dist/renderer). When it has no index.html the page says how to build it. */
  rendererDir: string;
  /** The app version `shell()` reports (default: this build's). */
  version?: string;
  /** Bound of each connection's send queue in bytes (default socket-sender.ts MAX_QUEUED_BYTES). */
  maxQueuedBytes?: number;
  /** Calls one connection may have waiting or running (default budget.ts MAX_CALLS_PER_CONNECTION). */
  maxCallsPerConnection?: number;
  /** Reply bytes queued for one connection over which it starts no new call (default budget.ts). */
  maxReplyBytesPerConnection?: number;
  /** Reply bytes queued for all connections over which none starts a new call (default budget.ts). */
  maxReplyBytesInFlight?: number;
  /** How long a connection may stay over its reply-byte bound before it is closed (default SLOW_CONSUMER_MS). */
  slowConsumerMs?: number;
  /** WebSockets the API takes at once; an upgrade past them is answered 503 (default budget.ts MAX_API_SOCKETS). */
  maxApiSockets?: number;
}

/** What a server did so far (its own accounting, budget.ts). */
export interface ServerStats {
  /** Slow consumers it closed (CLOSE_SLOW_CONSUMER). */
  slowConsumersClosed: number;
  /** WebSockets open now. */
  openSockets: number;
  /** Reply bytes queued for clients now, and the most there ever were at once. */
  replyBytes: number;
  replyBytesHighWater: number;
}

export interface RunningServer {
  /** The page to open, token included: `http://127.0.0.1:PORT/?token=…`. */
  url: string;
  token: string;
  port: number;
  stats(): ServerStats;
  /** Closes every socket (WebSockets with 1001, lingering connections cut) and the server, within CLOSE_GRACE_MS. */
  close(): Promise<void>;
}

/** How long `close()` waits for connections to end by themselves before it cuts them. */
export const CLOSE_GRACE_MS = 2000;

/** Hashed build output (`/assets/index-3f9a1c2b.js`): its content never changes under that name. */
const HASHED_ASSET = /\/assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Sync Workbench</title>
<p>The workbench page is not built. Run <code>npm run build:renderer</code> and reload; the API is running.</p>`;

/** The page, the built assets (compressed; hashed ones cached for a year) and a 404 that does not echo the query. */
async function registerPages(app: FastifyInstance, rendererDir: string): Promise<void> {
  const indexFile = path.join(rendererDir, 'index.html');
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifyStatic, {
    root: path.resolve(rendererDir),
    index: false,
    serve: existsSync(rendererDir),
    allowedPath: (pathName) => normalizedPath(pathName) !== '/index.html',
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const hashed = HASHED_ASSET.test(filePath.split(path.sep).join('/'));
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // Fastify's own 404 repeats the URL, query (the token) included; this one names the path alone.
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .header('Cache-Control', 'no-store')
      .type('text/plain')
      .send(`Not found: ${normalizedPath(request.url)}`),
  );
  app.get('/', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!existsSync(indexFile)) return reply.code(503).type('text/html').send(NOT_BUILT);
    return reply.type('text/html').send(await readFile(indexFile));
  });
}

/**
 * A connection's dispatch whose exports come back as wire bytes (made off the event loop), cancelled when the
 * connection closes (`closed`), each thread reserving its memory in `memory` (docs/architecture.md#browser-shell-bounds);
 * null where the service cannot make them so.
 */
function exportingDispatch(
  service: ServerOptions['service'],
  shell: Parameters<typeof createDispatch>[1],
  closed: AbortSignal,
  memory: MemoryBudget,
): Dispatch | null {
  if (!service.exportResultsWire) return null;
  return createDispatch(service, shell, {
    exportResults: (req: ExportRequest) => service.exportResultsWire!(req, { signal: closed, memory }),
  });
}

/** The API's WebSockets, each with its bounded sender, and the run events sent to all of them in order. */
function registerApi(app: FastifyInstance, opts: ServerOptions, host: string) {
  const { service } = opts;
  const shell = { kind: 'browser', version: opts.version ?? APP_VERSION } as const;
  const dispatch = createDispatch(service, shell);
  const inFlight = new InFlight(
    undefined,
    opts.maxReplyBytesInFlight,
    undefined,
    !!service.exportResultsWire,
  );
  const connectionDispatch = (closed: AbortSignal) =>
    exportingDispatch(service, shell, closed, inFlight.building) ?? dispatch;
  const sockets = new Map<WebSocket, SocketSender>();
  const counts = { slowConsumersClosed: 0 };
  const bounds: SenderBounds = {
    maxQueuedBytes: opts.maxQueuedBytes,
    maxReplyBytes: opts.maxReplyBytesPerConnection,
    slowConsumerMs: opts.slowConsumerMs,
    inFlight,
    onSlow: () => (counts.slowConsumersClosed += 1),
  };
  inFlight.evictWorst = () => {
    const full = [...sockets.values()].filter((sender) => sender.full);
    full.sort((a, b) => b.queued - a.queued);
    full[0]?.evict();
  };
  const guard = originGuard(host);
  // Made once for every client while the same (list-reply.ts, stored-bytes.ts).
  const shared = { storedBytes: new StoredBytes(), listJson: new SameItemsJson() };
  app.get('/api', { websocket: true, preValidation: [guard, socketCap(opts.maxApiSockets)] }, (socket) => {
    const sender = new SocketSender(socket, bounds);
    const closed = new AbortController();
    sockets.set(socket, sender);
    socket.on('close', () => {
      sockets.delete(socket);
      closed.abort();
    });
    serveApiSocket(socket, {
      dispatch: connectionDispatch(closed.signal),
      sender,
      inFlight,
      perConnection: opts.maxCallsPerConnection,
      resultFile: opts.service.getResultFile?.bind(opts.service),
      ...shared,
    });
  });
  registerImportRoute(app, dispatch, inFlight, guard);

  // Frames are built in order, each possibly over several turns of the event loop (event-frames.ts); a run's last
  // event leaves out the points a client already received (run-frames.ts).
  let sending = Promise.resolve();
  const runFrames = new RunFrames<SocketSender>();
  const unsubscribe = opts.service.onRunEvent((event: RunEvent) => {
    sending = sending
      .then(async () => {
        const frames = await runFrames.framesFor(event, [...sockets.values()]);
        for (const [sender, frame] of frames) sender.send(frame);
      })
      .catch((err: unknown) => console.warn(`syncbench serve: a run event was not sent: ${String(err)}`));
  });
  const unsubscribeExports = opts.service.onExportProgress((progress) => {
    const frame = JSON.stringify({ kind: 'export-progress', progress } satisfies WireMessage);
    for (const sender of sockets.values()) sender.send(frame);
  });
  const stats = (): ServerStats => ({
    slowConsumersClosed: counts.slowConsumersClosed,
    openSockets: sockets.size,
    replyBytes: inFlight.replyBytes,
    replyBytesHighWater: inFlight.replyBytesHighWater,
  });
  return {
    sockets,
    unsubscribe: () => {
      unsubscribe();
      unsubscribeExports();
    },
    stats,
  };
}

/**
 * Closes `app`: every WebSocket with 1001, then after CLOSE_GRACE_MS whatever is still open is cut (a client that
 * never answers the close handshake, one that stopped reading mid-reply, one still sending a request), so the
 * server always ends.
 */
async function closeAll(app: FastifyInstance, sockets: Iterable<WebSocket>, connections: Set<Socket>) {
  for (const socket of sockets) socket.close(1001, 'server closing');
  const grace = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref());
  const closing = app.close();
  await Promise.race([closing, grace]);
  for (const socket of sockets) socket.terminate();
  for (const connection of connections) connection.destroy();
  await closing;
}

/**
 * Starts the server. Resolves once it listens.
 * @throws when the port cannot be bound (EADDRINUSE, EACCES) — the error's message says which.
 */
export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const host = opts.host ?? '127.0.0.1';
  const token = newToken();
  // docs/architecture.md#browser-shell-bounds: headers within HEADERS_TIMEOUT_MS, a whole request within
  // REQUEST_TIMEOUT_MS; an upgraded WebSocket is past both (its bounds are budget.ts's).
  const app = Fastify({
    logger: false,
    forceCloseConnections: true,
    requestTimeout: REQUEST_TIMEOUT_MS,
    http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS },
  });
  const connections = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
  });
  addSecurityHooks(app, host, token);
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_WIRE_FRAME_BYTES } });
  await registerPages(app, opts.rendererDir);
  const api = registerApi(app, opts, host);
  try {
    await app.listen({ port: opts.port ?? 0, host });
  } catch (err) {
    api.unsubscribe();
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
    stats: api.stats,
    close: async () => {
      api.unsubscribe();
      await closeAll(app, [...api.sockets.keys()], connections);
    },
  };
}
