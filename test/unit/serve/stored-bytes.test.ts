/**
 * Small stored files are sent from memory, kept by file version (serve/stored-bytes.ts), and never stale: a file
 * rewritten in place with the same size and modification time, renamed or deleted is served as it is now, over the
 * WebSocket as well.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile, rename, rm, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { createAddonBackend } from '../../../electron/core/native/addon-backend';
import { writeResultFile } from '../../../electron/core/results/io';
import { ResultsLibrary } from '../../../electron/core/results/library';
import { createWorkbenchService } from '../../../electron/core/service/create-service';
import { startServer, type RunningServer } from '../../../electron/serve/server';
import { STORED_BYTES_ENTRY_BYTES, StoredBytes } from '../../../electron/serve/stored-bytes';
import { syntheticResult } from '../../fixtures/synthetic-result';

const root = path.resolve(__dirname, '../../..');
const fixed = new Date('2001-02-03T04:05:06Z');

/** Rewrites `file` in place (same inode) with `from` replaced by `to` of the same length, its times set back. */
async function rewriteInPlace(file: string, from: string, to: string): Promise<void> {
  const { size } = await stat(file);
  await writeFile(file, (await readFile(file, 'utf8')).replace(from, to));
  await utimes(file, fixed, fixed);
  expect((await stat(file)).size).toBe(size);
  expect((await stat(file)).mtimeMs).toBe(fixed.getTime());
}

describe('StoredBytes', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-stored-bytes-'));
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads a small file once per version and reads it again once it changed in place', async () => {
    const library = new ResultsLibrary(dir);
    const result = syntheticResult({ id: 'stored-bytes-a', name: 'name A' });
    await library.save(result);
    const file = path.join(dir, `${result.id}.json`);
    await utimes(file, fixed, fixed);
    const kept = new StoredBytes();
    const first = await kept.bytesOf((await library.storedFile(result.id))!);
    expect(await kept.bytesOf((await library.storedFile(result.id))!)).toBe(first);
    const before = (await library.storedFile(result.id))!;
    await rewriteInPlace(file, '"name A"', '"name B"');
    const now = (await library.storedFile(result.id))!;
    expect(now.version).not.toBe(before.version);
    const second = await kept.bytesOf(now);
    expect(JSON.parse(Buffer.from(second!).toString()).name).toBe('name B');
    // The version read before the change is no longer the file: not served, from memory or disk.
    expect(await new StoredBytes().bytesOf(before)).toBeNull();
  });

  it('leaves a file over its entry bound to the stream', async () => {
    const kept = new StoredBytes();
    const big = {
      path: path.join(dir, 'none.json'),
      version: '1:2:3:4:5',
      bytes: STORED_BYTES_ENTRY_BYTES + 1,
    };
    expect(await kept.bytesOf(big)).toBeNull();
  });
});

describe('getResult over the WebSocket of a small stored file', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-stored-bytes-ws-'));
  const rendererDir = mkdtempSync(path.join(os.tmpdir(), 'sb-renderer-'));
  const service = createWorkbenchService({
    backend: createAddonBackend(),
    resultsDir: dir,
    resourcesDir: path.join(root, 'resources'),
  });
  let server: RunningServer;
  const result = syntheticResult({ id: 'stored-bytes-ws', name: 'name A' });
  const file = path.join(dir, `${result.id}.json`);

  beforeAll(async () => {
    writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Sync Workbench</title>');
    await writeResultFile(file, result);
    await utimes(file, fixed, fixed);
    server = await startServer({ service, rendererDir, version: 'test' });
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
    await rm(rendererDir, { recursive: true, force: true });
  });

  function getResult(id: string): Promise<{ ok: boolean; value?: { name: string }; code?: string }> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api?token=${server.token}`);
      ws.on('open', () => ws.send(JSON.stringify({ kind: 'call', id: 3, method: 'getResult', args: [id] })));
      ws.on('message', (data) => {
        ws.close();
        resolve(JSON.parse(data.toString()).result);
      });
      ws.on('error', reject);
    });
  }

  it('serves the file as it is now after an in-place rewrite, a rename and a delete', async () => {
    expect(await getResult(result.id)).toEqual({ ok: true, value: result });
    expect((await getResult(result.id)).value?.name).toBe('name A');
    await rewriteInPlace(file, '"name A"', '"name B"');
    expect((await getResult(result.id)).value?.name).toBe('name B');
    await rename(file, path.join(dir, 'elsewhere.json'));
    await rewriteInPlace(path.join(dir, 'elsewhere.json'), '"name B"', '"name C"');
    expect((await getResult(result.id)).value?.name).toBe('name C');
    await unlink(path.join(dir, 'elsewhere.json'));
    expect(await getResult(result.id)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });
});
