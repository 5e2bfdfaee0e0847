/**
 * Drives the browser shell from a script, as a browser would, on a GPU host that has no browser: starts
 * `syncbench serve --port 0` on a fresh results folder, connects to its WebSocket API with the printed token, runs a
 * mode, records every run event with its arrival time, and writes the saved result and the event log.
 *
 *   node drive-serve.mjs --cli <cli.mjs> --mode sweep --out <dir>
 *
 * Prints the number of point batches, points and the wall time; exits non-zero if the run did not finish.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import WebSocket from 'ws';

import type { RunEvent, WireMessage } from '../electron/contract';

const { values } = parseArgs({
  options: {
    cli: { type: 'string' },
    mode: { type: 'string', default: 'sweep' },
    out: { type: 'string', default: '.' },
  },
});
if (!values.cli) throw new Error('--cli <path to the syncbench CLI bundle> is required');
const results = mkdtempSync(path.join(tmpdir(), 'syncbench-serve-'));
const server = spawn(process.execPath, [values.cli, 'serve', '--port', '0', '--results', results], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise<URL>((resolve, reject) => {
  let text = '';
  server.stdout.on('data', (d: Buffer) => {
    text += d.toString();
    process.stdout.write(d);
    const m = /serving at (\S+)/.exec(text);
    if (m?.[1]) resolve(new URL(m[1]));
  });
  server.on('exit', (code) => reject(new Error(`serve exited with ${code} before printing its URL`)));
});

process.on('exit', () => server.kill('SIGTERM'));
const socket = new WebSocket(`ws://${url.host}/api?token=${url.searchParams.get('token')}`, {
  origin: url.origin,
});
await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
let nextId = 1;
const pending = new Map<number, (r: unknown) => void>();
const events: Array<{ atMs: number; event: RunEvent }> = [];
const t0 = Date.now();
let finished: (e: RunEvent) => void = () => {};
const ended = new Promise<RunEvent>((resolve) => (finished = resolve));
socket.on('message', (data) => {
  const msg = JSON.parse(data.toString()) as WireMessage;
  if (msg.kind === 'reply') pending.get(msg.id)?.(msg.result);
  if (msg.kind === 'run-event') {
    events.push({ atMs: Date.now() - t0, event: msg.event });
    if (['finished', 'cancelled', 'failed'].includes(msg.event.type)) finished(msg.event);
  }
});
const call = (method: string, ...args: unknown[]) =>
  new Promise<{ ok: boolean; value?: unknown; message?: string }>((resolve) => {
    const id = nextId++;
    pending.set(id, resolve as (r: unknown) => void);
    socket.send(JSON.stringify({ kind: 'call', id, method, args }));
  });

const device = await call('device');
console.log('device:', JSON.stringify(device).slice(0, 300));
const started = await call('startRun', {
  mode: values.mode,
  params: {},
  name: `${values.mode} through the browser shell`,
});
if (!started.ok) throw new Error(`startRun refused: ${started.message}`);
const end = await ended;
const batches = events.filter((e) => e.event.type === 'points');
const points = batches.reduce((n, e) => n + (e.event.type === 'points' ? e.event.points.length : 0), 0);
console.log(`${end.type} after ${Date.now() - t0} ms: ${points} points in ${batches.length} batches`);
if (end.type === 'finished' && end.savedId) {
  const saved = await call('getResult', end.savedId);
  writeFileSync(
    path.join(values.out, `serve-${values.mode}.json`),
    `${JSON.stringify(saved.value, null, 2)}\n`,
  );
}
writeFileSync(
  path.join(values.out, `serve-${values.mode}-events.json`),
  `${JSON.stringify(
    events.map((e) => ({
      atMs: e.atMs,
      type: e.event.type,
      points: e.event.type === 'points' ? e.event.points.length : undefined,
    })),
    null,
    1,
  )}\n`,
);
socket.close();
server.kill('SIGTERM');
process.exit(end.type === 'finished' ? 0 : 1);
