/**
 * Parsing and validating result files off the event loop: a 10,000-point file takes about a second
 * of JSON.parse and zod, which on the host's thread would freeze every client of the browser shell. One worker
 * thread (`parse-worker.ts`, started on first use and kept, unref'd) does the work; results come back in slices
 * (parse-protocol.ts). Where no worker can be started (a bundle built without `parse-worker.js`), the same functions
 * run in this thread, with the same results and errors.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

import { ResultFileError, type ResultFileErrorCode } from './errors';
import type { ParseReply, ParseRequest } from './parse-protocol';
import { runParseTask } from './parse-task';
import { ResultFileSchema, type Point, type ResultFile } from '../../model/results/schema';

type Outcome = {
  result: ResultFile;
  stored: Uint8Array | null;
  value?: unknown;
  pointCount?: number;
  currentVersion?: boolean;
};

interface Pending {
  head: Omit<ResultFile, 'points'> | null;
  points: Point[];
  resolve: (value: Outcome) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

/**
 * The worker script next to this module: `parse-worker.js` in a bundle (scripts/bundle.mjs emits it beside
 * cli.js and main.js); in the sources (tests, tsx), `parse-worker.ts` loaded through tsx. Null when neither runs.
 */
function startWorker(): Worker | null {
  const here = import.meta.url;
  try {
    if (here.endsWith('.ts')) {
      const file = new URL('./parse-worker.ts', here).href;
      const boot = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(file)}, ${JSON.stringify(here)}))`;
      return new Worker(boot, { eval: true });
    }
    const script = parseWorkerScript(here);
    return script ? new Worker(script) : null;
  } catch {
    return null;
  }
}

/**
 * The path of `parse-worker.js` beside the bundle at `moduleUrl`, or null when there is none. In a packaged desktop
 * app the bundle is inside app.asar, where a worker thread cannot load its script (Electron's asar support does not
 * reach the worker's ES-module loader); electron-builder unpacks the script (build/electron-builder.yml asarUnpack),
 * and the unpacked copy in `app.asar.unpacked` is used. `exists` is fs.existsSync (a test passes its own).
 */
export function parseWorkerScript(
  moduleUrl: string,
  exists: (file: string) => boolean = existsSync,
): string | null {
  const script = fileURLToPath(new URL('./parse-worker.js', moduleUrl));
  const outside = script.replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
  if (outside !== script && exists(outside)) return outside;
  return exists(script) ? script : null;
}

function theWorker(): Worker | null {
  if (worker !== undefined) return worker;
  worker = startWorker();
  if (worker) {
    worker.on('message', onReply);
    worker.on('error', (error) => {
      // A worker that cannot run (e.g. its script cannot be loaded): this thread does the work from now on.
      worker = null;
      failAll(error);
    });
    worker.on('exit', () => {
      failAll(new Error('the result-parsing thread stopped'));
      worker = undefined;
    });
    // Idle, the thread keeps no process alive (a finished CLI command exits); a request refs it until settle().
    worker.unref();
  }
  return worker;
}

/** Forgets request `id`; with nothing left pending the thread stops keeping the process alive. */
function settle(id: number): void {
  pending.delete(id);
  if (pending.size === 0) worker?.unref();
}

function failAll(error: Error): void {
  for (const p of pending.values()) p.reject(error);
  pending.clear();
}

function onReply(reply: ParseReply): void {
  const p = pending.get(reply.id);
  if (!p) return;
  if ('head' in reply) p.head = reply.head;
  else if ('points' in reply) {
    for (const point of reply.points) p.points.push(point);
    // The next slice comes once this turn of the event loop is over.
    setImmediate(() => worker?.postMessage({ ack: reply.id }));
  } else if ('error' in reply) {
    settle(reply.id);
    const { name, code, message, text } = reply.error;
    p.reject(
      name === 'ResultFileError'
        ? new ResultFileError(code as ResultFileErrorCode, message, text ? { text } : {})
        : new Error(message),
    );
  } else {
    settle(reply.id);
    p.resolve({
      result: p.head ? assemble(p.head, p.points) : (null as unknown as ResultFile),
      stored: reply.stored ?? null,
      value: reply.value,
      ...(reply.pointCount !== undefined ? { pointCount: reply.pointCount } : {}),
      ...(reply.currentVersion !== undefined ? { currentVersion: reply.currentVersion } : {}),
    });
  }
}

/** The result from its fields and points, in the schema's field order (so it serializes as the file did). */
function assemble(head: Omit<ResultFile, 'points'>, points: Point[]): ResultFile {
  const fields = head as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(ResultFileSchema.shape).map((key) => [key, key === 'points' ? points : fields[key]]),
  ) as unknown as ResultFile; // every key of the schema, each from the file's own fields
}

async function run(req: Omit<ParseRequest, 'id'>, owned = false): Promise<Outcome> {
  const length = typeof req.bytes === 'string' ? 0 : req.bytes.byteLength;
  try {
    return await runIn(theWorker(), req, owned);
  } catch (error) {
    if (error instanceof ResultFileError) throw error;
    // Bytes transferred to a worker that then failed are gone here (detached): the caller must read them again.
    if (typeof req.bytes !== 'string' && req.bytes.byteLength !== length) throw error;
    return runIn(null, req); // the worker failed, not the file: the same work here
  }
}

function runIn(w: Worker | null, req: Omit<ParseRequest, 'id'>, owned = false): Promise<Outcome> {
  if (!w) {
    // No worker thread: the same work here.
    return new Promise((resolve) => {
      if (req.task === 'wire') {
        const value: unknown = JSON.parse(Buffer.from(req.bytes as Uint8Array).toString());
        resolve({ result: null as unknown as ResultFile, stored: null, value });
        return;
      }
      const { result, stored, currentVersion } = runParseTask(req);
      resolve({ result, stored, pointCount: result.points.length, currentVersion });
    });
  }
  const id = nextId++;
  // Text is cloned (a copy of its characters). Bytes the caller hands over (`owned`) are transferred as they are
  // when they fill their own ArrayBuffer (never a slice of Node's shared pool); other bytes are copied once and the
  // copy is transferred (a 60 MB copy holds this thread for tens of ms).
  const whole = (b: Uint8Array) =>
    b.buffer instanceof ArrayBuffer && b.byteOffset === 0 && b.byteLength === b.buffer.byteLength;
  const bytes =
    typeof req.bytes === 'string'
      ? req.bytes
      : owned && whole(req.bytes)
        ? req.bytes
        : new Uint8Array(req.bytes);
  return new Promise((resolve, reject) => {
    pending.set(id, { head: null, points: [], resolve, reject });
    w.ref();
    w.postMessage(
      { ...req, id, bytes } satisfies ParseRequest,
      typeof bytes === 'string' ? [] : [bytes.buffer as ArrayBuffer],
    );
  });
}

/** How bytes go to the worker thread. */
export interface HandOver {
  /**
   * The caller gives the bytes away (bytes it read for this call alone): they are transferred, not copied, and
   * are empty (detached) afterwards. Default false: they are copied and stay the caller's.
   */
  handOver?: boolean;
}

/**
 * parseResultFile(content, name), in the worker thread. @throws ResultFileError as parseResultFile.
 */
export async function parseResultOffThread(
  content: string | Uint8Array,
  name: string,
  options: HandOver = {},
): Promise<ResultFile> {
  return (await run({ task: 'parse', bytes: content, name }, options.handOver)).result;
}

/**
 * Parses `content` (base64 text when `options.base64`, decoded there too) and makes the text it would be stored as
 * (storedText: pretty, or compact for a large result or when pretty is over the limit), in the worker thread. Brings
 * back what an import needs and no points (rebuilding a 10,000-point result here would stall the host): the result's
 * fields without the points (with `options.newId` as its id when given), how many points it has, and the stored
 * text's UTF-8 bytes.
 * @throws ResultFileError as parseResultFile, and TOO_LARGE (naming `storeName`) when even compact JSON is over
 *   the limit.
 */
export async function prepareResultOffThread(
  content: string | Uint8Array,
  name: string,
  storeName: string,
  options: { newId?: string; base64?: boolean } & HandOver = {},
): Promise<{ head: Omit<ResultFile, 'points'>; pointCount: number; stored: Uint8Array }> {
  const { result, stored, pointCount } = await run(
    {
      task: 'prepare',
      bytes: content,
      name,
      storeName,
      ...(options.newId ? { newId: options.newId } : {}),
      ...(options.base64 ? { base64: true } : {}),
    },
    options.handOver,
  );
  const { points: _none, ...head } = result;
  return { head, pointCount: pointCount ?? result.points.length, stored: stored! };
}

/**
 * Starts the worker thread now (it is otherwise started by the first parse) and resolves once it has parsed a
 * small document, so the first real import or open does not wait for it. Never rejects.
 */
export async function warmUpParsePool(): Promise<void> {
  await parseResultOffThread('{}', 'warm-up').catch(() => undefined);
}

/**
 * JSON.parse of a large WebSocket frame's bytes, in the worker thread; the bytes are handed over (transferred,
 * empty afterwards) when they fill their own buffer. @throws SyntaxError when it is not JSON.
 */
export async function parseJsonOffThread(bytes: Uint8Array): Promise<unknown> {
  const outcome = await runIn(theWorker(), { task: 'wire', bytes, name: 'frame' }, true).catch(
    (error: unknown) => {
      throw new SyntaxError(error instanceof Error ? error.message : String(error));
    },
  );
  return outcome.value;
}

/**
 * Validates `content` in the worker thread like parseResultOffThread, but brings back only the fields without the
 * points, how many points there are (what a listing needs), and whether the content is already of this version, so
 * that its text is the result's JSON as it is (io.ts parseForStore). @throws ResultFileError as parseResultFile.
 */
export async function summarizeResultOffThread(
  content: Uint8Array,
  name: string,
  options: HandOver = {},
): Promise<{ head: Omit<ResultFile, 'points'>; pointCount: number; currentVersion: boolean }> {
  const w = theWorker();
  if (!w) {
    const { result, currentVersion } = runParseTask({ task: 'summary', bytes: content, name });
    const { points, ...head } = result;
    return { head, pointCount: points.length, currentVersion };
  }
  const outcome = await run({ task: 'summary', bytes: content, name }, options.handOver);
  const { points: _none, ...head } = outcome.result;
  return {
    head,
    pointCount: outcome.pointCount ?? outcome.result.points.length,
    currentVersion: outcome.currentVersion === true,
  };
}
