/**
 * Sends frames to one WebSocket in order (replies and run events alike), each waiting until the previous one was
 * handed to the operating system, so a slow client gets back-pressure instead of a backlog in this process. A large
 * frame goes out as a fragmented text message, one fragment per write, so a multi-megabyte result never blocks the
 * event loop.
 *
 * The queue is bounded: when the frames waiting behind the one being written, plus what the socket itself still
 * buffers, pass `maxQueuedBytes`, the client is not reading. It is closed with CLOSE_SLOW_CONSUMER (and cut off if
 * it does not read up to the close frame within CLOSE_TIMEOUT_MS), and what was queued for it is dropped. A client that
 * keeps up never sees this: one frame at a time is in flight, however large.
 *
 * A streamed frame (a stored file's reply, stored-frame.ts) is read from disk a fragment at a time as the socket
 * takes it, so it holds one fragment, never the file; a client that takes no fragment for SLOW_CONSUMER_MS is
 * closed as a slow consumer.
 *
 * The bytes queued count in the server's InFlight (budget.ts) until the operating system took them, and a client
 * whose queue stays over `maxReplyBytes` for SLOW_CONSUMER_MS (it stopped reading a large reply) is closed the same
 * way, so one stuck reply cannot hold its memory for good.
 */
import type { WebSocket } from '@fastify/websocket';

import { InFlight, MAX_REPLY_BYTES_PER_CONNECTION } from './budget';
import type { Frame } from './event-frames';
import { isStreamed, type StreamedFrame } from './stored-frame';

/** Size of one fragment of a large frame, in bytes. */
export const FRAGMENT_BYTES = 1024 * 1024;
/** Default bound of a connection's send queue (bytes waiting behind the frame being written): 8 MiB. */
export const MAX_QUEUED_BYTES = 8 * 1024 * 1024;
/** Close code for a client that stopped reading (4000–4999: the application's own codes, RFC 6455 §7.4.2). */
export const CLOSE_SLOW_CONSUMER = 4008;
/** How long a slow consumer has to read up to the close frame before its connection is cut. */
export const CLOSE_TIMEOUT_MS = 5000;
/** How long a connection's queue may stay over its reply-byte bound before it is closed as a slow consumer. */
export const SLOW_CONSUMER_MS = 10_000;
const OPEN = 1;

/** How a SocketSender is bounded and accounted (every field has a default). */
export interface SenderBounds {
  /** Bytes that may wait behind the frame being written (default MAX_QUEUED_BYTES). */
  maxQueuedBytes?: number;
  /** Queued bytes over which the connection starts no new call (default MAX_REPLY_BYTES_PER_CONNECTION). */
  maxReplyBytes?: number;
  /** How long the queue may stay over maxReplyBytes before the client is closed (default SLOW_CONSUMER_MS). */
  slowConsumerMs?: number;
  /** The server's counts, which this sender's queued bytes are added to (default: a sender's own). */
  inFlight?: InFlight;
  /** Told when this sender closes its socket as a slow consumer. */
  onSlow?: () => void;
}

/** The UTF-8 size of a frame in bytes (a streamed frame's whole message). */
export function frameBytes(frame: Frame): number {
  if (isStreamed(frame)) return frame.bytes;
  return typeof frame === 'string' ? Buffer.byteLength(frame) : frame.reduce((n, part) => n + part.length, 0);
}

/** The bytes a frame holds in this process while it is sent: a streamed frame one fragment, others all of theirs. */
export function frameHeldBytes(frame: Frame): number {
  return isStreamed(frame) ? Math.min(frame.bytes, FRAGMENT_BYTES) : frameBytes(frame);
}

export class SocketSender {
  private chain: Promise<void> = Promise.resolve();
  /** Bytes of the frames queued and not yet written, the one in progress included. */
  private queuedBytes = 0;
  /** Size of the frame being written now (0 when idle). */
  private writingBytes = 0;
  private closed = false;
  private overSince: NodeJS.Timeout | null = null;
  private readonly maxQueuedBytes: number;
  private readonly inFlight: InFlight;

  constructor(
    private readonly socket: WebSocket,
    private readonly bounds: SenderBounds = {},
  ) {
    this.maxQueuedBytes = bounds.maxQueuedBytes ?? MAX_QUEUED_BYTES;
    this.inFlight = bounds.inFlight ?? new InFlight();
    socket.once('close', () => this.release());
  }

  /** Bytes waiting to be sent to this client (queued frames and the socket's own buffer). */
  get backlogBytes(): number {
    return this.queuedBytes + this.socket.bufferedAmount;
  }

  /** Whether this client's queued replies are over its bound, so it should start no new call. */
  get full(): boolean {
    return this.queuedBytes >= (this.bounds.maxReplyBytes ?? MAX_REPLY_BYTES_PER_CONNECTION);
  }

  /**
   * Queues a text frame (a string, or UTF-8 bytes). Frames arrive in the order they were queued. Returns false
   * (and closes the socket with CLOSE_SLOW_CONSUMER) when the queue is over its bound.
   */
  send(frame: Frame): boolean {
    const streamed = isStreamed(frame);
    if (this.closed || this.socket.readyState !== OPEN) {
      if (streamed) void frame.close().catch(() => undefined);
      return false;
    }
    // A streamed frame holds nothing until it is written, then one piece at a time (counted as it is read).
    const size = streamed ? 0 : frameBytes(frame);
    const waiting = this.queuedBytes - this.writingBytes + this.socket.bufferedAmount;
    if (this.queuedBytes > 0 && waiting + size > this.maxQueuedBytes) {
      if (streamed) void frame.close().catch(() => undefined);
      this.closeSlow(waiting + size);
      return false;
    }
    this.count(size);
    this.chain = this.chain
      .then(async () => {
        this.writingBytes = size;
        if (this.closed) return;
        await (streamed ? this.stream(frame) : this.write(frame));
      })
      .catch(() => undefined)
      .finally(() => {
        this.count(-size);
        this.writingBytes = 0;
        if (streamed) void frame.close().catch(() => undefined);
      });
    return true;
  }

