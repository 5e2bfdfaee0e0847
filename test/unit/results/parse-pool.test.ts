import { describe, expect, it } from 'vitest';

import { parseResultFile, serializeResultFile, storedText } from '../../../electron/core/results/io';
import {
  parseResultOffThread,
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
    const { result: prepared, stored } = await prepareResultOffThread(bytes, 'r.json', 'r.json', {
      newId: 'new-id-0001',
    });
    expect(prepared.id).toBe('new-id-0001');
    expect(new TextDecoder().decode(stored)).toBe(storedText({ ...result, id: 'new-id-0001' }, 'r.json'));
    expect(bytes.byteLength).toBe(Buffer.byteLength(text)); // the caller's bytes were not transferred away
  });

  it('decodes base64 there, refuses malformed base64, and summarizes without the points', async () => {
    const result = syntheticResult({ seed: 4 });
    const text = serializeResultFile(result);
    const { result: back } = await prepareResultOffThread(
      Buffer.from(text).toString('base64'),
      'b.json',
      'b.json',
      {
        base64: true,
      },
    );
    expect(back).toEqual(result);
    await expect(
      prepareResultOffThread('not base64!', 'b.json', 'b.json', { base64: true }),
    ).rejects.toMatchObject({ code: 'INVALID', message: 'b.json: the content is not valid base64.' });
    const { head, pointCount } = await summarizeResultOffThread(new TextEncoder().encode(text), 's.json');
    expect(pointCount).toBe(result.points.length);
    expect(head).toMatchObject({ id: result.id, name: result.name });
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
