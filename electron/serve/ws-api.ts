/**
 * The API over one WebSocket, in the contract's wire format: each `WireCall` text frame is dispatched and answered
 * with a `WireReply` of the same id. A frame that is not a call the server can pair with an id closes the socket
 * (1003 binary, 1007 not JSON, 1008 not a call), since a reply could not be delivered to anyone.
 *
 * Calls are bounded by count and by bytes (budget.ts): a call over a count bound is answered at once with BUSY
 * (nothing is started); a call that arrives while this connection's replies, or the server's, are over their byte
 * bound waits, and the connection is not read meanwhile, so a client that never reads its replies holds at most
 * its bound and is closed as a slow consumer (socket-sender.ts).
 */
import type { WebSocket } from '@fastify/websocket';

import type { Result, WireMessage, WireReply } from '../contract';
import type { Dispatch } from '../core/service/dispatch';
import { parseJsonOffThread } from '../core/results/parse-pool';
import { failText } from '../core/service/failure';
import { word } from '../model/words/host-text';
import { HEAVY_METHODS, InFlight, MAX_CALLS_PER_CONNECTION } from './budget';
import { openStoredFile, type StoredFile } from '../core/results/stored-file';
import { replyFrame } from './event-frames';
import { frameHeldBytes, type SocketSender } from './socket-sender';
import { listReplyFrame, type SameItemsJson } from './list-reply';
import type { StoredBytes } from './stored-bytes';
import { isStreamed, storedResultFrame, storedResultStream } from './stored-frame';

/** Frames larger than this are parsed in the parse worker thread (parse-pool.ts). */
const OFF_THREAD_FRAME_BYTES = 1024 * 1024;

type Call = { kind: 'call'; id: number; method: unknown; args: unknown };

function isCall(value: unknown): value is Call {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { kind?: unknown; id?: unknown };
  return v.kind === 'call' && Number.isSafeInteger(v.id);
}

/** How one connection is served: the server's dispatch and counts, this connection's sender and bound. */
export interface ApiSocketOptions {
  dispatch: Dispatch;
  /** The connection's ordered, bounded queue of frames (its `full` says the connection starts no new call). */
  sender: SocketSender;
  /** Shared by every connection of a server. */
  inFlight?: InFlight;
  /** Calls this connection may have waiting or running (default MAX_CALLS_PER_CONNECTION). */
  perConnection?: number;
  /**
   * Answers getResult with a stored file's JSON as it is (service.ts getResultFile), streamed from disk
   * (stored-frame.ts), so opening a large result is never parsed, serialized or held whole on this thread; where it
   * answers null, or the file changed since, the call goes to `dispatch` as any other.
   */
  resultFile?: (id: unknown) => Promise<StoredFile | null>;
  /** Small stored files' bytes kept by version (stored-bytes.ts), sent from memory instead of streamed. */
  storedBytes?: StoredBytes;
  /** The JSON of the last listResults answer, reused while the listing is the same objects (list-reply.ts). */
  listJson?: SameItemsJson;
}

/** The text frame a WebSocket message carries, as a call; null after closing the socket when it is not one. */
async function callOf(socket: WebSocket, data: unknown, isBinary: boolean): Promise<Call | null> {
  if (isBinary) {
    socket.close(1003, 'text frames only');
    return null;
  }
  const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
  let message: unknown;
  try {
    // A large frame (an import) is decoded and parsed in the parse worker, never on this event loop.
    message =
      bytes.length > OFF_THREAD_FRAME_BYTES ? await parseJsonOffThread(bytes) : JSON.parse(bytes.toString());
  } catch {
    socket.close(1007, 'not JSON');
    return null;
  }
  if (!isCall(message)) {
    socket.close(1008, 'expected a call');
    return null;
  }
  return message;
}

/** What one connection has waiting and running: the calls not started yet, the calls running, a heavy one among them. */
interface Connection {
  waiting: Call[];
  running: number;
  heavyRunning: boolean;
}

/**
 * Serves calls arriving on `socket`; replies go out through `opts.sender`. Calls start in the order they arrived,
 * each when there is room for it (budget.ts): under the byte bounds, and for a heavy call a free heavy slot with no
 * other heavy call of this connection running.
 */
