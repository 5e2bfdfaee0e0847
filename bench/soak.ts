/**
 * Soak test of the browser shell (docs/architecture.md#browser-shell-bounds): `connections`
 * well-behaved WebSocket clients call the API in a loop (list, open a result, export it as CSV) for `seconds`,
 * while one slow reader stops reading and floods the server with requests for the largest result (streamed from
 * its file, so it is closed once it takes nothing for SLOW_CONSUMER_MS), and `stuckClients` clients
 * that never read ask 16 times each for the largest result (LARGEST_RESULT_BYTES, just under the import limit).
 * The clients run in a child process, so this process's figures are the server's alone. Reports the resident
 * memory's high-water mark above idle (after the results were opened once), the server's own high-water mark of
 * reply bytes waiting to be sent, the p50/p99 call latency, how many calls each client made, and how the slow and
 * stuck clients were closed.
 *
 *   npx tsx bench/soak.ts [--connections 200] [--seconds 30] [--stuck 4] [--cold-exports]   (npm run bench:soak)
 *
 * Passes when every well-behaved call succeeded, every client was served, the server closed the slow reader and
 * every stuck client (and only them) as slow consumers, memory stayed within MEMORY_BOUND_MIB above idle and p99
 * under P99_TARGET_MS. Exits 1 otherwise. The results served are synthetic (the project's fixture generator),
 * named as such: this measures the host, not a GPU.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { spawn } from 'node:child_process';

import { createAddonBackend } from '../electron/core/native/addon-backend';
import { createWorkbenchService } from '../electron/core/service/create-service';
import { exportWorkerSource } from '../electron/core/service/export-pool';
import { MAX_RESULT_FILE_BYTES } from '../electron/contract';
import { REPLY_MEMORY_BOUND_BYTES } from '../electron/serve/budget';
import { startServer } from '../electron/serve/server';
import { CLOSE_TIMEOUT_MS } from '../electron/serve/socket-sender';
import { syntheticResult } from '../test/fixtures/synthetic-result';

/**
 * Growth of the resident set above idle that the soak accepts, in MiB: the server's reply-byte bound
 * (budget.ts REPLY_MEMORY_BOUND_BYTES, 512 MiB) is what stuck clients can hold; the rest of the server stays flat.
 */
export const MEMORY_BOUND_MIB = REPLY_MEMORY_BOUND_BYTES / 1024 / 1024;
/** The 99th percentile of a well-behaved call's latency that the soak accepts, in ms. */
export const P99_TARGET_MS = 1000;
/** Size of the largest result the stuck clients ask for: 60 MB, under MAX_RESULT_FILE_BYTES (64 MiB). */
export const LARGEST_RESULT_BYTES = 60_000_000;
/** Bytes of JSON per raw sample of a synthetic point (measured on the fixture generator: 154). */
const BYTES_PER_SAMPLE = 154;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface SoakReport {
  connections: number;
  seconds: number;
  calls: number;
  failedCalls: number;
  clientsServed: number;
  p50Ms: number;
  p99Ms: number;
  rssStartMiB: number;
  rssHighWaterMiB: number;
  memoryBoundMiB: number;
  p99TargetMs: number;
  /** The most reply bytes the server held for its clients at once (its own accounting), in MiB. */
  replyHighWaterMiB: number;
  /** Size of the largest result the stuck clients asked for, in MB. */
  largestResultMB: number;
  /** How each stuck client was closed: its close code (null: still open at the end). */
  stuckClosedWith: Array<number | null>;
  slowReaderClosedWith: number | null;
  slowReaderReason: string;
  /** Connections the server closed as slow consumers (its own count). */
  slowConsumersClosed: number;
  /** CPU time (user + system) of this process, the server's, while the clients ran, in ms. */
  serverCpuMs: number;
}

