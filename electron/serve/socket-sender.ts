/**
 * Sends frames to one WebSocket in order (replies and run events alike). A large frame goes out as a fragmented
 * text message, one fragment per write, each waiting for the previous one to be handed to the socket, so a
 * multi-megabyte result never blocks the event loop and a slow client gets back-pressure instead of a backlog.
 */
import type { WebSocket } from '@fastify/websocket';

/** Size of one fragment of a large frame, in bytes. */
export const FRAGMENT_BYTES = 1024 * 1024;
const OPEN = 1;

export class SocketSender {
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly socket: WebSocket) {}

  /** Queues a text frame (a string, or UTF-8 bytes). Frames arrive in the order they were queued. */
  send(frame: string | Buffer): void {
    this.chain = this.chain.then(() => this.write(frame)).catch(() => undefined);
  }

  private async write(frame: string | Buffer): Promise<void> {
    const socket = this.socket;
    if (socket.readyState !== OPEN) return;
    if (typeof frame === 'string' || frame.length <= FRAGMENT_BYTES) {
      socket.send(frame, { binary: false });
      return;
    }
    for (let offset = 0; offset < frame.length && socket.readyState === OPEN; offset += FRAGMENT_BYTES) {
      const fin = offset + FRAGMENT_BYTES >= frame.length;
      const part = frame.subarray(offset, offset + FRAGMENT_BYTES);
      await new Promise<void>((resolve) => socket.send(part, { binary: false, fin }, () => resolve()));
    }
  }
}
