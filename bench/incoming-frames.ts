/**
 * What clients that send frames and never finish them can make the browser shell hold
 * (docs/architecture.md#browser-shell-bounds): `clients` raw WebSockets (default 400, past MAX_API_SOCKETS) each
 * upgrade and send all but the last byte of a frame of MAX_WIRE_FRAME_BYTES, which the server buffers while it
 * waits for the rest. The clients run in a child process, so the resident memory measured is the server's alone.
 *
 * Target: the upgrades past MAX_API_SOCKETS are refused (503) and the server's resident memory grows by less than
 * MAX_API_SOCKETS × MAX_WIRE_FRAME_BYTES (256 MiB) plus 64 MiB for the sockets themselves. Prints one line of
 * figures and PASS/FAIL; exits 1 on a FAIL.
 *   npx tsx bench/incoming-frames.ts [--clients N]
 */
import { fork } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { MAX_WIRE_FRAME_BYTES } from '../electron/contract';
import { createAddonBackend } from '../electron/core/native/addon-backend';
import { createWorkbenchService } from '../electron/core/service/create-service';
import { MAX_API_SOCKETS } from '../electron/serve/budget';
import { startServer } from '../electron/serve/server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MIB = 1024 * 1024;
/** What the sockets themselves may take beyond the frames they buffer, MiB. */
const SOCKETS_ALLOWANCE_MIB = 64;
/** How long the clients keep their frames unfinished once every upgrade was answered, ms. */
const HOLD_MS = 4_000;

/** The clients (CommonJS, run with fork): upgrade, send a frame but its last byte, report what was answered. */
const CLIENTS = String.raw`
const net = require('node:net');
const [port, token, n, frameBytes] = process.argv.slice(2);
const FRAME = Number(frameBytes);
let admitted = 0, refused = 0, answered = 0;
for (let k = 0; k < Number(n); k += 1) {
  const s = net.connect({ port: Number(port), host: '127.0.0.1' }, () =>
    s.write('GET /api?token=' + token + ' HTTP/1.1\r\nHost: 127.0.0.1:' + port + '\r\nUpgrade: websocket\r\n' +
      'Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n'));
  let first = true;
  s.on('data', (d) => {
    if (!first) return;
    first = false;
    if (d.toString().startsWith('HTTP/1.1 101')) {
      admitted += 1;
      const head = Buffer.alloc(14);
      head[0] = 0x82; // a final binary frame
      head[1] = 0x80 | 127; // masked, 64-bit length
      head.writeBigUInt64BE(BigInt(FRAME), 2);
      s.write(head);
      s.write(Buffer.alloc(FRAME - 1));
    } else refused += 1;
    answered += 1;
    if (answered === Number(n)) setTimeout(() => process.send({ admitted, refused }), ${HOLD_MS});
  });
  s.on('error', () => {});
}
`;

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { clients: { type: 'string', default: '400' } } });
  const clients = Number(values.clients);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'syncbench-frames-'));
  const service = createWorkbenchService({
    backend: createAddonBackend(),
    resultsDir: path.join(dir, 'results'),
    resourcesDir: path.join(root, 'resources'),
  });
  const server = await startServer({ service, rendererDir: path.join(root, 'dist', 'renderer') });
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const script = path.join(dir, 'clients.cjs');
  writeFileSync(script, CLIENTS);
  const child = fork(script, [
    String(server.port),
    server.token,
    String(clients),
    String(MAX_WIRE_FRAME_BYTES),
  ]);
  const outcome = await new Promise<{ admitted: number; refused: number }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { admitted: number; refused: number }));
    child.once('exit', (code) => reject(new Error(`the clients ended (exit ${code}) before they reported`)));
  });
  clearInterval(sample);
  child.kill();
  await server.close();
  const grewMiB = (peak - idle) / MIB;
  const boundMiB = (MAX_API_SOCKETS * MAX_WIRE_FRAME_BYTES) / MIB + SOCKETS_ALLOWANCE_MIB;
  const expectedAdmitted = Math.min(clients, MAX_API_SOCKETS);
  const passed =
    outcome.admitted === expectedAdmitted &&
    outcome.refused === clients - expectedAdmitted &&
    grewMiB < boundMiB;
  console.log(
    `incoming frames: ${clients} clients each holding a ${MAX_WIRE_FRAME_BYTES / MIB} MiB frame unfinished: ` +
      `${outcome.admitted} admitted (bound ${MAX_API_SOCKETS}), ${outcome.refused} refused 503; server resident ` +
      `+${grewMiB.toFixed(0)} MiB above idle (${(idle / MIB).toFixed(0)} MiB), target < ${boundMiB} MiB: ` +
      (passed ? 'PASS' : 'FAIL'),
  );
  return passed ? 0 : 1;
}

process.exitCode = await main();
