/**
 * The worker thread of `parse-pool.ts`: parses and validates result files (io.ts parseResultFile), and for a store
 * also makes the stored text (io.ts storedText) as UTF-8 bytes, off the host's event loop. A parsed result goes back
 * in pieces: its fields without the points, then the points in slices of SLICE_SAMPLES raw samples (each a small
 * structured clone, so receiving one never stalls the host; the next is sent once the host acknowledged it, so
 * slices never pile up and get delivered in one go), then `done`. A summary sends only the fields and the count; a
 * store (prepare) the fields, the count and the stored bytes (transferred), so an import never rebuilds its points
 * on the host's thread.
 */
import { parentPort } from 'node:worker_threads';

import { pointWeight, SAMPLE_BUDGET } from './point-weight';
import type { HostText } from '../../contract';
import type { ParseReply, ParseRequest } from './parse-protocol';
import { runParseTask } from './parse-task';

/**
 * Raw samples per slice of points sent to the host: a fifth of SAMPLE_BUDGET. Rebuilding a slice (structured
 * clone) on the host's thread costs several times what serializing it does: a CPU profile of bench/event-loop.ts
 * opening a 10,000-point result showed 50,000-sample slices taking 110-210 ms each there on a 2-core machine.
 */
const SLICE_SAMPLES = SAMPLE_BUDGET / 5;

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
    const { result, stored, currentVersion } = runParseTask(req);
    const { points, ...head } = result;
    send({ id: req.id, head });
    if (req.task === 'summary') {
      send({ id: req.id, done: true, pointCount: points.length, currentVersion });
      return;
    }
    if (stored) {
      // An import needs the fields, the count and the bytes to store, never the points on the host's thread.
      send({ id: req.id, done: true, stored, pointCount: points.length }, [stored.buffer as ArrayBuffer]);
      return;
    }
    let start = 0;
    while (start < points.length) {
      let end = start;
      let samples = 0;
      while (end < points.length && (end === start || samples < SLICE_SAMPLES)) {
        samples += pointWeight(points[end++]!);
      }
      const slice = acked(req.id);
      send({ id: req.id, points: points.slice(start, end) });
      await slice;
      start = end;
    }
    send({ id: req.id, done: true });
  } catch (error) {
    const e = error as { name?: string; code?: string; message?: string; text?: HostText };
    send({
      id: req.id,
      error: {
        name: e.name ?? 'Error',
        code: e.code ?? 'INVALID',
        message: e.message ?? String(error),
        ...(e.text ? { text: e.text } : {}),
      },
    });
  }
}
