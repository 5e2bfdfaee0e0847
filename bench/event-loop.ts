/**
 * Host-side benchmark for issue 3 §5: a 1,000-point replay streamed through the service and the browser-shell
 * server to a WebSocket client (in a worker thread, so only the host's work is measured here), while
 * `perf_hooks.monitorEventLoopDelay` watches this process. Target: the event loop never stalls more than 50 ms.
 *
 *   npx tsx bench/event-loop.ts [--points 1000] [--reps 100] [--speed 0] [--clients 1]
 *
 * speed 0 replays as fast as possible (the hardest case for the host); 1 replays at the recorded pace. The result
 * replayed is synthetic (`syntheticSweep`), made to the result schema with `reps` raw samples per point.
 * Exits 1 when the target is missed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';

import { createAddonBackend } from '../electron/core/native/addon-backend';
import type { ResultFile } from '../electron/core/results/schema';
import { createWorkbenchService } from '../electron/core/service/create-service';
import { startServer } from '../electron/serve/server';
import { syntheticResult } from '../test/fixtures/synthetic-result';

const TARGET_MS = 50;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A schema-valid `sweep_grid`-like result of `points` points with `reps` raw samples each (the project's synthetic
 * fixture generator); every point took `wallMs` (the replay pace). Synthetic: for benchmarks only, named as such.
 */
function syntheticSweep(points: number, reps = 100, wallMs = 5): ResultFile {
  const result = syntheticResult({
    id: `bench-sweep-${points}`,
    name: `SYNTHETIC sweep_grid, ${points} points (benchmark, not a measurement)`,
    mode: 'sweep_grid',
    points: Array.from({ length: points }, (_, index) => ({
      series: 'grid',
      label: `grid, ${index + 1} blocks/SM`,
      x: index + 1,
      perSyncNs: 800 + 12 * Math.sqrt(index + 1),
      reps,
    })),
  });
  return { ...result, points: result.points.map((p) => ({ ...p, wallMs })) };
}

/** A WebSocket client in a worker thread: starts the replay, counts what arrives, reports at `finished`. */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const WebSocket = require('ws');
const ws = new WebSocket(workerData.url);
let points = 0, batches = 0;
ws.on('open', () => parentPort.postMessage({ open: true }));
parentPort.on('message', (m) => ws.send(JSON.stringify(m)));
ws.on('message', (data) => {
  const msg = JSON.parse(data.toString());
  if (msg.kind === 'reply') parentPort.postMessage({ reply: msg.result });
  if (msg.kind !== 'run-event') return;
  if (msg.event.type === 'points') { batches += 1; points += msg.event.points.length; }
  if (['finished', 'cancelled', 'failed'].includes(msg.event.type)) {
    parentPort.postMessage({ end: msg.event.type, points, batches });
    ws.close();
  }
});
`;

function startClient(
  url: string,
): Promise<{ worker: Worker; ended: Promise<{ end: string; points: number; batches: number }> }> {
  const worker = new Worker(CLIENT, { eval: true, workerData: { url } });
  return new Promise((resolve) => {
    let finish: (v: { end: string; points: number; batches: number }) => void = () => undefined;
    const ended = new Promise<{ end: string; points: number; batches: number }>((r) => (finish = r));
    worker.on('message', (m: { open?: boolean; end?: string; points: number; batches: number }) => {
      if (m.open) resolve({ worker, ended });
      if (m.end) finish(m as { end: string; points: number; batches: number });
    });
  });
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      points: { type: 'string', default: '1000' },
      reps: { type: 'string', default: '100' },
      speed: { type: 'string', default: '0' },
      clients: { type: 'string', default: '1' },
    },
  });
  const points = Number(values.points);
  const speed = Number(values.speed);
  const results = mkdtempSync(path.join(os.tmpdir(), 'syncbench-bench-'));
  const service = createWorkbenchService({
    backend: createAddonBackend(),
    resultsDir: results,
    resourcesDir: path.join(root, 'resources'),
  });
  // The synthetic file is not kept: the server holds only what the service loads.
  const imported = await service.importResult({
    fileName: 'sweep.json',
    content: JSON.stringify(syntheticSweep(points, Number(values.reps))),
    base64: false,
  });
  if (!imported.ok) throw new Error(imported.message);
  const server = await startServer({
    service,
    rendererDir: path.join(root, 'dist', 'renderer'),
    version: 'bench',
  });
  const api = `ws://127.0.0.1:${server.port}/api?token=${server.token}`;
  const clients = await Promise.all(Array.from({ length: Number(values.clients) }, () => startClient(api)));

  // `run` covers the run itself (from its `started` event to the clients' last frame); `all` also covers loading
  // the saved result before the run starts.
  const all = monitorEventLoopDelay({ resolution: 5 });
  const run = monitorEventLoopDelay({ resolution: 5 });
  let startedAt = 0;
  const off = service.onRunEvent((event) => {
    if (event.type !== 'started') return;
    startedAt = performance.now();
    run.enable();
  });
  all.enable();
  const requested = performance.now();
  const startReplay = { resultId: imported.value.id, speed };
  clients[0]!.worker.postMessage({ kind: 'call', id: 1, method: 'startReplay', args: [startReplay] });
  const ends = await Promise.all(clients.map((c) => c.ended));
  const endedAt = performance.now();
  run.disable();
  all.disable();
  off();

  await Promise.all(clients.map((c) => c.worker.terminate()));
  await server.close();
  rmSync(results, { recursive: true, force: true });

  const ms = (ns: number) => (ns / 1e6).toFixed(1);
  const ok = run.max / 1e6 < TARGET_MS && ends.every((e) => e.end === 'finished' && e.points === points);
  const reps = values.reps;
  console.log(
    `replay of ${points} points (${reps} raw samples each), speed ${speed}, ${ends.length} client(s)`,
  );
  for (const e of ends) console.log(`  client: ${e.end}, ${e.points} points in ${e.batches} batches`);
  console.log(`  loading the saved result, before the run: ${(startedAt - requested).toFixed(0)} ms`);
  console.log(`  the run, from started to the last frame received: ${(endedAt - startedAt).toFixed(0)} ms`);
  console.log(
    `  event-loop delay during the run: max ${ms(run.max)} ms, p99 ${ms(run.percentile(99))} ms, ` +
      `mean ${ms(run.mean)} ms (target: max < ${TARGET_MS} ms) -> ${ok ? 'PASS' : 'FAIL'}`,
  );
  console.log(`  event-loop delay including the load: max ${ms(all.max)} ms`);
  return ok ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then((code) => process.exit(code));
}