/** The clients, in a child process: each loops over calls; one slow reader pauses its socket and floods. */
const CLIENTS = `
// A child process (soak.ts runs it with the settings in SOAK_CLIENTS), so its heap is not the server's.
const workerData = JSON.parse(process.env.SOAK_CLIENTS);
const parentPort = { postMessage: (m) => process.send(m, () => process.exit(0)) };
const WebSocket = require('ws');
const { url, connections, seconds, resultId, largestId, stuck, resumeAfterMs } = workerData;
const latencies = [];
let failed = 0;
const perClient = new Array(connections).fill(0);
const methods = [
  ['listResults', []],
  ['getResult', [resultId]],
  ['exportResults', [{ ids: [resultId], format: 'csv' }]],
];
const until = Date.now() + seconds * 1000;
function client(i) {
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    let id = 0;
    let sentAt = 0;
    const next = () => {
      if (Date.now() >= until) { ws.close(); return; }
      const [method, args] = methods[(i + id) % methods.length];
      sentAt = performance.now();
      ws.send(JSON.stringify({ kind: 'call', id: ++id, method, args }));
    };
    ws.on('open', next);
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString());
      if (msg.kind !== 'reply') return;
      latencies.push(performance.now() - sentAt);
      if (!msg.result.ok) failed += 1;
      perClient[i] += 1;
      next();
    });
    ws.on('close', resolve);
    ws.on('error', () => { failed += 1; resolve(); });
  });
}
function slowReader() {
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    let flood = null;
    ws.on('open', () => {
      ws._socket.pause();
      let id = 0;
      flood = setInterval(() => {
        for (let k = 0; k < 16; k += 1) ws.send(JSON.stringify({ kind: 'call', id: ++id, method: 'getResult', args: [largestId] }));
      }, 50);
      // Reads again after a while, so the close frame that was queued behind the backlog can arrive.
      setTimeout(() => ws._socket.resume(), resumeAfterMs);
    });
    ws.on('close', (code, reason) => { clearInterval(flood); resolve({ code, reason: reason.toString() }); });
    ws.on('error', () => undefined);
    setTimeout(() => { clearInterval(flood); resolve({ code: null, reason: 'still open at the end' }); ws.terminate(); }, seconds * 1000 + 8000);
  });
}
// Stops reading once open, asks 16 times for the largest result and waits to be closed.
function stuckClient() {
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    ws.on('open', () => {
      ws._socket.pause();
      for (let id = 1; id <= 16; id += 1) ws.send(JSON.stringify({ kind: 'call', id, method: 'getResult', args: [largestId] }));
      // Reads again near the end, so how the server closed it can arrive.
      setTimeout(() => ws._socket.resume(), resumeAfterMs);
    });
    ws.on('close', (code) => resolve(code));
    ws.on('error', () => undefined);
    setTimeout(() => { resolve(null); ws.terminate(); }, seconds * 1000 + 8000);
  });
}
Promise.all([
  slowReader(),
  Promise.all(Array.from({ length: stuck }, () => stuckClient())),
  Promise.all(Array.from({ length: connections }, (_, i) => client(i))),
]).then(([slow, stuckClosedWith]) => {
  parentPort.postMessage({ latencies, failed, perClient, slow, stuckClosedWith });
});
`;

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** What the soak asks the server for. */
export interface SoakOptions {
  connections?: number;
  seconds?: number;
  /** Clients that never read, each asking 16 times for the largest result (default 4). */
  stuckClients?: number;
  /** Size of that result in bytes (default LARGEST_RESULT_BYTES). */
  largestResultBytes?: number;
  /** The server's send-queue bound per connection (default socket-sender.ts MAX_QUEUED_BYTES). */
  maxQueuedBytes?: number;
  /** How long a client may take nothing before it is closed (default socket-sender.ts SLOW_CONSUMER_MS). */
  slowConsumerMs?: number;
  /**
   * Leave the clients' export unmade before they start (default false): every client's first export then waits
   * for the first export threads of a freshly started server, which p99 counts.
   */
  coldExports?: boolean;
  log?: (line: string) => void;
}

interface ClientsOutcome {
  latencies: number[];
  failed: number;
  perClient: number[];
  slow: { code: number | null; reason: string };
  stuckClosedWith: Array<number | null>;
}

/**
 * A service over a new folder holding the soak's two synthetic results — the one the well-behaved clients open
 * (100 points) and the largest (about `largestBytes` of JSON) — each opened once and the small one exported once as
 * the clients ask, so idle is a server that has them open, not the one-time cost of parsing and checking them or of
 * starting the first export's thread.
 */
