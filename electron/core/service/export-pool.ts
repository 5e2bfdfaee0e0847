/**
 * Text exports off the host's event loop (docs/exports.md#exports-run-off-the-event-loop): each export runs in a
 * worker thread of its own (export-worker.ts) that reports progress and hands the export's bytes back transferred;
 * cancelling terminates that thread at once, and nothing is written (the thread never writes; its caller writes
 * only what comes back). Where no worker can be started (a bundle without `export-worker.js`), the job runs in
 * this thread, with the same bytes and errors.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

import type { HostText } from '../../contract';
import { ResultFileError, type ResultFileErrorCode } from '../results/errors';
import { exportMemoryBytes } from './export-memory';
import { ReservationAbortedError, type MemoryBudget } from './memory-budget';
import { runExportJob, type ExportInput, type ExportJob, type ExportProgress } from './export-task';

/** What the worker thread sends: progress, then the bytes or the error. */
export type ExportReply =
  | { progress: ExportProgress }
  | { bytes: Uint8Array }
  | { error: { name: string; message: string; code: string | null; text?: unknown } };

/** An export stopped by its caller (AbortSignal); nothing was written. */
export class ExportCancelledError extends Error {
  override readonly name = 'ExportCancelledError';
  /** The contract's code for it (failure.ts toFailure keeps a contract code). */
  readonly code = 'CANCELLED';
  constructor() {
    super('The export was cancelled; nothing was written.');
  }
}

export interface ExportRunOptions {
  /** Aborting it terminates the thread; the promise rejects with ExportCancelledError. */
  signal?: AbortSignal;
  onProgress?: (progress: ExportProgress) => void;
  /** Called with the thread once it is started (tests watch it end). */
  onWorker?: (worker: Worker) => void;
  /**
   * The budget the thread's memory (exportMemoryBytes) is reserved from before it starts, and given back when it
   * ends: the browser shell's (docs/architecture.md#browser-shell-bounds). Without it nothing is reserved.
   */
  memory?: MemoryBudget;
}

/**
 * The worker script: `export-worker.js` beside the bundle at `moduleUrl` (unpacked from app.asar, as
 * parse-pool.ts parseWorkerScript explains), or in the sources `export-worker.ts` through tsx. Null when neither.
 */
export function exportWorkerSource(
  moduleUrl: string,
  exists: (file: string) => boolean = existsSync,
): { eval: boolean; source: string } | null {
  if (moduleUrl.endsWith('.ts')) {
    const file = new URL('./export-worker.ts', moduleUrl).href;
    const boot = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(file)}, ${JSON.stringify(moduleUrl)}))`;
    return { eval: true, source: boot };
  }
  const script = fileURLToPath(new URL('./export-worker.js', moduleUrl));
  const outside = script.replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
  if (outside !== script && exists(outside)) return { eval: false, source: outside };
  return exists(script) ? { eval: false, source: script } : null;
}

/**
 * The bytes of `job`'s export, made in a worker thread of its own (see the module comment). The inputs' bytes are
 * transferred to the thread when each fills its own buffer (they are empty here afterwards), else copied. With
 * `options.memory` the thread starts once its memory is reserved (waiting, in turn, for room), and gives it back
 * when it ends. @throws MemoryBoundError (BUSY) when it needs more than the budget allows one export;
 *   ExportCancelledError when `options.signal` aborts, while waiting too; ResultFileError naming a bad input; Error with the
 *   cause when the export fails or its thread stops.
 */
export async function exportOffThread(job: ExportJob, options: ExportRunOptions = {}): Promise<Uint8Array> {
  if (options.signal?.aborted) throw new ExportCancelledError();
  const release = options.memory
    ? await options.memory.reserve(exportMemoryBytes(job), options.signal).catch((error: unknown) => {
        throw error instanceof ReservationAbortedError ? new ExportCancelledError() : error;
      })
    : () => undefined;
  try {
    return await exportInThread(job, options);
  } finally {
    release();
  }
}

/** The export made in a worker thread of its own (or this thread where none can start), nothing reserved. */
function exportInThread(job: ExportJob, options: ExportRunOptions): Promise<Uint8Array> {
  if (options.signal?.aborted) return Promise.reject(new ExportCancelledError());
  const where = exportWorkerSource(import.meta.url);
  if (!where) return inThisThread(job, options);
  const worker = new Worker(where.source, { eval: where.eval });
  options.onWorker?.(worker);
  return new Promise<Uint8Array>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      options.signal?.removeEventListener('abort', cancel);
      outcome();
      void worker.terminate();
    };
    const cancel = () => finish(() => reject(new ExportCancelledError()));
    options.signal?.addEventListener('abort', cancel, { once: true });
    worker.on('message', (reply: ExportReply) => {
      if ('progress' in reply) options.onProgress?.(reply.progress);
      else if ('bytes' in reply) finish(() => resolve(reply.bytes));
      else finish(() => reject(rebuiltError(reply.error)));
    });
    worker.on('error', (error) => finish(() => reject(threadError(error))));
    worker.on('exit', (code) =>
      finish(() => reject(new Error(`The export thread stopped (exit code ${code}) before it finished.`))),
    );
    const { transfer, inputs } = handOver(job.inputs);
    worker.postMessage({ ...job, inputs } satisfies ExportJob, transfer);
  });
}

/**
 * The inputs as sent: bytes that fill their own buffer go as they are (transferred), others as a copy; a stored
 * file goes as its path (the thread reads it).
 */
function handOver(inputs: ExportJob['inputs']): { inputs: ExportJob['inputs']; transfer: ArrayBuffer[] } {
  const transfer: ArrayBuffer[] = [];
  const sent = inputs.map((input): ExportInput => {
    if (input.file) return input;
    const { bytes, ...rest } = input;
    const own =
      bytes.buffer instanceof ArrayBuffer &&
      bytes.byteOffset === 0 &&
      bytes.byteLength === bytes.buffer.byteLength;
    const copy = own ? bytes : new Uint8Array(bytes);
    if (!transfer.includes(copy.buffer as ArrayBuffer)) transfer.push(copy.buffer as ArrayBuffer);
    return { ...rest, bytes: copy };
  });
  return { inputs: sent, transfer };
}

function rebuiltError(error: { name: string; message: string; code: string | null; text?: unknown }): Error {
  if (error.name === 'ResultFileError' && error.code) {
    const text = error.text as HostText | undefined;
    return new ResultFileError(error.code as ResultFileErrorCode, error.message, text ? { text } : {});
  }
  return Object.assign(new Error(error.message), error.code ? { code: error.code } : {});
}

function threadError(error: Error): Error {
  return new Error(`The export thread failed: ${error.message}`, { cause: error });
}

async function inThisThread(job: ExportJob, options: ExportRunOptions): Promise<Uint8Array> {
  const bytes = await runExportJob(job, options.onProgress);
  if (options.signal?.aborted) throw new ExportCancelledError();
  return bytes;
}