  /** Resolves when every frame queued so far was written, or dropped (the socket closed). */
  sent(): Promise<void> {
    return this.chain;
  }

  /** Adds `bytes` to this queue and the server's, and watches how long the queue stays over its bound. */
  private count(bytes: number): void {
    this.queuedBytes += bytes;
    this.inFlight.addReplyBytes(bytes);
    if (!this.full) {
      if (this.overSince) clearTimeout(this.overSince);
      this.overSince = null;
    } else if (!this.overSince && !this.closed) {
      const ms = this.bounds.slowConsumerMs ?? SLOW_CONSUMER_MS;
      this.overSince = setTimeout(() => this.closeSlow(this.backlogBytes, ms), ms);
      this.overSince.unref();
    }
  }

  /** Bytes of the frames queued and not yet written (the server's accounting; the socket's buffer not included). */
  get queued(): number {
    return this.queuedBytes;
  }

  /**
   * Closes this client at once as a slow consumer because the server is over its reply-byte bound: the close frame
   * (4008) is queued behind what it did not read and the connection is cut on the next turn, so its bytes are freed
   * now. Such a client sees 1006.
   */
  evict(): void {
    if (this.closed) return;
    this.closeSlow(this.backlogBytes);
    setImmediate(() => this.socket.terminate());
  }

  /** The socket closed: what is queued for it is dropped from the server's count as its writes end. */
  private release(): void {
    this.closed = true;
    if (this.overSince) clearTimeout(this.overSince);
    this.overSince = null;
  }

  private closeSlow(bytes: number, forMs?: number): void {
    this.closed = true;
    this.bounds.onSlow?.();
    const mib = (bytes / 1024 / 1024).toFixed(1);
    const reason =
      forMs === undefined
        ? `too slow: ${mib} MiB waiting to be sent`
        : `too slow: ${mib} MiB unread for ${forMs / 1000} s`;
    this.socket.close(CLOSE_SLOW_CONSUMER, reason);
    setTimeout(() => this.socket.terminate(), CLOSE_TIMEOUT_MS).unref();
  }

  /**
   * Writes a streamed frame as one fragmented message, a piece at a time: each is read when the previous one was
   * taken by the operating system and counts as queued until then, so the server holds one piece per stream. A
   * client that takes no piece for slowConsumerMs is closed as a slow consumer (it holds the file open).
   */
  private async stream(frame: StreamedFrame): Promise<void> {
    const socket = this.socket;
    const ms = this.bounds.slowConsumerMs ?? SLOW_CONSUMER_MS;
    // False too when the file could not be read to its end.
    const ended = await this.streamPieces(frame, ms).catch(() => false);
    if (ended || socket.readyState !== OPEN || this.closed) return;
    // The message was begun and cannot be completed (the file was cut short in place): nothing after it could be
    // read as a message of its own.
    this.closed = true;
    socket.close(1011, 'result file changed while it was sent');
    setTimeout(() => socket.terminate(), CLOSE_TIMEOUT_MS).unref();
  }

  /**
   * The pieces of `frame` written in order (see stream). True when nothing more is to be done: the message was sent
   * whole, or the socket is closed or being closed; false when the pieces ended short of the message.
   */
  private async streamPieces(frame: StreamedFrame, ms: number): Promise<boolean> {
    const socket = this.socket;
    let written = 0;
    for await (const piece of frame.pieces(FRAGMENT_BYTES)) {
      if (socket.readyState !== OPEN || this.closed) return true;
      written += piece.length;
      this.count(piece.length);
      let stalled: NodeJS.Timeout | undefined;
      const taken = await new Promise<boolean>((resolve) => {
        stalled = setTimeout(() => resolve(false), ms);
        socket.send(piece, { binary: false, fin: written === frame.bytes }, () => resolve(true));
      }).finally(() => {
        clearTimeout(stalled);
        this.count(-piece.length);
      });
      if (!taken) {
        this.closeSlow(this.backlogBytes + frame.bytes - written, ms);
        return true;
      }
    }
    return written === frame.bytes;
  }

  private async write(frame: string | Buffer[]): Promise<void> {
    const socket = this.socket;
    const sent = (data: string | Buffer, fin: boolean) =>
      new Promise<void>((resolve) => socket.send(data, { binary: false, fin }, () => resolve()));
    if (socket.readyState !== OPEN) return;
    if (typeof frame === 'string') {
      await sent(frame, true);
      return;
    }
    // Each piece in fragments of at most FRAGMENT_BYTES; the last fragment of the last piece ends the message.
    for (let p = 0; p < frame.length && socket.readyState === OPEN; p += 1) {
      const part = frame[p]!;
      const last = p === frame.length - 1;
      for (let offset = 0; socket.readyState === OPEN; offset += FRAGMENT_BYTES) {
        const end = offset + FRAGMENT_BYTES >= part.length;
        await sent(part.subarray(offset, offset + FRAGMENT_BYTES), last && end);
        if (end) break;
      }
    }
  }
}
