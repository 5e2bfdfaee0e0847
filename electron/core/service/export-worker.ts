/**
 * The worker thread of `export-pool.ts`: runs one export job (export-task.ts) off the host's event loop, reports its
 * progress, and sends the export's bytes back transferred (never copied), or the error that stopped it (its name,
 * code and message, so the host can say why).
 */
import { parentPort } from 'node:worker_threads';

import { runExportJob, type ExportJob } from './export-task';
import type { ExportReply } from './export-pool';

const port = parentPort;
if (!port) throw new Error('export-worker.ts runs as a worker thread (electron/core/service/export-pool.ts)');

port.once('message', (job: ExportJob) => {
  const send = (reply: ExportReply, transfer: ArrayBuffer[] = []) => port.postMessage(reply, transfer);
  runExportJob(job, (progress) => send({ progress }))
    .then((bytes) => {
      // A view of Node's shared pool is copied into a buffer of its own, which can be transferred.
      const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      const out = own ? bytes : new Uint8Array(bytes);
      send({ bytes: out }, [out.buffer as ArrayBuffer]);
    })
    .catch((error: unknown) => {
      const e = error instanceof Error ? error : new Error(String(error));
      const { code, text } = e as Error & { code?: unknown; text?: unknown };
      send({
        error: { name: e.name, message: e.message, code: typeof code === 'string' ? code : null, text },
      });
    });
});
