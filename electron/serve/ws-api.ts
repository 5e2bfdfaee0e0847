/**
 * The API over one WebSocket, in the contract's wire format: each `WireCall` text frame is dispatched and answered
 * with a `WireReply` of the same id. A frame that is not a call the server can pair with an id closes the socket
 * (1003 binary, 1007 not JSON, 1008 not a call), since a reply could not be delivered to anyone.
 *
 * Calls in flight are bounded, per connection and over the whole server (`InFlight`): a call over either bound is
 * answered at once with BUSY (nothing is started), so a client that pipelines thousands of requests costs at most
 * the bound in work and memory.
 */
import type { WebSocket } from '@fastify/websocket';

import type { Result, WireMessage, WireReply } from '../contract';
import type { Dispatch } from '../core/service/dispatch';
import { parseJsonOffThread } from '../core/results/parse-pool';
import { failText } from '../core/service/failure';
import { word } from '../core/text/host-text';
import { replyFrame, storedResultReply, type Frame } from './event-frames';

/** Calls one connection may have in flight. */
export const MAX_CALLS_PER_CONNECTION = 16;
/** Calls the whole server may have in flight. */
export const MAX_CALLS_IN_FLIGHT = 256;

/** Frames larger than this are parsed in the parse worker thread (parse-pool.ts). */
const OFF_THREAD_FRAME_BYTES = 1024 * 1024;

/** The server-wide count of calls in flight. */
export class InFlight {
  count = 0;
  constructor(readonly max = MAX_CALLS_IN_FLIGHT) {}
}

function isCall(value: unknown): value is { kind: 'call'; id: number; method: unknown; args: unknown } {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { kind?: unknown; id?: unknown };
  return v.kind === 'call' && Number.isSafeInteger(v.id);
}

/**
 * Serves calls arriving on `socket` with `dispatch`; replies go out through `send` (the socket's ordered queue).
 * `inFlight` is shared by every connection of a server; `perConnection` bounds this one. `resultJson`, when given,
 * answers getResult with a stored file's JSON as it is (service.ts getResultJson), so opening a large result is
 * never parsed or serialized on this thread; where it answers null the call goes to `dispatch` as any other.
 */
export function serveApiSocket(
  socket: WebSocket,
  dispatch: Dispatch,
  send: (frame: Frame) => void,
  inFlight: InFlight = new InFlight(),
  perConnection = MAX_CALLS_PER_CONNECTION,
  resultJson?: (id: unknown) => Promise<Uint8Array | null>,
): void {
  let mine = 0;
  socket.on('message', async (data, isBinary) => {
    if (isBinary) {
      socket.close(1003, 'text frames only');
      return;
    }
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    let message: unknown;
    try {
      // A large frame (an import) is decoded and parsed in the parse worker, never on this event loop.
      message =
        bytes.length > OFF_THREAD_FRAME_BYTES
          ? await parseJsonOffThread(bytes)
          : JSON.parse(bytes.toString());
    } catch {
      socket.close(1007, 'not JSON');
      return;
    }
    if (!isCall(message)) {
      socket.close(1008, 'expected a call');
      return;
    }
    const { id } = message;
    const answer = async (result: Result<unknown>) => {
      const reply: WireReply = { kind: 'reply', id, result };
      send(await replyFrame(reply satisfies WireMessage));
    };
    if (mine >= perConnection || inFlight.count >= inFlight.max) {
      const which =
        mine >= perConnection
          ? word('serve.onConnection', { max: perConnection })
          : word('serve.onServer', { max: inFlight.max });
      void answer(failText('BUSY', 'serve.busyCalls', { which }));
      return;
    }
    mine += 1;
    inFlight.count += 1;
    const { method, args } = message;
    const stored =
      resultJson && method === 'getResult' && Array.isArray(args) && args.length === 1
        ? resultJson(args[0])
        : Promise.resolve(null);
    void stored
      .then(async (json) => {
        if (json) send(storedResultReply(id, json));
        else await answer(await dispatch(method, args));
      })
      .finally(() => {
        mine -= 1;
        inFlight.count -= 1;
      });
  });
}
