/**
 * What the browser shell's clients may cost together, in calls and in bytes (docs/architecture.md#browser-shell-bounds).
 *
 * - Calls: at most MAX_CALLS_PER_CONNECTION waiting or running per connection, MAX_CALLS_IN_FLIGHT running on the
 *   server; a call over either bound is answered BUSY at once.
 * - Reply bytes: a reply counts from the moment it is queued for a socket until the operating system took its last
 *   byte (socket-sender.ts). A connection whose replies waiting to be sent pass MAX_REPLY_BYTES_PER_CONNECTION, or a
 *   server whose replies together pass MAX_REPLY_BYTES_IN_FLIGHT, starts no new call: the calls wait and the
 *   connection is not read (TCP back-pressure on the client) until the bytes drain.
 * - Heavy calls (those that answer with a whole result file or an export) run one per connection, and each
 *   reserves the bytes its reply is expected to take while it is built: the size its last reply had (the same
 *   method and arguments), else MAX_RESULT_FILE_BYTES. The reservations together stay under MAX_BUILDING_BYTES
 *   (one call may always run), so many clients asking at once for a result nobody opened yet hold at most that,
 *   while small results are served many at a time.
 * - When the replies waiting for all connections reach MAX_REPLY_BYTES_IN_FLIGHT, the connection with the most
 *   bytes waiting among those over their own bound is closed at once as a slow consumer (`evictWorst`), so a few
 *   clients that stopped reading cannot hold the server's whole budget and stall everyone else's calls.
 *
 * So the bytes the server holds for replies stay under MAX_REPLY_BYTES_IN_FLIGHT plus MAX_BUILDING_BYTES
 * (REPLY_MEMORY_BOUND_BYTES), however many clients stop reading — give or take what a reservation underestimated
 * (a file that grew since its last reply, by at most the file limit) and the light calls' small replies.
 */
import { MAX_RESULT_FILE_BYTES } from '../contract';
import { MemoryBudget } from '../core/service/memory-budget';

/** A request's headers must arrive within this (Node's headersTimeout): a slowloris client is cut after it, ms. */
export const HEADERS_TIMEOUT_MS = 10_000;
/** A whole request, body included (an upload of the 64 MiB file limit at 1 MB/s fits), must arrive within this, ms. */
export const REQUEST_TIMEOUT_MS = 120_000;
/** How often Node checks the two timeouts above, ms (its default of 30 s would let a slow client stay 40 s). */
export const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/**
 * WebSockets the API takes at once: 256 (a page holds one; the soak bench runs 205). Each may hold one incoming
 * frame of up to MAX_WIRE_FRAME_BYTES while it is received, so frames being received hold at most 1 GiB together.
 */
export const MAX_API_SOCKETS = 256;
/** The seconds a client refused as BUSY (503: an upgrade past MAX_API_SOCKETS, an upload that does not fit) waits. */
export const BUSY_RETRY_AFTER_S = 2;
/** Calls one connection may have waiting or running. */
export const MAX_CALLS_PER_CONNECTION = 16;
/** Calls the whole server may have running. */
export const MAX_CALLS_IN_FLIGHT = 256;
/** Reply bytes waiting to be sent to one connection above which it starts no new call: 16 MiB. */
export const MAX_REPLY_BYTES_PER_CONNECTION = 16 * 1024 * 1024;
/** Reply bytes waiting to be sent to all connections above which no connection starts a new call: 256 MiB. */
export const MAX_REPLY_BYTES_IN_FLIGHT = 256 * 1024 * 1024;
/** Bytes the heavy calls being built may reserve together: 256 MiB (four replies of the largest result file). */
export const MAX_BUILDING_BYTES = 4 * MAX_RESULT_FILE_BYTES;
/** The methods whose reply can be as large as a result file. */
export const HEAVY_METHODS: ReadonlySet<unknown> = new Set(['getResult', 'exportResults']);
/** What the server's reply bytes stay under: replies waiting to be sent plus replies being built. 512 MiB. */
export const REPLY_MEMORY_BOUND_BYTES = MAX_REPLY_BYTES_IN_FLIGHT + MAX_BUILDING_BYTES;
/** Heavy calls whose reply size is remembered (the newest). */
const REMEMBERED_SIZES = 1024;
/** Longest call key (method and arguments as JSON) whose reply size is remembered, in characters. */
const MAX_KEY_CHARS = 1024;

