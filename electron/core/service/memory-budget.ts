/**
 * Bytes of memory that work in progress may hold together (docs/architecture.md#browser-shell-bounds): the browser
 * shell's replies being built and its export threads reserve from one MemoryBudget. A reservation is granted when
 * it fits beside what is held (or nothing is held: one piece of work may always run alone), in the order asked
 * (FIFO: a large one is not passed by smaller ones behind it forever); one that waits is dropped when its signal
 * aborts (the client closed). One larger than `refuseOverBytes` is refused at once (MemoryBoundError, BUSY).
 */

/** A reservation larger than the budget allows even alone; nothing was started. Code BUSY (contract). */
export class MemoryBoundError extends Error {
  override readonly name = 'MemoryBoundError';
  readonly code = 'BUSY';
  constructor(
    readonly bytes: number,
    readonly refuseOverBytes: number,
  ) {
    super(
      `This needs about ${mib(bytes)} MiB of memory, more than the server lets one piece of work hold ` +
        `(${mib(refuseOverBytes)} MiB); export fewer results at once.`,
    );
  }
}

/** A wait given up because its signal aborted (the caller's own error is thrown instead, where it has one). */
export class ReservationAbortedError extends Error {
  override readonly name = 'ReservationAbortedError';
  readonly code = 'CANCELLED';
  constructor() {
    super('The wait for memory was cancelled; nothing was started.');
  }
}

function mib(bytes: number): number {
  return Math.ceil(bytes / (1024 * 1024));
}

interface Waiter {
  bytes: number;
  grant: () => void;
}

export class MemoryBudget {
  /** Bytes reserved now. */
  held = 0;
  /** The most bytes reserved at once since it was made. */
  highWater = 0;
  private waiters: Waiter[] = [];

  /**
   * @param limitBytes what reservations hold together (a single one over it runs only alone).
   * @param refuseOverBytes a single reservation over this is refused (default: twice `limitBytes`).
   * @param onFreed called after bytes are given back (the browser shell wakes its waiting connections).
   */
  constructor(
    readonly limitBytes: number,
    readonly refuseOverBytes = 2 * limitBytes,
    private readonly onFreed: () => void = () => undefined,
  ) {}

  /** Whether `bytes` fit beside what is held now (always when nothing is held). */
  fits(bytes: number): boolean {
    return bytes === 0 || this.held === 0 || this.held + bytes <= this.limitBytes;
  }

  /** Counts `bytes` as held, unconditionally (the caller checked `fits`). Give them back with `give`. */
  take(bytes: number): void {
    this.held += bytes;
    this.highWater = Math.max(this.highWater, this.held);
  }

  /** Gives back `bytes` taken or reserved; grants the waiters that now fit, in order, then calls onFreed. */
  give(bytes: number): void {
    this.held -= bytes;
    this.grantWaiting();
    this.onFreed();
  }

  /** Reservations waiting for room. */
  get waiting(): number {
    return this.waiters.length;
  }

  /**
   * Waits until `bytes` fit (after every reservation asked before it) and takes them; resolves with the function
   * that gives them back (call it once, whatever the outcome of the work).
   * @throws MemoryBoundError at once when `bytes` > refuseOverBytes; `signal`'s reason (or ReservationAbortedError)
   *   when it aborts while waiting; nothing is held then.
   */
  reserve(bytes: number, signal?: AbortSignal): Promise<() => void> {
    if (bytes > this.refuseOverBytes)
      return Promise.reject(new MemoryBoundError(bytes, this.refuseOverBytes));
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        bytes,
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(this.releaser(bytes));
        },
      };
      const onAbort = () => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(abortReason(signal!));
        // The head of the queue may have been what blocked the ones behind it.
        this.grantWaiting();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
      this.grantWaiting();
    });
  }

  private releaser(bytes: number): () => void {
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.give(bytes);
    };
  }

  private grantWaiting(): void {
    while (this.waiters.length > 0 && this.fits(this.waiters[0]!.bytes)) {
      const waiter = this.waiters.shift()!;
      this.take(waiter.bytes);
      waiter.grant();
    }
  }
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error && signal.reason.name !== 'AbortError'
    ? signal.reason
    : new ReservationAbortedError();
}
