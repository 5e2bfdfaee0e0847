/**
 * Exports read a stored result in their worker thread (results/stored-file.ts, export-task.ts), so the host's thread
 * never holds its bytes; a file that changed after it was checked is read again through the library.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { formatResult } from '../../../electron/core/format';
import { ResultsLibrary } from '../../../electron/core/results/library';
import { STORED_FILE_CHANGED, type StoredFile } from '../../../electron/core/results/stored-file';
import { buildExport } from '../../../electron/core/service/export';
import { exportOffThread } from '../../../electron/core/service/export-pool';
import type { ExportJob } from '../../../electron/core/service/export-task';
import type { ResultFormatter, ResultsStore } from '../../../electron/core/service/ports';
import { syntheticSweep } from '../../fixtures/synthetic-sweep';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'syncbench-export-stored-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const job = (file: StoredFile): ExportJob => ({
  format: 'csv',
  locale: 'en',
  inputs: [{ name: 'sweep', file, checked: true }],
  reportAssets: null,
  referenceIds: [],
  encoding: 'text',
});

const noFormatter: ResultFormatter = {
  formatResult: () => {
    throw new Error('made on this thread');
  },
};

describe('an export of a stored file', () => {
  it('is read and made in the worker thread from the file the library checked', async () => {
    const library = new ResultsLibrary(dir);
    const result = syntheticSweep(200, 2);
    await library.save(result);
    const file = await library.storedFile(result.id);
    expect(file).toMatchObject({ path: join(dir, `${result.id}.json`) });
    const bytes = await exportOffThread(job(file!));
    expect(Buffer.from(bytes).toString('utf8')).toBe(formatResult(result, 'csv'));
  }, 60_000);

  it('is refused by the thread when the file is no longer the version that was checked', async () => {
    const library = new ResultsLibrary(dir);
    const result = syntheticSweep(20, 1);
    await library.save(result);
    const file = (await library.storedFile(result.id))!;
    await library.rename(result.id, 'renamed since');
    await expect(exportOffThread(job(file))).rejects.toMatchObject({ code: STORED_FILE_CHANGED });
  }, 60_000);

  it('is read again through the library when the file changed after it was checked', async () => {
    const library = new ResultsLibrary(dir);
    const result = syntheticSweep(50, 1);
    await library.save(result);
    const stale: ResultsStore = Object.assign(Object.create(library) as ResultsLibrary, {
      storedFile: async (id: string) => ({ ...(await library.storedFile(id))!, version: 'an older one' }),
    });
    const sent: string[] = [];
    const run: typeof exportOffThread = (j, options) => {
      sent.push(...j.inputs.map((input) => (input.file ? 'file' : 'bytes')));
      return exportOffThread(j, options);
    };
    const outcome = await buildExport({ ids: [result.id], format: 'csv' }, stale, noFormatter, {
      run,
      reportDir: null,
    });
    expect(outcome.ok && outcome.value.content).toBe(formatResult(result, 'csv'));
    expect(sent).toEqual(['file', 'bytes']);
  }, 60_000);
});
