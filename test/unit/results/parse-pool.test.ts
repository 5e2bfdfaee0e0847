import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { describe, expect, it } from 'vitest';

import { parseResultFile, serializeResultFile, storedText } from '../../../electron/core/results/io';
import {
  parseResultOffThread,
  parseWorkerScript,
  prepareResultOffThread,
  summarizeResultOffThread,
} from '../../../electron/core/results/parse-pool';
import { syntheticResult } from '../../fixtures/synthetic-result';

describe('parsing result files in a worker thread', () => {
  it('gives the same result, field order included, and the text to store', async () => {
    const result = syntheticResult({ seed: 3 });
    const text = serializeResultFile(result);
    const back = await parseResultOffThread(text, 'r.json');
    expect(serializeResultFile(back)).toBe(text);
    const bytes = new TextEncoder().encode(text);
    const { head, pointCount, stored } = await prepareResultOffThread(bytes, 'r.json', 'r.json', {
      newId: 'new-id-0001',
    });
    expect(head.id).toBe('new-id-0001');
    expect(head).not.toHaveProperty('points'); // an import never rebuilds its points on the host's thread
    expect(pointCount).toBe(result.points.length);
    expect(new TextDecoder().decode(stored)).toBe(storedText({ ...result, id: 'new-id-0001' }, 'r.json'));
    expect(bytes.byteLength).toBe(Buffer.byteLength(text)); // the caller's bytes were not transferred away
  });

  it('decodes base64 there, refuses malformed base64, and summarizes without the points', async () => {
    const result = syntheticResult({ seed: 4 });
    const text = serializeResultFile(result);
    const { stored } = await prepareResultOffThread(
      Buffer.from(text).toString('base64'),
      'b.json',
      'b.json',
      {
        base64: true,
      },
    );
    expect(parseResultFile(stored, 'b.json')).toEqual(result);
    await expect(
      prepareResultOffThread('not base64!', 'b.json', 'b.json', { base64: true }),
    ).rejects.toMatchObject({ code: 'INVALID', message: 'b.json: the content is not valid base64.' });
    const { head, pointCount } = await summarizeResultOffThread(new TextEncoder().encode(text), 's.json');
    expect(pointCount).toBe(result.points.length);
    expect(head).toMatchObject({ id: result.id, name: result.name });
  });

  it('stores a file of this version as it came, and a migrated one as the stored text of its migration', async () => {
    const result = syntheticResult({ seed: 6 });
    const asWritten = JSON.stringify(result, null, 3); // not how the library writes: kept anyway
    const { stored } = await prepareResultOffThread(asWritten, 'mine.json', 'mine.json');
    expect(new TextDecoder().decode(stored)).toBe(asWritten);
    const points = result.points.map(({ timing: _timing, ...p }) => p);
    const v2 = JSON.stringify({ ...result, version: 2, points });
    const { stored: migrated } = await prepareResultOffThread(
      new TextEncoder().encode(v2),
      'v2.json',
      'v2.json',
    );
    expect(new TextDecoder().decode(migrated)).toBe(storedText(parseResultFile(v2, 'v2.json'), 'v2.json'));
  });

  it('refuses with the same ResultFileError as parseResultFile', async () => {
    const bad = '{"format":"syncbench-result","version":2,"id":"12345678"}';
    let here: unknown;
    try {
      parseResultFile(bad, 'bad.json');
    } catch (error) {
      here = error;
    }
    await expect(parseResultOffThread(bad, 'bad.json')).rejects.toMatchObject({
      name: 'ResultFileError',
      code: (here as { code: string }).code,
      message: (here as Error).message,
    });
  });
});

describe('the parse worker script', () => {
  const asarDir = path.join(path.sep, 'opt', 'Sync Workbench', 'resources', 'app.asar', 'dist', 'electron');
  const moduleUrl = pathToFileURL(path.join(asarDir, 'main.js')).href;
  const inAsar = path.join(asarDir, 'parse-worker.js');
  const unpacked = inAsar.replace(`app.asar${path.sep}`, `app.asar.unpacked${path.sep}`);

  it('is the unpacked copy when the bundle is inside app.asar (a worker cannot load from the asar)', () => {
    const files = new Set([inAsar, unpacked]);
    expect(parseWorkerScript(moduleUrl, (f) => files.has(f))).toBe(unpacked);
  });

  it('is the one beside the bundle elsewhere, and null when there is none', () => {
    const dev = pathToFileURL(path.join(path.sep, 'repo', 'dist', 'electron', 'main.js')).href;
    const beside = path.join(path.sep, 'repo', 'dist', 'electron', 'parse-worker.js');
    expect(parseWorkerScript(dev, (f) => f === beside)).toBe(beside);
    // Packed but not unpacked (an old build): the copy in the asar is tried rather than none.
    expect(parseWorkerScript(moduleUrl, (f) => f === inAsar)).toBe(inAsar);
    expect(parseWorkerScript(dev, () => false)).toBeNull();
  });
});
