/**
 * Repeated exports of the same file versions are answered from memory (export-cache.ts), and never stale: a file
 * rewritten with the same size and modification time, deleted or renamed is exported again from what it is now.
 */
import { mkdtemp, readFile, rm, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { formatResult } from '../../../electron/core/format';
import { ResultsLibrary } from '../../../electron/core/results/library';
import { buildExport } from '../../../electron/core/service/export';
import { BytesCache } from '../../../electron/core/results/bytes-cache';
import { cachedExportRunner, exportKey } from '../../../electron/core/service/export-cache';
import { exportOffThread } from '../../../electron/core/service/export-pool';
import type { ExportJob } from '../../../electron/core/service/export-task';
import type { ExportRunner, ResultFormatter } from '../../../electron/core/service/ports';
import { syntheticResult } from '../../fixtures/synthetic-result';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'syncbench-export-cache-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const noFormatter: ResultFormatter = {
  formatResult: () => {
    throw new Error('made on this thread');
  },
};

const job = (over: Partial<ExportJob> = {}): ExportJob => ({
  format: 'csv',
  locale: 'en',
  inputs: [{ name: 'a', file: { path: '/r/a.json', version: '1:2:3:4:5', bytes: 5 }, checked: true }],
  reportAssets: null,
  referenceIds: [],
  encoding: 'text',
  ...over,
});

/** A runner that counts its runs and answers the job's input versions as the export's bytes. */
function countingRunner() {
  const runs: ExportJob[] = [];
  const runner: ExportRunner = {
    reportDir: null,
    run: async (j) => {
      runs.push(j);
      return new TextEncoder().encode(j.inputs.map((i) => i.file?.version ?? 'bytes').join(','));
    },
  };
  return { runs, runner };
}

describe('exportKey', () => {
  it('names every input file version, and nothing that cannot be kept', () => {
    const base = exportKey(job());
    expect(base).toContain('1:2:3:4:5');
    const otherVersion = job({
      inputs: [{ name: 'a', file: { path: '/r/a.json', version: '1:2:9:4:5', bytes: 5 }, checked: true }],
    });
    expect(exportKey(otherVersion)).not.toBe(base);
    expect(exportKey(job({ locale: 'zh-CN' }))).not.toBe(base);
    expect(exportKey(job({ encoding: 'json-string' }))).not.toBe(base);
    expect(exportKey(job({ inputs: [{ name: 'a', bytes: new Uint8Array(3), checked: true }] }))).toBeNull();
    expect(exportKey(job({ format: 'html' }))).toBeNull();
  });
});

describe('BytesCache', () => {
  it('keeps the most recently used entries within its bytes', () => {
    const cache = new BytesCache(10, 6);
    cache.set('a', new Uint8Array(4).fill(1));
    cache.set('b', new Uint8Array(4).fill(2));
    cache.get('a');
    cache.set('c', new Uint8Array(4).fill(3));
    expect(cache.get('b')).toBeNull();
    expect(cache.size).toBe(8);
    cache.set('big', new Uint8Array(7));
    expect(cache.get('big')).toBeNull();
    expect([...cache.get('a')!]).toEqual([1, 1, 1, 1]);
  });
});

