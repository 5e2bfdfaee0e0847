/**
 * Scale test (not a measurement): a JSON export of the largest result file the product accepts imports again. The
 * result is synthetic (test/fixtures/synthetic-sweep.ts; its device, host and notes say so), padded by a note to
 * exactly MAX_RESULT_FILE_BYTES as compact JSON.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { MAX_RESULT_FILE_BYTES } from '../../../electron/contract';
import { exportCommand } from '../../../electron/cli/export-command';
import type { ResultFile } from '../../../electron/model/results/schema';
import { createWorkbenchService } from '../../../electron/core/service/create-service';
import { EXPORT_BYTES } from '../../../electron/core/service/export';
import { SYNTHETIC_DEVICE_NAME } from '../../fixtures/synthetic-result';
import { syntheticSweep } from '../../fixtures/synthetic-sweep';
import { FakeSupervisedBackend } from './doubles';

const compactBytes = (result: ResultFile) => Buffer.byteLength(`${JSON.stringify(result)}\n`, 'utf8');

/** A synthetic result whose compact JSON (with its final newline) is exactly MAX_RESULT_FILE_BYTES. */
function largestAllowed(): ResultFile {
  const perPoint = compactBytes(syntheticSweep(1001, 1)) - compactBytes(syntheticSweep(1000, 1));
  const base = syntheticSweep(Math.floor((MAX_RESULT_FILE_BYTES - 4096) / perPoint) - 200, 1);
  const note = 'Synthetic padding to the size limit (scale test, not a measurement): ';
  const withNote = (pad: number) => ({ ...base, notes: [...base.notes, note + 'x'.repeat(pad)] });
  const pad = MAX_RESULT_FILE_BYTES - compactBytes(withNote(0));
  return withNote(pad);
}

describe('a JSON export of the largest allowed result file imports again', () => {
  let root: string;
  let bytes: Buffer;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'syncbench-round-trip-'));
    bytes = Buffer.from(`${JSON.stringify(largestAllowed())}\n`, 'utf8');
  }, 120_000);
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const service = (folder: string) =>
    createWorkbenchService({
      backend: new FakeSupervisedBackend(),
      resultsDir: join(root, folder),
      resourcesDir: 'resources',
    });

  it('is synthetic, and exactly as large as the limit allows', () => {
    expect(bytes.byteLength).toBe(MAX_RESULT_FILE_BYTES);
    const text = bytes.toString('utf8', 0, 4096);
    expect(text).toContain('SYNTHETIC');
  });

  it('the service exports it byte for byte as stored, and another library imports the export', async () => {
    const first = service('first');
    const stored = await first.importResult({ fileName: 'largest.json', bytes: new Uint8Array(bytes) });
    if (!stored.ok) throw new Error(stored.message);
    expect(stored.value.deviceName).toBe(SYNTHETIC_DEVICE_NAME);
    const exported = await first.exportResults(
      { ids: [stored.value.id], format: 'json' },
      { deliver: 'bytes' },
    );
    if (!exported.ok) throw new Error(exported.message);
    const out = Buffer.from(exported.value[EXPORT_BYTES]!);
    expect(out.equals(bytes)).toBe(true);
    const again = await service('second').importResult({ fileName: exported.value.fileName, bytes: out });
    if (!again.ok) throw new Error(again.message);
    expect(again.value.importOutcome?.status).toBe('added');
    expect(again.value.points).toBe(stored.value.points);
  }, 300_000);

  it('syncbench export --format json writes compact JSON that the library imports', async () => {
    const { writeFile } = await import('node:fs/promises');
    const input = join(root, 'largest-in.json');
    const output = join(root, 'largest-out.json');
    await writeFile(input, bytes);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await exportCommand([input], { format: 'json', out: output })).toBe(0);
    } finally {
      stderr.mockRestore();
    }
    const written = await readFile(output);
    expect(written.byteLength).toBeLessThanOrEqual(MAX_RESULT_FILE_BYTES);
    const again = await service('third').importResult({ fileName: 'largest-out.json', bytes: written });
    if (!again.ok) throw new Error(again.message);
    expect(again.value.importOutcome?.status).toBe('added');
  }, 300_000);
});
