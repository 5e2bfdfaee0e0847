/**
 * Parsing and validating result files off the event loop (issue 11 §6): a 10,000-point file takes about a second
 * of JSON.parse and zod, which on the host's thread would freeze every client of the browser shell. One worker
 * thread (`parse-worker.ts`, started on first use and kept, unref'd) does the work; results come back in slices
 * (parse-protocol.ts). Where no worker can be started (a bundle built without `parse-worker.js`), the same functions
 * run in this thread, with the same results and errors.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

import { decodeBase64 } from './base64';
import { ResultFileError, type ResultFileErrorCode } from './errors';
import { parseResultFile, storedText } from './io';
import type { ParseReply, ParseRequest } from './parse-protocol';
import { ResultFileSchema, type Point, type ResultFile } from './schema';

type Outcome = {
  result: ResultFile;
  stored: Uint8Array | null;
  value?: unknown;
  pointCount?: number;
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
    const { name, code, message } = reply.error;
    p.reject(
      name === 'ResultFileError'
        ? new ResultFileError(code as ResultFileErrorCode, message)
        : new Error(message),
    );
  } else {
    settle(reply.id);
    p.resolve({
      result: p.head ? assemble(p.head, p.points) : (null as unknown as ResultFile),
      stored: reply.stored ?? null,
      value: reply.value,
      ...(reply.pointCount !== undefined ? { pointCount: reply.pointCount } : {}),
    });
  }
}

/** The result from its fields and points, in the schema's field order (so it serializes as the file did). */
function assemble(head: Omit<ResultFile, 'points'>, points: Point[]): ResultFile {
  const fields = head as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(ResultFileSchema.shape).map((key) => [key, key === 'points' ? points : fields[key]]),
  ) as ResultFile;
}

async function run(req: Omit<ParseRequest, 'id'>): Promise<Outcome> {
  try {
    return await runIn(theWorker(), req);
  } catch (error) {
    if (error instanceof ResultFileError) throw error;
    return runIn(null, req); // the worker failed, not the file: the same work here
  }
}

function runIn(w: Worker | null, req: Omit<ParseRequest, 'id'>): Promise<Outcome> {
  if (!w) {
    // No worker thread: the same work here.
    return new Promise((resolve) => {
      if (req.task === 'wire') {
        const value: unknown = JSON.parse(Buffer.from(req.bytes as Uint8Array).toString());
        resolve({ result: null as unknown as ResultFile, stored: null, value });
        return;
      }
      const content =
        req.base64 && typeof req.bytes === 'string' ? decodeBase64(req.bytes, req.name) : req.bytes;
      const parsed = parseResultFile(content, req.name);
      const result = req.newId ? { ...parsed, id: req.newId } : parsed;
      const stored =
        req.task === 'prepare'
          ? new TextEncoder().encode(storedText(result, req.storeName ?? req.name))
          : null;
      resolve({ result, stored });
    });
  }
  const id = nextId++;
  // Text is cloned (a copy of its characters); bytes are copied once and the copy is transferred.
  const bytes = typeof req.bytes === 'string' ? req.bytes : new Uint8Array(req.bytes);
  return new Promise((resolve, reject) => {
    pending.set(id, { head: null, points: [], resolve, reject });
    w.ref();
    w.postMessage(
      { ...req, id, bytes } satisfies ParseRequest,
      typeof bytes === 'string' ? [] : [bytes.buffer],
    );
  });
}

/**
 * parseResultFile(content, name), in the worker thread. @throws ResultFileError as parseResultFile.
 */
export async function parseResultOffThread(content: string | Uint8Array, name: string): Promise<ResultFile> {
  return (await run({ task: 'parse', bytes: content, name })).result;
}

/**
 * Parses `content` (base64 text when `options.base64`, decoded there too) and makes the text it would be stored as (storedText: pretty, or compact when pretty is over
 * the limit), in the worker thread: the result (with `options.newId` as its id when given), and the stored text's UTF-8
 * bytes.
 * @throws ResultFileError as parseResultFile, and TOO_LARGE (naming `storeName`) when even compact JSON is over
 *   the limit.
 */
export async function prepareResultOffThread(
  content: string | Uint8Array,
  name: string,
  storeName: string,
  options: { newId?: string; base64?: boolean } = {},
): Promise<{ result: ResultFile; stored: Uint8Array }> {
  const { result, stored } = await run({
    task: 'prepare',
    bytes: content,
    name,
    storeName,
    ...(options.newId ? { newId: options.newId } : {}),
    ...(options.base64 ? { base64: true } : {}),
  });
  return { result, stored: stored! };
}

/**
 * Starts the worker thread now (it is otherwise started by the first parse) and resolves once it has parsed a
 * small document, so the first real import or open does not wait for it. Never rejects.
 */
export async function warmUpParsePool(): Promise<void> {
  await parseResultOffThread('{}', 'warm-up').catch(() => undefined);
}

/** JSON.parse of a large WebSocket frame's bytes, in the worker thread. @throws SyntaxError when it is not JSON. */
export async function parseJsonOffThread(bytes: Uint8Array): Promise<unknown> {
  const outcome = await runIn(theWorker(), { task: 'wire', bytes, name: 'frame' }).catch((error: unknown) => {
    throw new SyntaxError(error instanceof Error ? error.message : String(error));
  });
  return outcome.value;
}

/**
 * Validates `content` in the worker thread like parseResultOffThread, but brings back only the fields without the
 * points and how many points there are (what a listing needs). @throws ResultFileError as parseResultFile.
 */
export async function summarizeResultOffThread(
  content: Uint8Array,
  name: string,
): Promise<{ head: Omit<ResultFile, 'points'>; pointCount: number }> {
  const w = theWorker();
  if (!w) {
    const { points, ...head } = parseResultFile(content, name);
    return { head, pointCount: points.length };
  }
  const outcome = await run({ task: 'summary', bytes: content, name });
  const { points: _none, ...head } = outcome.result;
  return { head, pointCount: outcome.pointCount ?? outcome.result.points.length };
}
