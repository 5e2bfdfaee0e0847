/**
 * The JSON export is the stored form byte for byte (docs/architecture.md: the export is the file as the library
 * stores it): a stored file of exactly the size limit exports to the same bytes and reads back, and a file one
 * byte over is refused with both sizes in bytes.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { main } from '../../../electron/cli/main';
import { MAX_RESULT_FILE_BYTES } from '../../../electron/contract';
import { readResultFile, storedText } from '../../../electron/core/results/io';
import { syntheticResult } from '../../fixtures/synthetic-result';
import { err } from './capture';

/** The stored text of a synthetic result padded (by one long note) to exactly `bytes` bytes. */
function storedOfSize(bytes: number): string {
  const result = syntheticResult({ notes: [''] });
  const empty = Buffer.byteLength(`${JSON.stringify(result)}\n`);
  result.notes = ['a'.repeat(bytes - empty)];
  return storedText(result, 'padded.json', bytes, 0);
}

describe('the JSON export of the largest allowed file', () => {
  it('is byte-identical to the stored file and imports again', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'syncbench-json-limit-'));
    const stored = storedOfSize(MAX_RESULT_FILE_BYTES);
    expect(Buffer.byteLength(stored)).toBe(MAX_RESULT_FILE_BYTES);
    expect(stored.endsWith('}\n')).toBe(true);
    const source = path.join(dir, 'stored.json');
    const target = path.join(dir, 'exported.json');
    writeFileSync(source, stored);
    expect(await main(['export', source, '--format', 'json', '--out', target])).toBe(0);
    expect(readFileSync(target).equals(readFileSync(source))).toBe(true);
    expect((await readResultFile(target)).notes[0]!.length).toBeGreaterThan(60_000_000);
  });

  it('one byte over the limit is refused, with the limit in bytes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'syncbench-json-limit-'));
    const source = path.join(dir, 'over.json');
    writeFileSync(source, Buffer.alloc(MAX_RESULT_FILE_BYTES + 1, 0x20));
    expect(await main(['export', source, '--format', 'json'])).toBe(2);
    expect(err).toContain('(67108865 bytes); result files are limited to 64.0 MiB (67108864 bytes)');
  });
});