export function serveApiSocket(socket: WebSocket, opts: ApiSocketOptions): void {
  const inFlight = opts.inFlight ?? new InFlight();
  const perConnection = opts.perConnection ?? MAX_CALLS_PER_CONNECTION;
  const conn: Connection = { waiting: [], running: 0, heavyRunning: false };

  const startWaiting = () => {
    while (conn.waiting.length > 0 && !opts.sender.full && inFlight.count < inFlight.max) {
      const { method, args } = conn.waiting[0]!;
      const heavy = HEAVY_METHODS.has(method);
      const reserve = heavy ? inFlight.reserveFor(method, args) : 0;
      if (!inFlight.roomFor(reserve) || (heavy && conn.heavyRunning)) break;
      startCall(conn.waiting.shift()!, { heavy, reserve, conn, inFlight, opts });
    }
    // Not read while calls wait: the client's further frames stay in its TCP window.
    if (conn.waiting.length > 0) {
      inFlight.waitForRoom(startWaiting);
      socket.pause();
    } else socket.resume();
  };
  socket.once('close', () => {
    inFlight.cancelWait(startWaiting);
    conn.waiting.length = 0;
  });

  socket.on('message', async (data, isBinary) => {
    const call = await callOf(socket, data, isBinary);
    if (!call) return;
    if (conn.running + conn.waiting.length >= perConnection || inFlight.count >= inFlight.max) {
      const which =
        conn.running + conn.waiting.length >= perConnection
          ? word('serve.onConnection', { max: perConnection })
          : word('serve.onServer', { max: inFlight.max });
      void answer(opts.sender, call.id, failText('BUSY', 'serve.busyCalls', { which }));
      return;
    }
    conn.waiting.push(call);
    startWaiting();
  });
}

/** How a call starts: whether it is heavy, the bytes it reserves, the counts it is part of, the connection's options. */
interface CallStart {
  heavy: boolean;
  reserve: number;
  conn: Connection;
  inFlight: InFlight;
  opts: ApiSocketOptions;
}

/**
 * Starts `call`, counted in the connection and the server (with its reservation) until its reply is built; a heavy
 * call holds the connection's heavy slot until its reply is sent, and teaches the server its reply's size.
 */
function startCall(call: Call, { heavy, reserve, conn, inFlight, opts }: CallStart): void {
  conn.running += 1;
  inFlight.count += 1;
  inFlight.building.take(reserve);
  conn.heavyRunning ||= heavy;
  let built = false;
  const release = () => {
    if (built) return;
    built = true;
    conn.running -= 1;
    inFlight.count -= 1;
    inFlight.building.give(reserve);
  };
  void sendReply(call, opts)
    .then(({ heldBytes, sent }) => {
      if (heavy) inFlight.learn(call.method, call.args, heldBytes);
      release();
      inFlight.wake();
      return sent;
    })
    .finally(() => {
      release();
      if (heavy) conn.heavyRunning = false;
      inFlight.wake();
    });
}

/** Queues the reply `result` to the call `id`. */
async function answer(sender: SocketSender, id: number, result: Result<unknown>): Promise<void> {
  const reply: WireReply = { kind: 'reply', id, result };
  sender.send(await replyFrame(reply satisfies WireMessage));
}

/**
 * Builds and queues the reply to `call`: the bytes it holds while sent (a heavy call's next reservation), and
 * when a streamed reply has been sent (the connection's heavy slot is held until then: one open file each).
 */
async function sendReply(
  call: Call,
  opts: ApiSocketOptions,
): Promise<{ heldBytes: number; sent: Promise<void> | null }> {
  const frame = (await streamedReply(call, opts)) ?? (await dispatchedReply(call, opts));
  opts.sender.send(frame);
  return { heldBytes: frameHeldBytes(frame), sent: isStreamed(frame) ? opts.sender.sent() : null };
}

/** The reply of `call` made by the dispatch; a listing's JSON made once while it is the same (list-reply.ts). */
async function dispatchedReply(call: Call, opts: ApiSocketOptions) {
  const result = await opts.dispatch(call.method, call.args);
  const listed =
    call.method === 'listResults' && opts.listJson ? listReplyFrame(call.id, result, opts.listJson) : null;
  return listed ?? (await replyFrame({ kind: 'reply', id: call.id, result }));
}

/**
 * A stored result's reply: a small file's bytes from memory (stored-bytes.ts), a larger one streamed from its
 * file, or null (then the call is dispatched).
 */
async function streamedReply({ id, method, args }: Call, opts: ApiSocketOptions) {
  if (!opts.resultFile || method !== 'getResult' || !Array.isArray(args) || args.length !== 1) return null;
  const file = await opts.resultFile(args[0]);
  if (!file) return null;
  const bytes = opts.storedBytes ? await opts.storedBytes.bytesOf(file).catch(() => null) : null;
  if (bytes) return storedResultFrame(id, bytes);
  const opened = await openStoredFile(file);
  return opened ? storedResultStream(id, opened) : null;
}