async function soakLibrary(largestBytes: number, coldExports: boolean) {
  const results = mkdtempSync(path.join(os.tmpdir(), 'syncbench-soak-'));
  const service = createWorkbenchService({
    backend: createAddonBackend(),
    resultsDir: results,
    resourcesDir: path.join(root, 'resources'),
  });
  const sweep = (id: string, name: string, points: number, reps: number) =>
    syntheticResult({
      id,
      name,
      mode: 'sweep_grid',
      points: Array.from({ length: points }, (_, i) => ({
        series: 'grid',
        label: `grid, ${i + 1} blocks/SM`,
        x: i + 1,
        perSyncNs: 800 + i,
        reps,
      })),
    });
  const small = sweep(
    'soak-sweep-0001',
    'SYNTHETIC sweep, 100 points (soak test, not a measurement)',
    100,
    20,
  );
  const largestPoints = Math.max(1, Math.round(largestBytes / BYTES_PER_SAMPLE / 10_000));
  const largest = sweep('soak-largest-0001', 'SYNTHETIC largest result (soak test)', largestPoints, 10_000);
  const largestText = JSON.stringify(largest);
  if (largestText.length > MAX_RESULT_FILE_BYTES)
    throw new Error("the soak's largest result is over the limit");
  for (const [fileName, content] of [
    ['soak.json', JSON.stringify(small)],
    ['largest.json', largestText],
  ] as const) {
    const imported = await service.importResult({ fileName, content, base64: false });
    if (!imported.ok) throw new Error(`the soak could not import ${fileName}: ${imported.message}`);
  }
  await service.getResult(small.id);
  await service.getResultFile(small.id);
  await service.getResultFile(largest.id);
  // The clients' export, made once: its worker thread's start is a one-time cost, as opening a result is.
  if (!coldExports) {
    const exported = await service.exportResultsWire({ ids: [small.id], format: 'csv' });
    if (!exported.ok) throw new Error(`the soak could not export its result: ${exported.message}`);
  }
  return { service, results, smallId: small.id, largestId: largest.id, largestMB: largestText.length / 1e6 };
}

/** Runs the clients in a child process (their heap must not count as the server's) and waits for their report. */
function runClients(
  settings: Record<string, unknown>,
): Promise<{ outcome: ClientsOutcome; kill: () => void }> {
  // The child finds `ws` from the working folder, as the packed host bench provides it.
  const clients = spawn(process.execPath, ['-e', CLIENTS], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, SOAK_CLIENTS: JSON.stringify(settings) },
  });
  return new Promise((resolve, reject) => {
    clients.once('message', (m) => resolve({ outcome: m as ClientsOutcome, kill: () => clients.kill() }));
    clients.once('error', reject);
    clients.once('exit', (code) =>
      reject(new Error(`the soak's client process exited with ${code} before reporting`)),
    );
  });
}

/** Runs the soak and returns its figures (nothing is printed but through `log`). */
export async function runSoak(opts: SoakOptions): Promise<SoakReport> {
  const connections = opts.connections ?? 200;
  const seconds = opts.seconds ?? 30;
  const stuck = opts.stuckClients ?? 4;
  const log = opts.log ?? ((line: string) => console.log(line));
  const lib = await soakLibrary(opts.largestResultBytes ?? LARGEST_RESULT_BYTES, opts.coldExports ?? false);
  const server = await startServer({
    service: lib.service,
    rendererDir: path.join(root, 'dist', 'renderer'),
    version: 'soak',
    ...(opts.maxQueuedBytes ? { maxQueuedBytes: opts.maxQueuedBytes } : {}),
    ...(opts.slowConsumerMs ? { slowConsumerMs: opts.slowConsumerMs } : {}),
  });
  const mib = (bytes: number) => bytes / 1024 / 1024;
  const rssStartMiB = mib(process.memoryUsage().rss);
  let rssHighWaterMiB = rssStartMiB;
  const sampler = setInterval(() => {
    rssHighWaterMiB = Math.max(rssHighWaterMiB, mib(process.memoryUsage().rss));
  }, 50);
  log(
    `soak: ${connections} connections + 1 slow reader + ${stuck} stuck clients (largest result ` +
      `${lib.largestMB.toFixed(1)} MB) for ${seconds} s on port ${server.port}`,
  );
  const cpuStart = process.cpuUsage();
  const { outcome, kill } = await runClients({
    url: `ws://127.0.0.1:${server.port}/api?token=${server.token}`,
    connections,
    seconds,
    resultId: lib.smallId,
    largestId: lib.largestId,
    stuck,
    // The slow reader reads again near the end, so the close frame queued behind its backlog can arrive.
    resumeAfterMs: seconds * 800,
  });
  const cpu = process.cpuUsage(cpuStart);
  clearInterval(sampler);
  const { slowConsumersClosed, replyBytesHighWater } = server.stats();
  kill();
  await server.close();
  rmSync(lib.results, { recursive: true, force: true });
  const sorted = [...outcome.latencies].sort((a, b) => a - b);
  return {
    connections,
    seconds,
    calls: sorted.length,
    failedCalls: outcome.failed,
    clientsServed: outcome.perClient.filter((n) => n > 0).length,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    rssStartMiB,
    rssHighWaterMiB,
    memoryBoundMiB: MEMORY_BOUND_MIB,
    p99TargetMs: P99_TARGET_MS,
    replyHighWaterMiB: mib(replyBytesHighWater),
    largestResultMB: lib.largestMB,
    stuckClosedWith: outcome.stuckClosedWith,
    slowReaderClosedWith: outcome.slow.code,
    slowReaderReason: outcome.slow.reason,
    slowConsumersClosed,
    serverCpuMs: (cpu.user + cpu.system) / 1000,
  };
}

