/**
 * The worker thread of `parse-pool.ts`: parses and validates result files (io.ts parseResultFile), and for a store
 * also makes the stored text (io.ts storedText) as UTF-8 bytes, off the host's event loop. A result goes back in
 * pieces: its fields without the points, then the points in slices of SAMPLE_BUDGET raw samples (each a small
 * structured clone, so receiving one never stalls the host), then `done`.
 */
import { parentPort } from 'node:worker_threads';

import { pointWeight, SAMPLE_BUDGET } from '../service/point-weight';
import { parseResultFile, storedText } from './io';
import type { ParseReply, ParseRequest } from './parse-protocol';

const port = parentPort;
if (!port) throw new Error('parse-worker.ts runs as a worker thread (electron/core/results/parse-pool.ts)');

port.on('message', (req: ParseRequest) => {
  const send = (reply: ParseReply, transfer: ArrayBuffer[] = []) => port.postMessage(reply, transfer);
  try {
    const parsed = parseResultFile(req.bytes, req.name);
    const result = req.newId ? { ...parsed, id: req.newId } : parsed;
    const { points, ...head } = result;
    send({ id: req.id, head });
    let start = 0;
    while (start < points.length) {
      let end = start;
      let samples = 0;
      while (end < points.length && (end === start || samples < SAMPLE_BUDGET)) {
        samples += pointWeight(points[end++]!);
      }
      send({ id: req.id, points: points.slice(start, end) });
      start = end;
    }
    if (req.task === 'prepare') {
      const stored = new TextEncoder().encode(storedText(result, req.storeName ?? req.name));
      send({ id: req.id, done: true, stored }, [stored.buffer as ArrayBuffer]);
    } else {
      send({ id: req.id, done: true });
    }
  } catch (error) {
    const e = error as { name?: string; code?: string; message?: string };
    send({
      id: req.id,
      error: { name: e.name ?? 'Error', code: e.code ?? 'INVALID', message: e.message ?? String(error) },
    });
  }
});
