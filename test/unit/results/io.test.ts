import { mkdtemp, readFile, readdir, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ResultFileError, type ResultFileErrorCode } from '../../../electron/core/results/errors';
import {
  MAX_RESULT_FILE_BYTES,
  parseResultFile,
  readResultFile,
  serializeResultFile,
  writeResultFile,
} from '../../../electron/core/results/io';
import { MIGRATIONS, type Migration } from '../../../electron/core/results/migrations';
import { RESULT_VERSION } from '../../../electron/model/results/schema';
import { syntheticResult } from '../../fixtures/synthetic-result';

const corpusDir = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/malformed');

/** Every file of the malformed corpus, the code it is refused with, and what its message must say. */
const CORPUS: [file: string, code: ResultFileErrorCode, message: RegExp][] = [
  [
    'truncated.txt',
    'BAD_JSON',
    /not valid JSON at line \d+, column \d+: the JSON ends early \(the file is truncated\)/,
  ],
  ['trailing-comma.txt', 'BAD_JSON', /not valid JSON at line \d+, column 14: unexpected ","\.$/],
  ['empty.txt', 'BAD_JSON', /the file is empty/],
  [
    'not-a-result.txt',
    'NOT_A_RESULT',
    /format: expected "syncbench-result", got nothing .*not a Sync Workbench result file/,
  ],
  ['top-level-array.txt', 'NOT_A_RESULT', /the JSON is an array of 1, not an object/],
  [
    'newer-version.txt',
    'NEWER_VERSION',
    /version 99, made by a newer Sync Workbench; this one reads up to version 4/,
  ],
  [
    'unknown-version.txt',
    'UNKNOWN_VERSION',
    /format version 0 is unknown to this Sync Workbench \(it reads version 1 to 4\)/,
  ],
  ['version-not-a-number.txt', 'UNKNOWN_VERSION', /version: expected a whole number .*got string "1.0"/],
  [
    'missing-fields.txt',
    'INVALID',
    /provenance: missing \(expected object\); points\[0\]\.perSyncNs\.median: missing \(expected number\)/,
  ],
  ['wrong-types.txt', 'INVALID', /points\[0\]\.perSyncNs\.median: expected number, got string "11.5"$/],
  ['unknown-field.txt', 'INVALID', /points\[0\]: unknown field "perSyncUs" \(not part of format version 4\)/],
  ['bad-date.txt', 'INVALID', /createdAt: expected an ISO 8601 date-time .*got string "yesterday"/],
  [
    'wrong-units.txt',
    'WRONG_UNITS',
    /units\.perSync: expected "ns" \(per-sync times in nanoseconds\), got string "us"/,
  ],
  ['non-utf8.txt', 'NOT_UTF8', /not UTF-8 text: invalid byte 0xFF at byte offset 93 \(line 5\)/],
  ['utf16.txt', 'NOT_UTF8', /byte offset 0 .*UTF-16 byte-order mark: save it as UTF-8/],
];

function refusal(run: () => unknown): ResultFileError {
  try {
    run();
  } catch (error) {
    if (error instanceof ResultFileError) return error;
    throw error;
  }
  throw new Error('expected a ResultFileError, but the file was accepted');
}

describe('cross-field checks', () => {
  const base = () => syntheticResult();

  it('needs at least one point unless the run failed', () => {
    const empty = { ...base(), points: [], ratios: [], notes: [] };
    expect(refusal(() => parseResultFile(JSON.stringify(empty), 'empty.json')).message).toBe(
      'empty.json: points: a complete result needs at least one point (only a failed run may have none)',
    );
    const failed = { ...empty, status: 'failed', error: { code: 'CUDA', message: 'launch failed' } };
    expect(parseResultFile(JSON.stringify(failed), 'failed.json').points).toEqual([]);
  });

  it('refuses headline ratios of points that are not in the file', () => {
    const result = base();
    const doc = { ...result, points: result.points.slice(0, 1) };
    const error = refusal(() => parseResultFile(JSON.stringify(doc), 'ratios.json'));
    expect(error.code).toBe('INVALID');
    expect(error.message).toMatch(
      /ratios\[0\]\.numerator: "[^"]+" is not the label of any point in the file/,
    );
  });

  it('refuses notes that count or name points the file does not hold', () => {
    const result = base();
    const doc = {
      ...result,
      notes: [
        '9 point(s) stopped before reaching the noise target (marked noisy, kept).',
        'Less than one SM cycle per unit (see the SASS), so no per-sync ratio uses it: ghost point.',
      ],
    };
    const error = refusal(() => parseResultFile(JSON.stringify(doc), 'notes.json'));
    expect(error.message).toMatch(/notes\[0\]: speaks of 9 point\(s\), but the file holds 5/);
    expect(error.message).toMatch(/notes\[1\]: names points the file does not hold: ghost point/);
  });
});