/** Whether the soak met its targets (see the file's head). */
export function soakPassed(r: SoakReport): boolean {
  return (
    r.failedCalls === 0 &&
    r.clientsServed === r.connections &&
    r.slowConsumersClosed === 1 + r.stuckClosedWith.length &&
    r.stuckClosedWith.every((code) => code !== null) &&
    r.rssHighWaterMiB - r.rssStartMiB < r.memoryBoundMiB &&
    r.p99Ms < r.p99TargetMs
  );
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      connections: { type: 'string', default: '200' },
      seconds: { type: 'string', default: '30' },
      stuck: { type: 'string', default: '4' },
      'cold-exports': { type: 'boolean', default: false },
    },
  });
  const worker = exportWorkerSource(import.meta.url);
  console.log(
    (worker
      ? `exports made in worker threads (${worker.eval ? 'the sources, through tsx' : worker.source})`
      : 'exports made on the server thread: no export-worker.js beside the bundle, so not as the browser shell makes them') +
      (values['cold-exports'] ? "; the clients' export not made beforehand (--cold-exports)" : ''),
  );
  const r = await runSoak({
    connections: Number(values.connections),
    seconds: Number(values.seconds),
    stuckClients: Number(values.stuck),
    coldExports: values['cold-exports'],
  });
  const grew = r.rssHighWaterMiB - r.rssStartMiB;
  const ok = soakPassed(r);
  console.log(`  calls: ${r.calls} (${(r.calls / r.seconds).toFixed(0)}/s), failed: ${r.failedCalls}`);
  console.log(
    `  server CPU: ${r.serverCpuMs.toFixed(0)} ms, ${(r.serverCpuMs / Math.max(1, r.calls)).toFixed(2)} ms per call`,
  );
  console.log(`  clients served: ${r.clientsServed} of ${r.connections}`);
  console.log(
    `  latency per call: p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms (target p99 < ${r.p99TargetMs} ms)`,
  );
  console.log(
    `  resident memory: idle ${r.rssStartMiB.toFixed(0)} MiB, high-water mark ${r.rssHighWaterMiB.toFixed(0)} MiB ` +
      `(+${grew.toFixed(0)} MiB above idle; bound +${r.memoryBoundMiB} MiB)`,
  );
  console.log(
    `  reply bytes held for clients (server's accounting): high-water ${r.replyHighWaterMiB.toFixed(0)} MiB`,
  );
  console.log(
    `  slow reader: the server closed ${r.slowConsumersClosed} slow consumer(s); the reader saw close code ` +
      `${r.slowReaderClosedWith} (${r.slowReaderReason}; 1006: cut off after ${CLOSE_TIMEOUT_MS / 1000} s unread)`,
  );
  console.log(
    `  stuck clients (never read, 16 × getResult of ${r.largestResultMB.toFixed(1)} MB): closed with ` +
      `${r.stuckClosedWith.map(String).join(', ')}`,
  );
  console.log(`  -> ${ok ? 'PASS' : 'FAIL'}`);
  return ok ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then((code) => process.exit(code));
}