/** The server-wide counts: calls running, bytes reserved by heavy calls, reply bytes waiting (and their peak). */
export class InFlight {
  count = 0;
  replyBytes = 0;
  /**
   * What replies being built and export threads reserve together (MAX_BUILDING_BYTES): heavy calls take their
   * reply's expected size here, export threads (export-pool.ts) their expected memory, and import bodies their
   * declared length (import-route.ts). Giving bytes back wakes the waiting connections.
   */
  readonly building: MemoryBudget;
  /** The most reply bytes that were waiting to be sent at once, since the server started. */
  replyBytesHighWater = 0;
  private queue: Array<() => void> = [];
  private readonly sizes = new Map<string, number>();
  /** Closes the connection holding the most reply bytes among those over their bound (set by the server). */
  evictWorst: () => void = () => undefined;

  constructor(
    readonly max = MAX_CALLS_IN_FLIGHT,
    readonly maxReplyBytes = MAX_REPLY_BYTES_IN_FLIGHT,
    readonly maxBuildingBytes = MAX_BUILDING_BYTES,
    /** Whether exports reserve their threads' memory in `building` (the server's service can: exportResultsWire). */
    readonly exportsReserveOwn = false,
  ) {
    this.building = new MemoryBudget(maxBuildingBytes, REPLY_MEMORY_BOUND_BYTES, () => this.wake());
  }

  /** Bytes reserved in `building` now. */
  get buildingBytes(): number {
    return this.building.held;
  }

  /** Counts `bytes` more (or fewer, when negative) reply bytes waiting; wakes the waiting connections as they drain. */
  addReplyBytes(bytes: number): void {
    this.replyBytes += bytes;
    this.replyBytesHighWater = Math.max(this.replyBytesHighWater, this.replyBytes);
    if (bytes < 0) this.wake();
    else if (this.replyBytes >= this.maxReplyBytes) this.evictWorst();
  }

  /** Whether the server has room for a call that reserves `reserve` bytes (0 for a light call). */
  roomFor(reserve: number): boolean {
    if (this.replyBytes >= this.maxReplyBytes) return false;
    return this.building.fits(reserve);
  }

  /**
   * The bytes a heavy call of `method` with `args` reserves: its last reply's size, else MAX_RESULT_FILE_BYTES;
   * none for an export when `exportsReserveOwn` (its thread reserves its memory in `building` itself, and a call
   * holding a reservation while it waits for another could wait forever).
   */
  reserveFor(method: unknown, args: unknown): number {
    if (method === 'exportResults' && this.exportsReserveOwn) return 0;
    return this.sizes.get(callKey(method, args)) ?? MAX_RESULT_FILE_BYTES;
  }

  /** Remembers the size of a heavy call's reply, for the next reservation of the same call. */
  learn(method: unknown, args: unknown, bytes: number): void {
    const key = callKey(method, args);
    if (key.length > MAX_KEY_CHARS) return;
    this.sizes.delete(key);
    this.sizes.set(key, bytes);
    if (this.sizes.size > REMEMBERED_SIZES) this.sizes.delete(this.sizes.keys().next().value!);
  }

  /**
   * Queues `wake` to be called once, the next time room may have open (bytes drained, a call ended). Connections
   * are woken in the order they queued, and one that queues again goes to the back: a free heavy slot goes to the
   * connection that waited longest, so no connection starves behind busier ones.
   */
  waitForRoom(wake: () => void): void {
    if (!this.queue.includes(wake)) this.queue.push(wake);
  }

  /** Forgets a `waitForRoom` (the connection closed). */
  cancelWait(wake: () => void): void {
    this.queue = this.queue.filter((w) => w !== wake);
  }

  /** Wakes every queued connection, in the order they queued. */
  wake(): void {
    const queue = this.queue;
    this.queue = [];
    for (const wake of queue) wake();
  }
}

function callKey(method: unknown, args: unknown): string {
  return `${String(method)}\0${JSON.stringify(args) ?? ''}`;
}