describe('parseResultFile', () => {
  it('names the lead byte of an unfinished UTF-8 sequence, not the byte after it', () => {
    const head = new TextEncoder().encode('{"format": "x');
    const bytes = new Uint8Array([...head, 0xe9, 0x20, 0x41]);
    expect(() => parseResultFile(bytes, 'latin1.json')).toThrow(/invalid byte 0xE9 at byte offset 13/);
  });

  it('reads back what serializeResultFile wrote', () => {
    const result = syntheticResult();
    expect(parseResultFile(serializeResultFile(result), 'run.json')).toEqual(result);
    expect(parseResultFile(new TextEncoder().encode(serializeResultFile(result)), 'run.json')).toEqual(
      result,
    );
  });

  it('ignores a UTF-8 byte-order mark', () => {
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(serializeResultFile(syntheticResult())),
    ]);
    expect(parseResultFile(bytes, 'bom.json').id).toBe('synthetic-1');
  });

  it.each(CORPUS)('refuses %s with %s and says why', async (file, code, message) => {
    const bytes = await readFile(join(corpusDir, file));
    const error = refusal(() => parseResultFile(bytes, file));
    expect(error.code).toBe(code);
    expect(error.message.startsWith(`${file}: `)).toBe(true);
    expect(error.message).toMatch(message);
  });

  it('covers every file of the corpus', async () => {
    const files = (await readdir(corpusDir)).filter((f) => f.endsWith('.txt'));
    expect(files.sort()).toEqual(CORPUS.map(([f]) => f).sort());
  });

  it('refuses content over the size limit, naming the size and the limit', () => {
    const error = refusal(() => parseResultFile(new Uint8Array(MAX_RESULT_FILE_BYTES + 1), 'huge.json'));
    expect(error.code).toBe('TOO_LARGE');
    expect(error.message).toBe(
      'huge.json: the file is 64.0 MiB (67108865 bytes); result files are limited to 64.0 MiB (67108864 bytes).',
    );
  });

  it('lists at most five schema problems and counts the rest', () => {
    const result = syntheticResult() as unknown as { points: Record<string, unknown>[] };
    for (const point of result.points.slice(0, 4)) point.reps = 'many';
    result.points.push({ ...result.points[0], index: 'x' });
    const error = refusal(() => parseResultFile(JSON.stringify(result), 'many.json'));
    expect(error.message.split('; ')).toHaveLength(6);
    expect(error.message).toMatch(/; and 1 more problem$/);
  });

  it('migrates an older version through the registry before validating', () => {
    // A fictional version 0 that called the per-sync unit `perSyncUnit` and had no `notes`, then the real 1 -> 2.
    const { units, notes: _notes, sanitizer: _sanitizer, ...rest } = syntheticResult();
    const v0 = { ...rest, version: 0, units: { ...units, perSyncUnit: units.perSync, perSync: undefined } };
    const toV1: Migration = (doc) => {
      const { perSyncUnit, ...others } = doc.units as Record<string, unknown>;
      return { ...doc, units: { ...others, perSync: perSyncUnit }, notes: ['migrated from version 0'] };
    };
    const migrations = new Map([[0, toV1], ...MIGRATIONS]);
    const migrated = parseResultFile(JSON.stringify(v0), 'old.json', { migrations });
    expect(migrated.version).toBe(RESULT_VERSION);
    expect(migrated.units.perSync).toBe('ns');
    expect(migrated.notes).toEqual(['migrated from version 0']);
    expect(migrated.sanitizer).toBeNull();
  });

  it('reads a version-2 file as the current version, each point labelled with the timing its harness used', () => {
    const current = syntheticResult();
    const points = current.points.map(({ timing: _timing, ...p }, i) =>
      i === 0 ? { ...p, stoppedBy: 'published' } : p,
    );
    const migrated = parseResultFile(JSON.stringify({ ...current, version: 2, points }), 'v2.json');
    expect(migrated.version).toBe(RESULT_VERSION);
    expect(migrated.points[0]!.timing).toEqual({ body: 'published', unroll: 0 });
    expect(
      migrated.points.slice(1).every((p) => p.timing.body === 'interleaved' && p.timing.unroll === 1),
    ).toBe(true);
  });

  it('reads a version-1 file (before compute-sanitizer reports) as the current version with no report', () => {
    const { sanitizer: _sanitizer, ...v1 } = { ...syntheticResult(), version: 1 };
    const migrated = parseResultFile(JSON.stringify(v1), 'v1.json');
    expect(migrated.version).toBe(RESULT_VERSION);
    expect(migrated.sanitizer).toBeNull();
    expect('sanitizer' in v1).toBe(false);
  });
});

