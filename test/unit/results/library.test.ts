import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { serializeResultFile, storedText } from '../../../electron/core/results/io';
import { ResultsLibrary } from '../../../electron/core/results/library';
import { syntheticResult } from '../../fixtures/synthetic-result';

let root: string;
let dir: string;
let refDir: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'syncbench-library-'));
  dir = join(root, 'results');
  refDir = join(root, 'reference');
  await mkdir(refDir);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Every file under `dir` with its bytes, to prove an operation changed nothing. */
async function snapshot(folder: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      files[join(entry.parentPath, entry.name)] = await readFile(join(entry.parentPath, entry.name), 'utf8');
  }
  return files;
}

/** The entries of `folder` but the hidden ones (the library's `.locks` and `.trash`). */
async function visible(folder: string): Promise<string[]> {
  return (await readdir(folder)).filter((name) => !name.startsWith('.'));
}

const run = (seed: number, extra: Parameters<typeof syntheticResult>[0] = {}) =>
  syntheticResult({ seed, id: `run-${seed}-xxxx`, name: `run ${seed}`, ...extra });

describe('ResultsLibrary', () => {
  it('is empty before anything is saved, and creates its folder on the first save', async () => {
    const library = new ResultsLibrary(dir);
    expect(await library.scan()).toEqual({ results: [], problems: [] });
    await library.save(run(1));
    expect(await visible(dir)).toEqual(['run-1-xxxx.json']);
  });

  it('parses a file once for calls that open it at the same time', async () => {
    await new ResultsLibrary(dir).save(run(7));
    const fresh = new ResultsLibrary(dir); // nothing opened yet
    const all = await Promise.all(Array.from({ length: 20 }, () => fresh.get(run(7).id)));
    // One parse: every caller holds the same object (20 parses would give 20 copies).
    expect(all.every((r) => r === all[0])).toBe(true);
    expect(all[0]).toEqual(run(7));
  });

  it('saves, lists newest first with summaries, and reads back equal results', async () => {
    const library = new ResultsLibrary(dir);
    const older = run(1, { createdAt: '2025-01-01T10:00:00.000Z' });
    const newer = run(2, { createdAt: '2025-02-01T10:00:00.000Z', mode: 'sweep' });
    await library.save(older);
    await library.save(newer);
    const list = await library.list();
    expect(list.map((s) => s.id)).toEqual([newer.id, older.id]);
    expect(list[1]).toEqual({
      id: older.id,
      name: 'run 1',
      mode: 'modes',
      deviceName: 'Synthetic fixture (not a measurement)',
      createdAt: '2025-01-01T10:00:00.000Z',
      status: 'complete',
      points: 5,
      sourceKind: 'measured',
      reference: false,
      ratios: { 'grid/block': older.ratios[0]!.value, 'block/warp': older.ratios[1]!.value },
    });
    expect(await library.get(older.id)).toEqual(older);
  });

  it('prefers the per-sync ratio when two ratios share a name', async () => {
    const library = new ResultsLibrary(dir);
    const result = run(1);
    result.ratios.unshift({
      name: 'grid/block',
      value: 3,
      numerator: 'grid, 132 blocks',
      denominator: 'block, 8 warps',
      basis: 'wholeKernelMs',
    });
    result.ratios.push({
      name: 'grid/block',
      value: 4,
      numerator: 'grid, 132 blocks',
      denominator: 'block, 8 warps',
      basis: 'wholeKernelMs',
    });
    expect((await library.save(result)).ratios['grid/block']).toBe(result.ratios[1]!.value);
  });

  it('searches by text, mode, device and date range', async () => {
    const library = new ResultsLibrary(dir);
    await library.save(
      run(1, { name: 'H200 baseline', createdAt: '2025-01-10T08:00:00.000Z', deviceName: 'NVIDIA H200' }),
    );
    await library.save(run(2, { name: 'laptop', mode: 'sweep', createdAt: '2025-01-31T23:00:00.000Z' }));
    await library.save(run(3, { name: 'later', createdAt: '2025-03-01T00:00:00.000Z' }));
    const ids = async (query: Parameters<ResultsLibrary['list']>[0]) =>
      (await library.list(query)).map((s) => s.name);
    expect(await ids({ text: 'h200' })).toEqual(['H200 baseline']);
    expect(await ids({ text: 'run-2' })).toEqual(['laptop']);
    expect(await ids({ mode: 'sweep' })).toEqual(['laptop']);
    expect(await ids({ device: 'synthetic' })).toEqual(['later', 'laptop']);
    expect(await ids({ from: '2025-01-15', to: '2025-01-31' })).toEqual(['laptop']);
    expect(await ids({ to: '2025-01-10T07:59:59Z' })).toEqual([]);
    await expect(library.list({ from: 'last week' })).rejects.toMatchObject({
      code: 'INVALID',
      message: /from: expected a date/,
    });
  });

  it('renames a result, keeping its id and file', async () => {
    const library = new ResultsLibrary(dir);
    const result = run(1);
    await library.save(result);
    expect((await library.rename(result.id, '  renamed  ')).name).toBe('renamed');
    expect(await library.get(result.id)).toEqual({ ...result, name: 'renamed' });
    expect(await visible(dir)).toEqual([`${result.id}.json`]);
    await expect(library.rename(result.id, ' ')).rejects.toMatchObject({ code: 'INVALID' });
    await expect(library.rename('no-such-id', 'x')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('deletes to the trash and undoes the delete', async () => {
    const library = new ResultsLibrary(dir);
    const result = run(1);
    await library.save(result);
    const { undoToken } = await library.delete(result.id);
    expect(await library.list()).toEqual([]);
    await expect(library.get(result.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await readdir(join(dir, '.trash'))).toEqual([`${undoToken}.json`]);
    expect((await library.undoDelete(undoToken)).id).toBe(result.id);
    expect(await library.get(result.id)).toEqual(result);
    await expect(library.undoDelete(undoToken)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(library.undoDelete('../../etc/passwd')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses to undo a delete over a result that came back with the same id', async () => {
    const library = new ResultsLibrary(dir);
    const result = run(1);
    await library.save(result);
    const { undoToken } = await library.delete(result.id);
    await library.importText(serializeResultFile({ ...result, name: 'imported again' }), 'again.json');
    const before = await snapshot(dir);
    await expect(library.undoDelete(undoToken)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: /a result with id "run-1-xxxx" is in the library again/,
    });
    expect(await snapshot(dir)).toEqual(before);
  });

  describe('importText', () => {
    it('adds a new result', async () => {
      const library = new ResultsLibrary(dir);
      const outcome = await library.importText(serializeResultFile(run(1)), 'a.json');
      expect(outcome).toMatchObject({
        status: 'added',
        summary: { id: 'run-1-xxxx' },
        message: 'a.json: imported as "run 1".',
      });
      expect(await library.get('run-1-xxxx')).toEqual(run(1));
    });

    it('returns the existing result for the same id and content, even renamed, and writes nothing', async () => {
      const library = new ResultsLibrary(dir);
      await library.save(run(1));
      await library.rename('run-1-xxxx', 'my name');
      const before = await snapshot(dir);
      const outcome = await library.importText(
        new TextEncoder().encode(serializeResultFile(run(1))),
        'a.json',
      );
      expect(outcome).toMatchObject({
        status: 'already-present',
        summary: { id: 'run-1-xxxx', name: 'my name' },
      });
      expect(outcome.message).toMatch(/already in the library as "my name"/);
      expect(await snapshot(dir)).toEqual(before);
    });

    it('saves different content with a taken id under a new id, leaving the existing file untouched', async () => {
      const library = new ResultsLibrary(dir);
      await library.save(run(1));
      const before = await snapshot(dir);
      const other = run(2, { id: 'run-1-xxxx' });
      const outcome = await library.importText(serializeResultFile(other), 'other.json');
      expect(outcome.status).toBe('added-with-new-id');
      expect(outcome.message).toMatch(
        /under the new id .*because a different result with id "run-1-xxxx" is already/,
      );
      expect(outcome.summary.id).not.toBe('run-1-xxxx');
      expect(await library.get(outcome.summary.id)).toEqual({ ...other, id: outcome.summary.id });
      const after = await snapshot(dir);
      for (const [path, content] of Object.entries(before)) expect(after[path]).toBe(content);
    });

    it('gives a result whose id cannot be a file name a new id', async () => {
      const library = new ResultsLibrary(dir);
      const outcome = await library.importText(
        serializeResultFile(run(1, { id: '../../escape' })),
        'evil.json',
      );
      expect(outcome.status).toBe('added-with-new-id');
      expect(outcome.message).toMatch(/its id "..\/..\/escape" cannot be used as a file name/);
      expect(await visible(dir)).toEqual([`${outcome.summary.id}.json`]);
      expect(await readdir(root)).toEqual(['reference', 'results']);
    });

    it('refuses a malformed file with its message and touches nothing', async () => {
      const library = new ResultsLibrary(dir);
      await library.save(run(1));
      const before = await snapshot(dir);
      const bad = serializeResultFile(run(1)).replace('"median": ', '"median": "x", "was": ');
      await expect(library.importText(bad, 'bad.json')).rejects.toMatchObject({
        code: 'INVALID',
        message: /^bad\.json: points\[0\]\.perSyncNs\.median: expected number, got string "x"/,
      });
      expect(await snapshot(dir)).toEqual(before);
    });
  });

  describe('reference datasets', () => {
    it('lists them as references, reads them, and refuses to rename, delete or overwrite them', async () => {
      const reference = run(9, { sourceKind: 'published', id: 'reference-chapter' });
      await writeFile(join(refDir, 'chapter.json'), serializeResultFile(reference));
      const library = new ResultsLibrary(dir, { referenceDirs: [refDir] });
      expect(await library.list()).toMatchObject([
        { id: 'reference-chapter', reference: true, sourceKind: 'published' },
      ]);
      expect(await library.get('reference-chapter')).toEqual(reference);
      const refusal = {
        code: 'READ_ONLY',
        message: /is a reference dataset shipped with Sync Workbench: it is read-only/,
      };
      await expect(library.rename('reference-chapter', 'x')).rejects.toMatchObject(refusal);
      await expect(library.delete('reference-chapter')).rejects.toMatchObject(refusal);
      await expect(library.save({ ...reference, name: 'changed' })).rejects.toMatchObject(refusal);
      const outcome = await library.importText(serializeResultFile(reference), 'copy.json');
      expect(outcome).toMatchObject({ status: 'already-present', summary: { reference: true } });
      expect(await snapshot(refDir)).toEqual({
        [join(refDir, 'chapter.json')]: serializeResultFile(reference),
      });
    });

    it('never merges an import into a reference or hides it behind one: other content, even only another name, gets a new id', async () => {
      const reference = run(9, { sourceKind: 'published', id: 'reference-chapter' });
      await writeFile(join(refDir, 'chapter.json'), serializeResultFile(reference));
      const library = new ResultsLibrary(dir, { referenceDirs: [refDir] });
      const renamed = { ...reference, name: 'my copy of the chapter' };
      const outcome = await library.importText(serializeResultFile(renamed), 'same-id.json');
      expect(outcome).toMatchObject({
        status: 'added-with-new-id',
        summary: { name: 'my copy of the chapter', reference: false },
      });
      expect(outcome.summary.id).not.toBe('reference-chapter');
      expect(outcome.message).toBe(
        `same-id.json: imported as "my copy of the chapter" under the new id ${outcome.summary.id}, because its ` +
          'id "reference-chapter" is the id of the reference dataset "run 9", which is read-only.',
      );
      expect(await library.get(outcome.summary.id)).toEqual({ ...renamed, id: outcome.summary.id });

      const changed = { ...reference, notes: ['measured again'] };
      const second = await library.importText(serializeResultFile(changed), 'changed.json');
      expect(second.status).toBe('added-with-new-id');
      expect(await library.get(second.summary.id)).toEqual({ ...changed, id: second.summary.id });

      expect((await library.list()).map((s) => [s.id, s.name, s.reference]).sort()).toEqual(
        [
          ['reference-chapter', 'run 9', true],
          [outcome.summary.id, 'my copy of the chapter', false],
          [second.summary.id, 'run 9', false],
        ].sort(),
      );
      expect(await library.get('reference-chapter')).toEqual(reference);
      expect(await snapshot(refDir)).toEqual({
        [join(refDir, 'chapter.json')]: serializeResultFile(reference),
      });
    });

    it('says an identical copy of a reference is already present as that reference, and writes nothing', async () => {
      const reference = run(9, { sourceKind: 'published', id: 'reference-chapter' });
      await writeFile(join(refDir, 'chapter.json'), serializeResultFile(reference));
      const library = new ResultsLibrary(dir, { referenceDirs: [refDir] });
      const outcome = await library.importText(serializeResultFile(reference), 'copy.json');
      expect(outcome).toEqual({
        status: 'already-present',
        summary: expect.objectContaining({ id: 'reference-chapter', reference: true }),
        message:
          'copy.json: already present as the reference dataset "run 9" (id reference-chapter); nothing was imported.',
        text: {
          code: 'import.alreadyReference',
          params: { file: 'copy.json', name: 'run 9', id: 'reference-chapter' },
        },
      });
      await expect(readdir(dir)).rejects.toMatchObject({ code: 'ENOENT' });
    });

    it('reports a missing reference folder without failing', async () => {
      const library = new ResultsLibrary(dir, { referenceDirs: [join(root, 'nowhere')] });
      expect(await library.scan()).toMatchObject({ results: [], problems: [{ code: 'IO' }] });
    });
  });

  it('survives junk in the folder and reports what it skipped, each removable', async () => {
    const library = new ResultsLibrary(dir);
    await library.save(run(1));
    const text = serializeResultFile(run(2));
    await writeFile(join(dir, 'half.json'), text.slice(0, 1000));
    await writeFile(join(dir, 'run-2-xxxx.json.123456'), text.slice(0, 1000)); // a write in progress elsewhere
    await writeFile(join(dir, 'copy-of-run-1.json'), serializeResultFile(run(1)));
    await writeFile(join(dir, 'notes.txt'), 'not a result');
    await mkdir(join(dir, 'subfolder'));
    await writeFile(join(dir, '.DS_Store'), '');
    const { results, problems } = await library.scan();
    expect(results.map((r) => r.id)).toEqual(['run-1-xxxx']);
    const byFile = Object.fromEntries(problems.map((p) => [p.file.slice(dir.length + 1), p]));
    expect(Object.keys(byFile).sort()).toEqual(['copy-of-run-1.json', 'half.json']);
    expect(byFile['copy-of-run-1.json']).toMatchObject({
      code: 'DUPLICATE_ID',
      message: /also the id of .*run-1-xxxx\.json/,
      text: { code: 'library.duplicateId', params: { id: 'run-1-xxxx' } },
      removable: true,
    });
    expect(byFile['half.json']).toMatchObject({
      code: 'BAD_JSON',
      message: /half\.json: not valid JSON at line \d+, column \d+: the JSON ends early/,
      // The reason by its code too, so the Results view words it in the UI's language.
      text: { code: 'resultFile.notJsonAt' },
      removable: true,
    });
  });

  it('removes the temporaries of interrupted writes when it starts, and nothing else', async () => {
    await new ResultsLibrary(dir).save(run(1));
    const text = serializeResultFile(run(2));
    // Temporaries of writers that no longer run (no process has such a pid), and one of a live writer (pid 1).
    await writeFile(join(dir, 'run-2-xxxx.json.999999999.0123abcd.tmp'), '');
    await writeFile(join(dir, 'run-3-xxxx.json.999999998.89abcdef.tmp'), text.slice(0, 500));
    await writeFile(join(dir, 'run-4-xxxx.json.1.00000000.tmp'), text.slice(0, 500));
    await writeFile(join(dir, 'keep.json.txt'), 'not a temporary');
    const started = new ResultsLibrary(dir);
    expect(await started.scan()).toMatchObject({ results: [{ id: 'run-1-xxxx' }], problems: [] });
    expect((await visible(dir)).sort()).toEqual([
      'keep.json.txt',
      'run-1-xxxx.json',
      'run-4-xxxx.json.1.00000000.tmp',
    ]);
  });

  it('moves an unreadable file to the trash on request, and refuses anything else', async () => {
    const library = new ResultsLibrary(dir, { referenceDirs: [refDir] });
    await library.save(run(1));
    await writeFile(join(dir, 'broken.json'), '{"format": "syncbench-result"');
    await writeFile(join(refDir, 'bad-ref.json'), '[]');
    const { problems } = await library.scan();
    expect(problems.map((p) => [p.file, p.removable])).toEqual([
      [join(refDir, 'bad-ref.json'), false],
      [join(dir, 'broken.json'), true],
    ]);
    await expect(library.removeUnreadable(join(refDir, 'bad-ref.json'))).rejects.toMatchObject({
      code: 'READ_ONLY',
    });
    await expect(library.removeUnreadable(join(dir, 'run-1-xxxx.json'))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const { movedTo } = await library.removeUnreadable(join(dir, 'broken.json'));
    expect(movedTo).toMatch(/\.trash\/unreadable-\d+-broken\.json$/);
    expect(await readFile(movedTo, 'utf8')).toBe('{"format": "syncbench-result"');
    expect((await library.scan()).problems.map((p) => p.file)).toEqual([join(refDir, 'bad-ref.json')]);
    expect((await library.list()).map((r) => r.id)).toEqual(['run-1-xxxx']);
  });

  it('stores a result compact when pretty JSON is over the limit, confirms it, and lists it', async () => {
    const library = new ResultsLibrary(dir);
    const big = syntheticResult({
      seed: 5,
      id: 'big-sweep-xxxx',
      name: 'big',
      points: Array.from({ length: 40 }, (_, i) => ({
        series: 'grid',
        label: `p${i}`,
        x: i + 1,
        perSyncNs: 800 + i,
        reps: 50,
      })),
    });
    const pretty = Buffer.byteLength(serializeResultFile(big));
    const compact = Buffer.byteLength(JSON.stringify(big)) + 1;
    const limit = Math.floor((pretty + compact) / 2);
    const text = storedText(big, 'big.json', limit);
    expect(Buffer.byteLength(text)).toBe(compact);
    // A large result is stored compact without trying pretty JSON, although pretty would fit.
    expect(Buffer.byteLength(storedText(big, 'big.json', pretty, compact - 1))).toBe(compact);
    expect(storedText(big, 'big.json', pretty, compact)).toBe(serializeResultFile(big));
    expect(() => storedText(big, 'big.json', compact - 1)).toThrow(
      /big\.json: the file is .* result files are limited to/,
    );
    await library.save(big);
    expect(await library.get('big-sweep-xxxx')).toEqual(big);
  });

  it('refuses names that do not read as they display, on import and rename', async () => {
    const library = new ResultsLibrary(dir);
    await library.save(run(1));
    for (const name of [
      'a\u202Eevil\u202C name',
      'nul\u0000',
      'two\nlines',
      '\u200B\u200D ',
      'x'.repeat(201),
    ]) {
      await expect(library.rename('run-1-xxxx', name)).rejects.toMatchObject({
        code: 'INVALID',
        message: /^name: must /,
      });
      await expect(
        library.importText(serializeResultFile(run(2, { name })), 'evil.json'),
      ).rejects.toMatchObject({ code: 'INVALID', message: /^evil\.json: name: must / });
    }
    expect((await library.list()).map((r) => r.name)).toEqual(['run 1']);
  });

  it('sees files changed behind its back', async () => {
    const library = new ResultsLibrary(dir);
    await library.save(run(1));
    expect((await library.list())[0]!.name).toBe('run 1');
    await writeFile(
      join(dir, 'run-1-xxxx.json'),
      serializeResultFile({ ...run(1), name: 'edited elsewhere!' }),
    );
    expect((await library.list())[0]!.name).toBe('edited elsewhere!');
  });
});
