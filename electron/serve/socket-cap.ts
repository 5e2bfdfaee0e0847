/**
 * The bound on the API's WebSockets (docs/architecture.md#browser-shell-bounds): each may hold one incoming frame of
 * up to MAX_WIRE_FRAME_BYTES while it is received, so their count bounds what clients sending frames can hold
 * together. An upgrade past the bound is answered 503 with Retry-After and its socket destroyed once the answer is
 * written (http-guard.ts), before any WebSocket is made.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

import { BUSY_RETRY_AFTER_S, MAX_API_SOCKETS } from './budget';
import { isUpgrade } from './http-guard';

/**
 * A preValidation hook that admits at most `max` upgrades (http-guard.ts isUpgrade) to the API at once (default MAX_API_SOCKETS),
 * counted from the moment one is admitted until its TCP socket closes (so upgrades still being made count too), and
 * answers the rest 503 with a message that names the bound. A request that is not an upgrade (a plain GET or HEAD of
 * /api, answered 404) is not counted: a keep-alive connection sending many of them takes no slot.
 */
export function socketCap(max: number = MAX_API_SOCKETS) {
  let admitted = 0;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isUpgrade(request)) return;
    if (admitted < max) {
      admitted += 1;
      request.raw.socket.once('close', () => (admitted -= 1));
      return;
    }
    return reply
      .code(503)
      .header('Retry-After', String(BUSY_RETRY_AFTER_S))
      .type('text/plain')
      .send(
        `BUSY: ${max} WebSocket connections to this server are open, the most it takes at once; ` +
          'close a tab or a client of this server, or try again later.',
      );
  };
}
