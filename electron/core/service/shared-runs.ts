/**
 * One run for identical requests in flight at once (docs/exports.md#exports-run-off-the-event-loop): 200 browser
 * clients asking a freshly started server for the same CSV start one export thread, not 200, and each gets the
 * bytes when it ends. A caller that cancels stops waiting at once (ExportCancelledError); the run itself is
 * cancelled when every caller waiting for it has cancelled, so a caller alone still ends its thread at once.
 */
import { ExportCancelledError, type ExportRunOptions } from './export-pool';
import type { ExportProgress } from './export-task';

interface SharedRun {
  promise: Promise<Uint8Array>;
  controller: AbortController;
  waiting: number;
  listeners: Set<(progress: ExportProgress) => void>;
}

/** Runs in flight by key; `run` starts one or joins the one already running. */
export class SharedRuns {
  private readonly runs = new Map<string, SharedRun>();

  /** How many runs are in flight (tests). */
  get size(): number {
    return this.runs.size;
  }

  /**
   * The bytes of the run for `key`: the one in flight, or a new one made by `start` (given a signal that aborts when
   * every caller has cancelled, and a progress callback that reaches every caller). The first caller of a run gets
   * its bytes as they came; a caller that joined gets a copy (callers may transfer or change what they get).
   * @throws ExportCancelledError when `options.signal` aborts; the run's own error otherwise.
   */
  async run(
    key: string,
    options: ExportRunOptions,
    start: (options: ExportRunOptions) => Promise<Uint8Array>,
  ): Promise<Uint8Array> {
    if (options.signal?.aborted) throw new ExportCancelledError();
    const joined = this.runs.get(key);
    const shared = joined ?? this.begin(key, start);
    shared.waiting += 1;
    if (options.onProgress) shared.listeners.add(options.onProgress);
    try {
      const bytes = await untilAborted(shared.promise, options.signal, () => {
        shared.waiting -= 1;
        if (shared.waiting > 0) return;
        // Nobody waits for it: a caller from now on starts a run of its own.
        if (this.runs.get(key) === shared) this.runs.delete(key);
        shared.controller.abort();
      });
      return joined ? new Uint8Array(bytes) : bytes;
    } finally {
      if (options.onProgress) shared.listeners.delete(options.onProgress);
    }
  }

  private begin(key: string, start: (options: ExportRunOptions) => Promise<Uint8Array>): SharedRun {
    const controller = new AbortController();
    const listeners = new Set<(progress: ExportProgress) => void>();
    const onProgress = (progress: ExportProgress) => listeners.forEach((listener) => listener(progress));
    const shared: SharedRun = {
      promise: start({ signal: controller.signal, onProgress }).finally(() => {
        if (this.runs.get(key) === shared) this.runs.delete(key);
      }),
      controller,
      waiting: 0,
      listeners,
    };
    // A run every caller left is still settled here, so its rejection is never unhandled.
    shared.promise.catch(() => undefined);
    this.runs.set(key, shared);
    return shared;
  }
}

/** `promise`, or ExportCancelledError as soon as `signal` aborts (then `onAbort` runs once). */
function untilAborted<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
  onAbort: () => void,
): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const abort = () => {
      onAbort();
      reject(new ExportCancelledError());
    };
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}
