/**
 * A file version the library has not checked yet is read and checked once for all the calls that ask for it
 * meanwhile (library.ts storedFile): ten clients exporting one large result at once must not each read and parse it
 * (docs/architecture.md#browser-shell-bounds).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it, vi } from 'vitest';

import { ResultsLibrary } from '../../../electron/core/results/library';
import { serializeResultFile } from '../../../electron/core/results/io';
import * as parsePool from '../../../electron/core/results/parse-pool';
import { syntheticSweep } from '../../fixtures/synthetic-sweep';

vi.mock('../../../electron/core/results/parse-pool', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../electron/core/results/parse-pool')>();
  return { ...original, summarizeResultOffThread: vi.fn(original.summarizeResultOffThread) };
});

describe('ResultsLibrary.storedFile', () => {
  it('checks a file version once for calls that ask at the same time, and again once it changed', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'stored-once-'));
    const result = syntheticSweep(200, 1);
    const file = path.join(dir, `${result.id}.json`);
    writeFileSync(file, serializeResultFile(result));
    const library = new ResultsLibrary(dir);
    await library.list();
    const check = vi.mocked(parsePool.summarizeResultOffThread);
    check.mockClear();
    const files = await Promise.all(Array.from({ length: 10 }, () => library.storedFile(result.id)));
    expect(check).toHaveBeenCalledTimes(1);
    expect(new Set(files.map((f) => f?.version)).size).toBe(1);
    expect(files[0]).toMatchObject({ path: file });
    await library.storedFile(result.id);
    expect(check).toHaveBeenCalledTimes(1);
    // A new version (other bytes, later mtime) is checked again.
    writeFileSync(file, serializeResultFile({ ...result, name: 'renamed on disk' }));
    await library.list();
    check.mockClear();
    await Promise.all([library.storedFile(result.id), library.storedFile(result.id)]);
    expect(check).toHaveBeenCalledTimes(1);
  });
});
