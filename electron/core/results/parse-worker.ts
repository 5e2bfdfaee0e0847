/**
 * The worker thread of `parse-pool.ts`: parses and validates result files (io.ts parseResultFile), and for a store
 * also makes the stored text (io.ts storedText) as UTF-8 bytes, off the host's event loop. A result goes back in
 * pieces: its fields without the points, then the points in slices of SAMPLE_BUDGET raw samples (each a small
 * structured clone, so receiving one never stalls the host; the next is sent once the host acknowledged it, so
 * slices never pile up and get delivered in one go), then `done`. A summary sends only the fields and the count.
 */
import { parentPort } from 'node:worker_threads';

import { pointWeight, SAMPLE_BUDGET } from '../service/point-weight';
import { decodeBase64 } from './base64';
import { parseResultFile, storedText } from './io';
import type { ParseReply, ParseRequest } from './parse-protocol';

const port = parentPort;
if (!port) throw new Error('parse-worker.ts runs as a worker thread (electron/core/results/parse-pool.ts)');

/** Acknowledgements of slices: the next slice goes out only after the host took the previous one. */
const acks = new Map<number, () => void>();
const acked = (id: number) => new Promise<void>((resolve) => acks.set(id, resolve));

port.on('message', (msg: ParseRequest | { ack: number }) => {
  if ('ack' in msg) {
    acks.get(msg.ack)?.();
    acks.delete(msg.ack);
  } else {
    void handle(msg);
  }
});

async function handle(req: ParseRequest): Promise<void> {
  const send = (reply: ParseReply, transfer: ArrayBuffer[] = []) => port!.postMessage(reply, transfer);
  try {
    if (req.task === 'wire') {
      send({ id: req.id, done: true, value: JSON.parse(Buffer.from(req.bytes as Uint8Array).toString()) });
      return;
    }
    const content =
      req.base64 && typeof req.bytes === 'string' ? decodeBase64(req.bytes, req.name) : req.bytes;
    const parsed = parseResultFile(content, req.name);
    const result = req.newId ? { ...parsed, id: req.newId } : parsed;
    const { points, ...head } = result;
    send({ id: req.id, head });
    if (req.task === 'summary') {
      send({ id: req.id, done: true, pointCount: points.length });
      return;
    }
    let start = 0;
    while (start < points.length) {
      let end = start;
      let samples = 0;
      while (end < points.length && (end === start || samples < SAMPLE_BUDGET)) {
        samples += pointWeight(points[end++]!);
      }
      const slice = acked(req.id);
      send({ id: req.id, points: points.slice(start, end) });
      await slice;
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
}
