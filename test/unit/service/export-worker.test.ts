/**
 * The export worker thread (export-pool.ts): progress, cancel (the thread ends, nothing is written), a failing
 * export's cause, and the same bytes as the formats made on this thread.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { formatResult } from '../../../electron/core/format';
import { ResultFileError } from '../../../electron/core/results/errors';
import { createWorkbenchService } from '../../../electron/core/service/create-service';
import { EXPORT_BYTES } from '../../../electron/core/service/export';
import { ExportCancelledError, exportOffThread } from '../../../electron/core/service/export-pool';
import type { ExportJob, ExportProgress } from '../../../electron/core/service/export-task';
import { syntheticSweep } from '../../fixtures/synthetic-sweep';
import { FakeSupervisedBackend } from './doubles';

const bytesOf = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');

function job(format: ExportJob['format'], bytes: Uint8Array, name = 'sweep.json'): ExportJob {
  return {
    format,
    locale: 'en',
    inputs: [{ name, bytes }],
    reportAssets: null,
    referenceIds: [],
    encoding: 'text',
  };
}

/** Resolves when the thread has ended. */
const ended = (worker: Worker) => new Promise<number>((resolve) => worker.once('exit', resolve));

describe('exports in a worker thread', () => {
  it('reports progress in order and hands back the bytes this thread would make', async () => {
    const result = syntheticSweep(300, 2);
    const progress: ExportProgress[] = [];
    const bytes = await exportOffThread(job('md', bytesOf(result)), { onProgress: (p) => progress.push(p) });
    expect(Buffer.from(bytes).toString('utf8')).toBe(formatResult(result, 'md'));
    expect(progress.map((p) => p.stage)).toEqual(['read', 'build', 'encode']);
    expect(progress[0]).toEqual({ stage: 'read', done: 0, total: 1 });
  }, 60_000);

  it('writes a result as a JSON string for a wire reply', async () => {
    const result = syntheticSweep(50, 1);
    const bytes = await exportOffThread({ ...job('csv', bytesOf(result)), encoding: 'json-string' });
    expect(JSON.parse(Buffer.from(bytes).toString('utf8'))).toBe(formatResult(result, 'csv'));
  }, 60_000);

  it('cancel ends the thread at once and rejects; nothing comes back', async () => {
    const controller = new AbortController();
    let worker: Worker | null = null;
    let exit: Promise<number> | null = null;
    const work = exportOffThread(job('md', bytesOf(syntheticSweep(20_000, 1))), {
      signal: controller.signal,
      onWorker: (w) => {
        worker = w;
        exit = ended(w);
      },
      // Cancelled as soon as the thread has started on the input.
      onProgress: () => controller.abort(),
    });
    await expect(work).rejects.toBeInstanceOf(ExportCancelledError);
    expect(worker).not.toBeNull();
    expect(typeof (await exit!)).toBe('number');
  }, 60_000);

  it('says what was wrong when the export fails: the input, the field, the line', async () => {
    const bad = Buffer.from('{"format": "syncbench-result", "version": ', 'utf8');
    const failed = exportOffThread(job('md', bad, 'cut.json'));
    await expect(failed).rejects.toBeInstanceOf(ResultFileError);
    await expect(failed).rejects.toMatchObject({
      code: 'BAD_JSON',
      message: expect.stringContaining('cut.json'),
    });
    const noPage = exportOffThread(job('html', bytesOf(syntheticSweep(5, 1))));
    await expect(noPage).rejects.toThrow(/report page/);
  }, 60_000);

  it('refuses at once when the signal was already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      exportOffThread(job('csv', bytesOf(syntheticSweep(5, 1))), { signal: controller.signal }),
    ).rejects.toBeInstanceOf(ExportCancelledError);
  });
});

describe('the service exports off the event loop', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'syncbench-export-worker-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  function service() {
    return createWorkbenchService({
      backend: new FakeSupervisedBackend(),
      resultsDir: join(root, 'results'),
      resourcesDir: 'resources',
    });
  }

  it('a cancelled export fails with its reason and leaves the folder as it was', async () => {
    const s = service();
    const stored = await s.importResult({
      fileName: 'sweep.json',
      bytes: bytesOf(syntheticSweep(20_000, 1)),
    });
    if (!stored.ok) throw new Error(stored.message);
    const before = await readdir(join(root, 'results'));
    const controller = new AbortController();
    const outcome = await s.exportResults(
      { ids: [stored.value.id], format: 'md' },
      { signal: controller.signal, deliver: 'bytes', onProgress: () => controller.abort() },
    );
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.message).toMatch(/cancelled; nothing was written/);
    expect(await readdir(join(root, 'results'))).toEqual(before);
  }, 120_000);

  it('hands the desktop bytes and the browser shell a JSON string, both of the same text', async () => {
    const s = service();
    const result = syntheticSweep(200, 2);
    const stored = await s.importResult({ fileName: 'sweep.json', bytes: bytesOf(result) });
    if (!stored.ok) throw new Error(stored.message);
    const req = { ids: [stored.value.id], format: 'md' as const };
    const text = await s.exportResults(req);
    const bytes = await s.exportResults(req, { deliver: 'bytes' });
    const wire = await s.exportResultsWire(req);
    if (!text.ok || !bytes.ok || !wire.ok) throw new Error('export failed');
    expect(text.value.content).toBe(formatResult(result, 'md'));
    expect(Buffer.from(bytes.value[EXPORT_BYTES]!).toString('utf8')).toBe(text.value.content);
    expect(JSON.parse(Buffer.from(wire.value[EXPORT_BYTES]!).toString('utf8'))).toBe(text.value.content);
    expect(bytes.value.content).toBeNull();
  }, 120_000);
});