describe('the version 3 -> 4 migration (clusters as launched, a shared GPU)', () => {
  it('gives every old point the cluster attribute it was launched with and leaves sharing unknown', () => {
    const current = syntheticResult({
      points: [
        { series: 'cluster of 1', label: 'cluster of 1', perSyncNs: 26 },
        { series: 'cluster of 2', label: 'cluster of 2', perSyncNs: 190 },
        { series: 'block', label: 'block', perSyncNs: 9 },
      ],
    });
    const sizes = [1, 2, 0];
    const points = current.points.map(({ gpuShared: _shared, ...p }, i) => {
      const { clusterAttribute: _attribute, ...launch } = p.launch;
      return { ...p, launch: { ...launch, clusterSize: sizes[i] } };
    });
    const { gpuSharing: _sharing, ...v3 } = { ...current, version: 3, points };
    const migrated = parseResultFile(JSON.stringify(v3), 'v3.json');
    expect(migrated.version).toBe(RESULT_VERSION);
    expect(migrated.points.map((p) => [p.launch.clusterSize, p.launch.clusterAttribute])).toEqual([
      [1, false],
      [2, true],
      [0, false],
    ]);
    expect(migrated.points.every((p) => p.gpuShared === null)).toBe(true);
    expect(migrated.gpuSharing).toBeNull();
  });
});

describe('readResultFile and writeResultFile', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'syncbench-io-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes atomically and reads back an equal result', async () => {
    const path = join(dir, 'run.json');
    const result = syntheticResult();
    await writeResultFile(path, result);
    expect(await readResultFile(path)).toEqual(result);
    expect(await readdir(dir)).toEqual(['run.json']);
  });

  it('refuses to write an invalid result and leaves nothing behind', async () => {
    const bad = { ...syntheticResult(), units: { ...syntheticResult().units, perSync: 'us' } };
    await expect(writeResultFile(join(dir, 'bad.json'), bad as never)).rejects.toMatchObject({
      code: 'WRONG_UNITS',
    });
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses a huge file before reading it', async () => {
    const path = join(dir, 'huge.json');
    await writeFile(path, '');
    await truncate(path, MAX_RESULT_FILE_BYTES + 1024); // sparse: nothing is written or read
    await expect(readResultFile(path)).rejects.toMatchObject({
      code: 'TOO_LARGE',
      message: expect.stringMatching(
        /the file is 64\.0 MiB \(67109888 bytes\); result files are limited to 64\.0 MiB/,
      ),
    });
  });

  it('refuses to write a non-finite number, saying so instead of "expected number, got number"', async () => {
    const result = syntheticResult();
    result.ratios[0]!.value = Number.POSITIVE_INFINITY;
    await expect(writeResultFile(join(dir, 'inf.json'), result)).rejects.toMatchObject({
      code: 'INVALID',
      message: expect.stringMatching(/ratios\[0\]\.value: expected a finite number, got Infinity$/),
    });
    expect(await readdir(dir)).toEqual([]);
  });

  it('says when the file cannot be read', async () => {
    await expect(readResultFile(join(dir, 'missing.json'))).rejects.toMatchObject({
      code: 'IO',
      message: expect.stringMatching(
        /missing\.json: cannot read the file: there is no such file \(check the path\)\.$/,
      ),
    });
    // A folder given where a file belongs is named as such, not as the system's EISDIR.
    await expect(readResultFile(dir)).rejects.toMatchObject({
      code: 'IO',
      message: `${dir}: is a folder, not a regular file; give a file inside it.`,
    });
  });
});
