/**
 * Soak test of the browser shell (issue 11 §5): `connections` well-behaved WebSocket clients call the API in a loop
 * (list, open a result, export it as CSV) for `seconds`, while one slow reader stops reading and floods the server
 * with requests for a large result. The clients run in a child process, so this process's figures are the
 * server's alone. Reports the resident-memory high-water mark, the p50/p99 call latency, how
 * many calls each client made, and how the slow reader was closed.
 *
 *   npx tsx bench/soak.ts [--connections 200] [--seconds 30]     (npm run bench:soak)
 *
 * Passes when every well-behaved call succeeded, every client was served, the server closed the slow reader (and
 * only it) as a slow consumer, and memory stayed within MEMORY_BOUND_MIB of the start. Exits 1 otherwise. The result
 * served is synthetic (the project's fixture generator), named as such: this measures the host, not a GPU.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { spawn } from 'node:child_process';

import { createAddonBackend } from '../electron/core/native/addon-backend';
import { createWorkbenchService } from '../electron/core/service/create-service';
import { startServer } from '../electron/serve/server';
import { CLOSE_TIMEOUT_MS } from '../electron/serve/socket-sender';
import { syntheticResult } from '../test/fixtures/synthetic-result';

/** Growth of the resident set over the run that the soak accepts, in MiB. */
export const MEMORY_BOUND_MIB = 256;

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
  slowReaderClosedWith: number | null;
  slowReaderReason: string;
  /** Connections the server closed as slow consumers (its own count). */
  slowConsumersClosed: number;
}

/** The clients, in a child process: each loops over calls; one slow reader pauses its socket and floods. */
const CLIENTS = `
// A child process (soak.ts runs it with the settings in SOAK_CLIENTS), so its heap is not the server's.
const workerData = JSON.parse(process.env.SOAK_CLIENTS);
const parentPort = { postMessage: (m) => process.send(m, () => process.exit(0)) };
const WebSocket = require('ws');
const { url, connections, seconds, resultId, resumeAfterMs } = workerData;
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
        for (let k = 0; k < 16; k += 1) ws.send(JSON.stringify({ kind: 'call', id: ++id, method: 'getResult', args: [resultId] }));
      }, 50);
      // Reads again after a while, so the close frame that was queued behind the backlog can arrive.
      setTimeout(() => ws._socket.resume(), resumeAfterMs);
    });
    ws.on('close', (code, reason) => { clearInterval(flood); resolve({ code, reason: reason.toString() }); });
    ws.on('error', () => undefined);
    setTimeout(() => { clearInterval(flood); resolve({ code: null, reason: 'still open at the end' }); ws.terminate(); }, seconds * 1000 + 8000);
  });
}
Promise.all([slowReader(), Promise.all(Array.from({ length: connections }, (_, i) => client(i)))]).then(([slow]) => {
  parentPort.postMessage({ latencies, failed, perClient, slow });
});
`;

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** Runs the soak and returns its figures (nothing is printed but through `log`). */
export async function runSoak(opts: {
  connections?: number;
  seconds?: number;
  /** The server's send-queue bound per connection (default socket-sender.ts MAX_QUEUED_BYTES). */
  maxQueuedBytes?: number;
  log?: (line: string) => void;
}): Promise<SoakReport> {
  const connections = opts.connections ?? 200;
  const seconds = opts.seconds ?? 30;
  const log = opts.log ?? ((line: string) => console.log(line));
  const results = mkdtempSync(path.join(os.tmpdir(), 'syncbench-soak-'));
  const service = createWorkbenchService({
    backend: createAddonBackend(),
    resultsDir: results,
    resourcesDir: path.join(root, 'resources'),
  });
  const result = syntheticResult({
    id: 'soak-sweep-0001',
    name: 'SYNTHETIC sweep, 100 points (soak test, not a measurement)',
    mode: 'sweep_grid',
    points: Array.from({ length: 100 }, (_, i) => ({
      series: 'grid',
      label: `grid, ${i + 1} blocks/SM`,
      x: i + 1,
      perSyncNs: 800 + i,
      reps: 20,
    })),
  });
  await service.importResult({ fileName: 'soak.json', content: JSON.stringify(result), base64: false });
  const server = await startServer({
    service,
    rendererDir: path.join(root, 'dist', 'renderer'),
    version: 'soak',
    ...(opts.maxQueuedBytes ? { maxQueuedBytes: opts.maxQueuedBytes } : {}),
  });
  const mib = (bytes: number) => bytes / 1024 / 1024;
  const rssStartMiB = mib(process.memoryUsage().rss);
  let rssHighWaterMiB = rssStartMiB;
  const sampler = setInterval(() => {
    rssHighWaterMiB = Math.max(rssHighWaterMiB, mib(process.memoryUsage().rss));
  }, 50);
  log(`soak: ${connections} connections + 1 slow reader for ${seconds} s on port ${server.port}`);
  // The clients run in a child process: their heap (200 sockets parsing every reply) must not count as the
  // server's memory. The child finds `ws` from the working folder, as the packed host bench provides it.
  const clients = spawn(process.execPath, ['-e', CLIENTS], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      SOAK_CLIENTS: JSON.stringify({
        url: `ws://127.0.0.1:${server.port}/api?token=${server.token}`,
        connections,
        seconds,
        resultId: result.id,
        // The slow reader reads again near the end, so the close frame queued behind its backlog can arrive.
        resumeAfterMs: seconds * 800,
      }),
    },
  });
  const outcome = await new Promise<{
    latencies: number[];
    failed: number;
    perClient: number[];
    slow: { code: number | null; reason: string };
  }>((resolve, reject) => {
    clients.once('message', (m) => resolve(m as never));
    clients.once('error', reject);
    clients.once('exit', (code) =>
      reject(new Error(`the soak's client process exited with ${code} before reporting`)),
    );
  });
  clearInterval(sampler);
  const { slowConsumersClosed } = server.stats();
  clients.kill();
  await server.close();
  rmSync(results, { recursive: true, force: true });
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
    slowReaderClosedWith: outcome.slow.code,
    slowReaderReason: outcome.slow.reason,
    slowConsumersClosed,
  };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { connections: { type: 'string', default: '200' }, seconds: { type: 'string', default: '30' } },
  });
  const r = await runSoak({ connections: Number(values.connections), seconds: Number(values.seconds) });
  const grew = r.rssHighWaterMiB - r.rssStartMiB;
  const ok =
    r.failedCalls === 0 &&
    r.clientsServed === r.connections &&
    r.slowConsumersClosed === 1 &&
    grew < r.memoryBoundMiB;
  console.log(`  calls: ${r.calls} (${(r.calls / r.seconds).toFixed(0)}/s), failed: ${r.failedCalls}`);
  console.log(`  clients served: ${r.clientsServed} of ${r.connections}`);
  console.log(`  latency per call: p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms`);
  console.log(
    `  resident memory: start ${r.rssStartMiB.toFixed(0)} MiB, high-water mark ${r.rssHighWaterMiB.toFixed(0)} MiB ` +
      `(+${grew.toFixed(0)} MiB; bound +${r.memoryBoundMiB} MiB)`,
  );
  console.log(
    `  slow reader: the server closed ${r.slowConsumersClosed} slow consumer(s); the reader saw close code ` +
      `${r.slowReaderClosedWith} (${r.slowReaderReason}; 1006: cut off after ${CLOSE_TIMEOUT_MS / 1000} s unread)`,
  );
  console.log(`  -> ${ok ? 'PASS' : 'FAIL'}`);
  return ok ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then((code) => process.exit(code));
}
