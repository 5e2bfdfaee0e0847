/**
 * importResult over the real library and the shipped reference datasets: what the reply says happened to the file
 * (`importOutcome`), and that a user's file is never merged into or hidden behind a reference.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { ResultSummary } from '../../../electron/contract';
import { createWorkbenchService } from '../../../electron/core/service/create-service';
import type { WorkbenchService } from '../../../electron/core/service/service';
import { FakeSupervisedBackend } from './doubles';

const REFERENCE = 'resources/reference/h200-named.json';

let root: string;
let service: WorkbenchService;
let text: string;
let reference: { id: string; name: string; notes: string[] };
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'syncbench-import-'));
  service = createWorkbenchService({
    backend: new FakeSupervisedBackend(),
    resultsDir: join(root, 'results'),
    resourcesDir: 'resources',
  });
  text = await readFile(REFERENCE, 'utf8');
  reference = JSON.parse(text) as typeof reference;
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function importText(fileName: string, content: string): Promise<ResultSummary> {
  const reply = await service.importResult({ fileName, content, base64: false });
  if (!reply.ok) throw new Error(reply.message);
  return reply.value;
}

describe('importResult', () => {
  it("imports a file whose id is a reference dataset's but whose name differs under a new id, and says so", async () => {
    const mine = JSON.stringify({ ...reference, name: 'my named barriers' });
    const value = await importText('same-id.json', mine);
    expect(value).toMatchObject({
      name: 'my named barriers',
      reference: false,
      importOutcome: {
        status: 'added-with-new-id',
        message: expect.stringMatching(
          new RegExp(
            `^same-id\\.json: imported as "my named barriers" under the new id ${value.id}, because its id ` +
              `"${reference.id}" is the id of the reference dataset "${reference.name}", which is read-only\\.$`,
          ),
        ),
      },
    });
    expect(value.id).not.toBe(reference.id);
    const saved = await service.getResult(value.id);
    expect(saved).toMatchObject({ ok: true, value: { name: 'my named barriers' } });
    const listed = await service.listResults();
    if (!listed.ok) throw new Error(listed.message);
    expect(listed.value.find((s) => s.id === value.id)).toMatchObject({ reference: false });
    expect(listed.value.find((s) => s.id === reference.id)).toMatchObject({
      name: reference.name,
      reference: true,
    });
    expect(listed.value.every((s) => s.importOutcome === undefined)).toBe(true);
  });

  it("imports a file with the reference's id and name but other data under a new id", async () => {
    const value = await importText(
      'edited.json',
      JSON.stringify({ ...reference, notes: ['edited by hand'] }),
    );
    expect(value.importOutcome?.status).toBe('added-with-new-id');
    expect(value.id).not.toBe(reference.id);
    expect(await service.getResult(value.id)).toMatchObject({
      ok: true,
      value: { notes: ['edited by hand'] },
    });
  });

  it('says an identical copy of a reference is already present as that reference', async () => {
    const value = await importText('h200-named.json', text);
    expect(value).toMatchObject({
      id: reference.id,
      reference: true,
      importOutcome: {
        status: 'already-present',
        message: `h200-named.json: already present as the reference dataset "${reference.name}" (id ${reference.id}); nothing was imported.`,
      },
    });
  });

  it('reports a plain addition as added, and a second import of it as already present', async () => {
    const fresh = JSON.stringify({ ...reference, id: 'my-own-run', name: 'mine' });
    expect(await importText('mine.json', fresh)).toMatchObject({
      id: 'my-own-run',
      importOutcome: { status: 'added', message: 'mine.json: imported as "mine".' },
    });
    expect(await importText('mine.json', fresh)).toMatchObject({
      id: 'my-own-run',
      importOutcome: {
        status: 'already-present',
        message: expect.stringContaining('already in the library as "mine"'),
      },
    });
  });

  it('refuses a file name over 255 characters, saying what is allowed, and imports nothing', async () => {
    const name = `${'a'.repeat(300)}.json`;
    const fresh = JSON.stringify({ ...reference, id: 'long-name', name: 'long' });
    for (const bytes of [false, true]) {
      const reply = bytes
        ? await service.importResult({ fileName: name, bytes: new TextEncoder().encode(fresh) })
        : await service.importResult({ fileName: name, content: fresh, base64: false });
      expect(reply).toMatchObject({
        ok: false,
        code: 'INVALID',
        fieldErrors: { fileName: 'must be at most 255 characters, as a file name is on most file systems' },
      });
    }
    const list = await service.listResults({});
    expect(list.ok && list.value.some((r) => r.id === 'long-name')).toBe(false);
  });
});
