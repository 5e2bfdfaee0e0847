/**
 * The API over one WebSocket, in the contract's wire format: each `WireCall` text frame is dispatched and answered
 * with a `WireReply` of the same id. A frame that is not a call the server can pair with an id closes the socket
 * (1003 binary, 1007 not JSON, 1008 not a call), since a reply could not be delivered to anyone.
 */
import type { WebSocket } from '@fastify/websocket';

import type { WireMessage, WireReply } from '../contract';
import type { Dispatch } from '../core/service/dispatch';

function isCall(value: unknown): value is { kind: 'call'; id: number; method: unknown; args: unknown } {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { kind?: unknown; id?: unknown };
  return v.kind === 'call' && Number.isSafeInteger(v.id);
}

/** Serves calls arriving on `socket` with `dispatch`; replies go out through `send` (the socket's ordered queue). */
export function serveApiSocket(socket: WebSocket, dispatch: Dispatch, send: (frame: string) => void): void {
  socket.on('message', (data, isBinary) => {
    if (isBinary) {
      socket.close(1003, 'text frames only');
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(data.toString());
    } catch {
      socket.close(1007, 'not JSON');
      return;
    }
    if (!isCall(message)) {
      socket.close(1008, 'expected a call');
      return;
    }
    const { id } = message;
    void dispatch(message.method, message.args).then((result) => {
      const reply: WireReply = { kind: 'reply', id, result };
      send(JSON.stringify(reply satisfies WireMessage));
    });
  });
}
