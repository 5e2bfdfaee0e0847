import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { serializeResultFile } from '../../../electron/core/results/io';
import { ResultsLibrary } from '../../../electron/core/results/library';
import { syntheticResult } from '../../fixtures/synthetic-result';
import { RESULT_VERSION } from '../../../electron/model/results/schema';

const text = (bytes: Uint8Array | null) => (bytes ? Buffer.from(bytes).toString() : null);

describe('storedJson: a stored file whose text is the result as it is', () => {
  it('gives the bytes of a valid file of this version, which parse to what get gives', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-stored-'));
    const library = new ResultsLibrary(dir);
    const result = syntheticResult({ seed: 11, id: 'stored-json-1' });
    await library.save(result);
    const bytes = await library.storedJson(result.id);
    expect(text(bytes)).toBe(readFileSync(path.join(dir, `${result.id}.json`), 'utf8'));
    expect(JSON.parse(text(bytes)!)).toEqual(await library.get(result.id));
  });

  it('leaves out a byte-order mark, gives null for an older version, and refuses an invalid file', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-stored-'));
    const result = syntheticResult({ seed: 12, id: 'stored-json-bom' });
    writeFileSync(path.join(dir, 'stored-json-bom.json'), `\uFEFF${serializeResultFile(result)}`);
    const old = syntheticResult({ seed: 13, id: 'stored-json-v2' });
    const points = old.points.map(({ timing: _timing, ...p }) => p);
    writeFileSync(path.join(dir, 'stored-json-v2.json'), JSON.stringify({ ...old, version: 2, points }));
    const library = new ResultsLibrary(dir);
    expect(text(await library.storedJson('stored-json-bom'))).toBe(serializeResultFile(result));
    expect(await library.storedJson('stored-json-v2')).toBeNull(); // migrated on get, so not as it is
    expect((await library.get('stored-json-v2')).version).toBe(RESULT_VERSION);
    // The file is changed into something invalid after it was listed.
    writeFileSync(path.join(dir, 'stored-json-bom.json'), '{"format":"syncbench-result","version":3}');
    // Refused as get refuses it (the listing no longer holds it): its bytes are never served.
    const refused = await library.storedJson('stored-json-bom').catch((e: Error) => e);
    const viaGet = await library.get('stored-json-bom').catch((e: Error) => e);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).name).toBe((viaGet as Error).name);
    await expect(library.storedJson('no-such-id')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