describe('cachedExportRunner', () => {
  it('runs a job once per key and refuses a cancelled call', async () => {
    const { runs, runner } = countingRunner();
    const cached = cachedExportRunner(runner);
    const first = await cached.run(job());
    const second = await cached.run(job());
    expect(Buffer.from(second).toString()).toBe(Buffer.from(first).toString());
    expect(runs).toHaveLength(1);
    // Each caller gets its own copy: changing one changes neither the kept bytes nor the next answer.
    second.fill(0);
    expect(Buffer.from(await cached.run(job())).toString()).toBe(Buffer.from(first).toString());
    const aborted = AbortSignal.abort();
    await expect(cached.run(job(), { signal: aborted })).rejects.toMatchObject({ code: 'CANCELLED' });
    await cached.run(job({ inputs: [{ name: 'a', bytes: new Uint8Array(1), checked: true }] }));
    await cached.run(job({ inputs: [{ name: 'a', bytes: new Uint8Array(1), checked: true }] }));
    expect(runs).toHaveLength(3);
  });

  it('hands an export too large to keep back as it came, without a copy, and makes it again', async () => {
    const { runs, runner } = countingRunner();
    const made: Uint8Array[] = [];
    const recording: ExportRunner = {
      reportDir: null,
      run: async (j, o) => {
        const bytes = await runner.run(j, o);
        made.push(bytes);
        return bytes;
      },
    };
    // Entries of at most 4 bytes: the runner's answer ('1:2:3:4:5') is over it.
    const cache = new BytesCache(64, 4);
    const offered = vi.spyOn(cache, 'set');
    const cached = cachedExportRunner(recording, cache);
    const first = await cached.run(job());
    expect(first).toBe(made[0]);
    // Not offered to the cache at all: offering it would copy it first, on the host's thread.
    expect(offered).not.toHaveBeenCalled();
    await cached.run(job());
    expect(runs).toHaveLength(2);
  });
});

describe('a cached CSV export of a library file', () => {
  const result = syntheticResult({
    id: 'cached-export',
    name: 'SYNTHETIC cached export',
    points: [{ series: 'grid', label: 'grid, 1 blocks/SM', x: 1, perSyncNs: 800, reps: 3 }],
  });
  let threads = 0;
  const runner = () =>
    cachedExportRunner({
      run: (j, options) => {
        threads += 1;
        return exportOffThread(j, options);
      },
      reportDir: null,
    });
  beforeEach(() => {
    threads = 0;
  });
  const csv = async (library: ResultsLibrary, exporter: ExportRunner) => {
    const outcome = await buildExport({ ids: [result.id], format: 'csv' }, library, noFormatter, exporter);
    return outcome.ok ? outcome.value.content : outcome.code;
  };

  it('is made again for a file rewritten in place with the same size and modification time', async () => {
    const library = new ResultsLibrary(dir);
    const exporter = runner();
    await library.save(result);
    const path = join(dir, `${result.id}.json`);
    const fixed = new Date('2001-02-03T04:05:06Z');
    await utimes(path, fixed, fixed);
    expect(await csv(library, exporter)).toBe(formatResult(result, 'csv'));
    expect(await csv(library, exporter)).toBe(formatResult(result, 'csv'));
    expect(threads).toBe(1);
    const { size } = await stat(path);
    const text = await readFile(path, 'utf8');
    await writeFile(path, text.replace('grid, 1 blocks/SM', 'grid, 9 blocks/SM'));
    await utimes(path, fixed, fixed);
    expect((await stat(path)).size).toBe(size);
    const changed = { ...result, points: [{ ...result.points[0]!, label: 'grid, 9 blocks/SM' }] };
    expect(await csv(library, exporter)).toBe(formatResult(changed, 'csv'));
    expect(threads).toBe(2);
  }, 60_000);

  it('is not served for a deleted file, and follows a rename', async () => {
    const library = new ResultsLibrary(dir);
    const exporter = runner();
    await library.save(result);
    const before = await csv(library, exporter);
    await library.rename(result.id, 'SYNTHETIC renamed export');
    const renamed = await buildExport({ ids: [result.id], format: 'md' }, library, noFormatter, exporter);
    expect(renamed.ok && renamed.value.fileName).toBe('SYNTHETIC-renamed-export.md');
    expect(await csv(library, exporter)).toBe(before);
    // The rename rewrote the file (a new version): its CSV is made again, the same as before.
    expect(threads).toBe(3);
    await unlink(join(dir, `${result.id}.json`));
    expect(await csv(library, exporter)).toBe('NOT_FOUND');
  }, 60_000);
});
