/**
 * Host-side benchmark: a large synthetic result is imported through the browser shell
 * as the page does it (its bytes in one `POST /api/import`), then opened (getResult) and replayed (speed 0, as fast as possible) by a
 * freshly started server over the same folder, so opening parses the file cold. The WebSocket client runs in a
 * worker thread, so only the host's work is on this event loop, which `perf_hooks.monitorEventLoopDelay` watches
 * during each phase. Targets: no stall over 50 ms in any phase; the import under 2 s.
 *
 *   npx tsx bench/event-loop.ts [--points 10000] [--reps 20] [--speed 0] [--clients 1]
 *
 * The result is synthetic (`syntheticSweep`), made to the result schema with `reps` raw samples per figure.
 * Exits 1 when a target is missed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';

import { createAddonBackend } from '../electron/core/native/addon-backend';
import { warmUpParsePool } from '../electron/core/results/parse-pool';
import { createWorkbenchService } from '../electron/core/service/create-service';
import { startServer, type RunningServer } from '../electron/serve/server';
import { syntheticSweep } from '../test/fixtures/synthetic-sweep';

const TARGET_STALL_MS = 50;
const TARGET_IMPORT_MS = 2000;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A WebSocket client in a worker thread: relays calls, reports replies, counts run events until the end. */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const WebSocket = require('ws');
const ws = new WebSocket(workerData.url, { maxPayload: 512 * 1024 * 1024 });
let points = 0, batches = 0;
ws.on('open', () => parentPort.postMessage({ open: true }));
let staged = null;
parentPort.on('message', async (m) => {
  if (m.stage) {
    staged = m.stage;
    parentPort.postMessage({ staged: true });
  } else if (m.upload) {
    // As the page imports a file (renderer/api/import-upload.ts): its bytes in one POST.
    const response = await fetch(workerData.importUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(staged.fileName) },
      body: staged.bytes,
    });
    const text = await response.text();
    const r = JSON.parse(text);
    parentPort.postMessage({ reply: { ok: r.ok, id: r.ok ? r.value.id : null, points: null, message: r.message ?? null, bytes: text.length } });
  } else ws.send(JSON.stringify(m));
});
ws.on('message', (data) => {
  const msg = JSON.parse(data.toString());
  if (msg.kind === 'reply') {
    const r = msg.result;
    parentPort.postMessage({ reply: { ok: r.ok, id: r.ok ? r.value.id : null, points: r.ok && r.value.points ? r.value.points.length : null, message: r.message ?? null, bytes: data.length } });
  }
  if (msg.kind !== 'run-event') return;
  if (msg.event.type === 'points') { batches += 1; points += msg.event.points.length; }
  if (['finished', 'cancelled', 'failed'].includes(msg.event.type)) {
    parentPort.postMessage({ end: msg.event.type, points, batches });
  }
});
`;

interface Reply {
  ok: boolean;
  id: string | null;
  points: number | null;
  message: string | null;
  bytes: number;
}

class Client {
  private replies: Array<(r: Reply) => void> = [];
  private ends: Array<(e: { end: string; points: number; batches: number }) => void> = [];
  private nextId = 1;
  private constructor(readonly worker: Worker) {
    worker.on('message', (m: { reply?: Reply; end?: string; points: number; batches: number }) => {
      if (m.reply) this.replies.shift()?.(m.reply);
      if (m.end) this.ends.shift()?.(m as { end: string; points: number; batches: number });
    });
  }
  static open(url: string, importUrl: string): Promise<Client> {
    const worker = new Worker(CLIENT, { eval: true, workerData: { url, importUrl } });
    return new Promise((resolve) =>
      worker.on('message', (m: { open?: boolean }) => m.open && resolve(new Client(worker))),
    );
  }
  call(method: string, ...args: unknown[]): Promise<Reply> {
    const reply = new Promise<Reply>((resolve) => this.replies.push(resolve));
    this.worker.postMessage({ kind: 'call', id: this.nextId++, method, args });
    return reply;
  }
  /**
   * Hands the file to the client thread now (transferred) and returns what uploads it: preparing a 46 MB file
   * there must not be counted as the host's stall.
   */
  async stageUpload(fileName: string, bytes: Uint8Array): Promise<() => Promise<Reply>> {
    const staged = new Promise((resolve) =>
      this.worker.on('message', (m: { staged?: boolean }) => m.staged && resolve(m)),
    );
    this.worker.postMessage({ stage: { fileName, bytes } }, [bytes.buffer as ArrayBuffer]);
    await staged;
    return () => {
      const reply = new Promise<Reply>((resolve) => this.replies.push(resolve));
      this.worker.postMessage({ upload: true });
      return reply;
    };
  }
  ended(): Promise<{ end: string; points: number; batches: number }> {
    return new Promise((resolve) => this.ends.push(resolve));
  }
}

/**
 * A full garbage collection of this thread, where V8 allows one to be asked for (`--expose-gc`, set at run time):
 * the benchmark's own garbage (the synthetic result it built) is collected before a phase is watched, so the
 * phase's stalls are the host's.
 */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Runs `work` with the event-loop delay watched; the delay's histogram and the time the work took. */
async function watched<T>(
  work: () => Promise<T>,
): Promise<{ value: T; ms: number; delay: IntervalHistogram }> {
  collectGarbage();
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const t0 = performance.now();
  const value = await work();
  const ms = performance.now() - t0;
  delay.disable();
  return { value, ms, delay };
}

async function serve(
  results: string,
): Promise<{ server: RunningServer; client: Client; api: ReturnType<typeof createWorkbenchService> }> {
  const api = createWorkbenchService({
    backend: createAddonBackend(),
    resultsDir: results,
    resourcesDir: path.join(root, 'resources'),
  });
  const server = await startServer({
    service: api,
    rendererDir: path.join(root, 'dist', 'renderer'),
    version: 'bench',
  });
  const client = await Client.open(
    `ws://127.0.0.1:${server.port}/api?token=${server.token}`,
    `http://127.0.0.1:${server.port}/api/import?token=${server.token}`,
  );
  return { server, client, api };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      points: { type: 'string', default: '10000' },
      reps: { type: 'string', default: '20' },
      speed: { type: 'string', default: '0' },
    },
  });
  const points = Number(values.points);
  const speed = Number(values.speed);
  const results = mkdtempSync(path.join(os.tmpdir(), 'syncbench-bench-'));
  const ms = (ns: number) => (ns / 1e6).toFixed(1);
  const warm = await watched(() => warmUpParsePool());
  const file = new Uint8Array(Buffer.from(JSON.stringify(syntheticSweep(points, Number(values.reps)))));
  console.log(
    `synthetic sweep: ${points} points, ${values.reps} raw samples per figure, ` +
      `${(file.byteLength / 1024 / 1024).toFixed(1)} MiB of JSON`,
  );
  console.log(`  parse thread started in ${warm.ms.toFixed(0)} ms (once per process)`);

  // 1. Import, through the WebSocket as the page sends it.
  const first = await serve(results);
  const send = await first.client.stageUpload('sweep.json', file);
  const imported = await watched(send);
  await first.client.worker.terminate();
  await first.server.close();
  if (!imported.value.ok) throw new Error(`import refused: ${imported.value.message}`);
  const id = imported.value.id!;

  // 2. Open and 3. replay, on a server started afresh over the same folder (nothing cached).
  const second = await serve(results);
  const opened = await watched(() => second.client.call('getResult', id));
  const ended = second.client.ended();
  const replayed = await watched(async () => {
    const start = await second.client.call('startReplay', { resultId: id, speed });
    if (!start.ok) throw new Error(`replay refused: ${start.message}`);
    return ended;
  });
  await second.client.worker.terminate();
  await second.server.close();
  rmSync(results, { recursive: true, force: true });

  const phases = [
    [
      'import (the bytes in one POST /api/import as the page sends them; parse, validate, store, read back)',
      imported,
    ],
    [`open (getResult, cold: ${(opened.value.bytes / 1024 / 1024).toFixed(1)} MiB reply)`, opened],
    [
      `replay at speed ${speed} (${replayed.value.points} points in ${replayed.value.batches} batches)`,
      replayed,
    ],
  ] as const;
  let ok = true;
  for (const [what, phase] of phases) {
    const stall = phase.delay.max / 1e6;
    const pass = stall < TARGET_STALL_MS;
    ok &&= pass;
    console.log(
      `  ${what}: ${phase.ms.toFixed(0)} ms; event-loop delay max ${ms(phase.delay.max)} ms, ` +
        `p99 ${ms(phase.delay.percentile(99))} ms (target max < ${TARGET_STALL_MS} ms) -> ${pass ? 'PASS' : 'FAIL'}`,
    );
  }
  const importOk = imported.ms < TARGET_IMPORT_MS;
  const complete =
    opened.value.points === points && replayed.value.end === 'finished' && replayed.value.points === points;
  console.log(
    `  import time ${imported.ms.toFixed(0)} ms (target < ${TARGET_IMPORT_MS} ms) -> ${importOk ? 'PASS' : 'FAIL'}`,
  );
  console.log(`  every point opened and replayed: ${complete ? 'yes' : 'NO'}`);
  return ok && importOk && complete ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then((code) => process.exit(code));
}
