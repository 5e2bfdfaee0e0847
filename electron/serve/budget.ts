/**
 * What the browser shell's clients may cost together, in calls and in bytes (docs/architecture.md#browser-shell-bounds).
 *
 * - Calls: at most MAX_CALLS_PER_CONNECTION waiting or running per connection, MAX_CALLS_IN_FLIGHT running on the
 *   server; a call over either bound is answered BUSY at once.
 * - Reply bytes: a reply counts from the moment it is queued for a socket until the operating system took its last
 *   byte (socket-sender.ts). A connection whose replies waiting to be sent pass MAX_REPLY_BYTES_PER_CONNECTION, or a
 *   server whose replies together pass MAX_REPLY_BYTES_IN_FLIGHT, starts no new call: the calls wait and the
 *   connection is not read (TCP back-pressure on the client) until the bytes drain.
 * - Heavy calls (those that answer with a whole result file or an export) run at most one per connection and
 *   MAX_HEAVY_CALLS_IN_FLIGHT per server, since each can hold up to a result file's size (MAX_RESULT_FILE_BYTES)
 *   while it is built.
 *
 * - When the replies waiting for all connections reach MAX_REPLY_BYTES_IN_FLIGHT, the connection with the most
 *   bytes waiting among those over their own bound is closed at once as a slow consumer (`evictWorst`), so a few
 *   clients that stopped reading cannot hold the server's whole budget and stall everyone else's calls.
 *
 * So the bytes the server holds for replies stay under MAX_REPLY_BYTES_IN_FLIGHT plus MAX_HEAVY_CALLS_IN_FLIGHT
 * replies being built (REPLY_MEMORY_BOUND_BYTES), however many clients stop reading.
 */
import { MAX_RESULT_FILE_BYTES } from '../contract';

/** Calls one connection may have waiting or running. */
export const MAX_CALLS_PER_CONNECTION = 16;
/** Calls the whole server may have running. */
export const MAX_CALLS_IN_FLIGHT = 256;
/** Reply bytes waiting to be sent to one connection above which it starts no new call: 16 MiB. */
export const MAX_REPLY_BYTES_PER_CONNECTION = 16 * 1024 * 1024;
/** Reply bytes waiting to be sent to all connections above which no connection starts a new call: 256 MiB. */
export const MAX_REPLY_BYTES_IN_FLIGHT = 256 * 1024 * 1024;
/** Heavy calls (a whole result or an export) the server runs at once. */
export const MAX_HEAVY_CALLS_IN_FLIGHT = 4;
/** The methods whose reply can be as large as a result file. */
export const HEAVY_METHODS: ReadonlySet<unknown> = new Set(['getResult', 'exportResults']);
/**
 * What the server's reply bytes stay under: MAX_REPLY_BYTES_IN_FLIGHT, plus one reply each for the heavy calls
 * admitted just under it (each at most about a result file's size), plus one per connection's admitted light
 * replies, which are small. 512 MiB with the defaults.
 */
export const REPLY_MEMORY_BOUND_BYTES =
  MAX_REPLY_BYTES_IN_FLIGHT + MAX_HEAVY_CALLS_IN_FLIGHT * MAX_RESULT_FILE_BYTES;

/** The server-wide counts: calls running, heavy calls running, reply bytes waiting to be sent (and their peak). */
export class InFlight {
  count = 0;
  heavy = 0;
  replyBytes = 0;
  /** The most reply bytes that were waiting to be sent at once, since the server started. */
  replyBytesHighWater = 0;
  private readonly waiters = new Set<() => void>();
  /** Closes the connection holding the most reply bytes among those over their bound (set by the server). */
  evictWorst: () => void = () => undefined;

  constructor(
    readonly max = MAX_CALLS_IN_FLIGHT,
    readonly maxReplyBytes = MAX_REPLY_BYTES_IN_FLIGHT,
    readonly maxHeavy = MAX_HEAVY_CALLS_IN_FLIGHT,
  ) {}

  /** Counts `bytes` more (or fewer, when negative) reply bytes waiting; wakes the waiting connections as they drain. */
  addReplyBytes(bytes: number): void {
    this.replyBytes += bytes;
    this.replyBytesHighWater = Math.max(this.replyBytesHighWater, this.replyBytes);
    if (bytes < 0) this.wake();
    else if (this.replyBytes >= this.maxReplyBytes) this.evictWorst();
  }

  /** Whether the server has room for a new call of this kind (reply bytes under their bound, a heavy slot free). */
  roomFor(heavy: boolean): boolean {
    return this.replyBytes < this.maxReplyBytes && (!heavy || this.heavy < this.maxHeavy);
  }

  /** Calls `wake` each time room may have opened (bytes drained, a call ended) until the returned function is called. */
  onRoom(wake: () => void): () => void {
    this.waiters.add(wake);
    return () => this.waiters.delete(wake);
  }

  /** Tells every waiting connection that room may have opened. */
  wake(): void {
    for (const wake of [...this.waiters]) wake();
  }
}
