/**
 * listResults replies are serialized once while the listing holds the same summary objects (serve/list-reply.ts),
 * byte for byte what JSON.stringify makes, and follow every change of the library: a file rewritten in place with
 * the same size and modification time, a new file, a deleted one.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile, rm, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { createAddonBackend } from '../../../electron/core/native/addon-backend';
import { writeResultFile } from '../../../electron/core/results/io';
import { createWorkbenchService } from '../../../electron/core/service/create-service';
import { listReplyFrame, SameItemsJson } from '../../../electron/serve/list-reply';
import { startServer, type RunningServer } from '../../../electron/serve/server';
import { syntheticResult } from '../../fixtures/synthetic-result';

const root = path.resolve(__dirname, '../../..');

describe('SameItemsJson and listReplyFrame', () => {
  it('reuse the JSON while the items are the same objects, and make it again when one differs', () => {
    const a = { id: 'a', name: 'A' };
    const b = { id: 'b', name: 'B' };
    const memo = new SameItemsJson();
    const first = memo.of([a, b]);
    expect(memo.of([a, b])).toBe(first);
    expect(memo.of([b, a]).toString()).toBe(JSON.stringify([b, a]));
    expect(memo.of([a, { ...b, name: 'B2' }]).toString()).toBe(JSON.stringify([a, { id: 'b', name: 'B2' }]));
    const result = { ok: true as const, value: [a, b] };
    const [frame] = listReplyFrame(12, result, memo)!;
    expect(frame!.toString()).toBe(JSON.stringify({ kind: 'reply', id: 12, result }));
    expect(listReplyFrame(12, { ok: true, value: { not: 'a list' } }, memo)).toBeNull();
    expect(listReplyFrame(12, { ok: false, code: 'INVALID', message: 'no' }, memo)).toBeNull();
  });
});

describe('listResults over the WebSocket', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-list-reply-'));
  const rendererDir = mkdtempSync(path.join(os.tmpdir(), 'sb-renderer-'));
  const service = createWorkbenchService({
    backend: createAddonBackend(),
    resultsDir: dir,
    resourcesDir: path.join(root, 'resources'),
  });
  let server: RunningServer;
  const result = syntheticResult({ id: 'list-reply-one', name: 'name A' });
  const file = path.join(dir, `${result.id}.json`);

  beforeAll(async () => {
    writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Sync Workbench</title>');
    await writeResultFile(file, result);
    server = await startServer({ service, rendererDir, version: 'test' });
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
    await rm(rendererDir, { recursive: true, force: true });
  });

  function listed(): Promise<Array<{ id: string; name: string }>> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api?token=${server.token}`);
      ws.on('open', () => ws.send(JSON.stringify({ kind: 'call', id: 5, method: 'listResults', args: [] })));
      ws.on('message', (data) => {
        ws.close();
        const reply = JSON.parse(data.toString());
        const own = (reply.result.value as Array<{ id: string; name: string; reference: boolean }>).filter(
          (s) => !s.reference,
        );
        resolve(own.map(({ id, name }) => ({ id, name })));
      });
      ws.on('error', reject);
    });
  }

  it('answers what the service lists, and the library as it is after each change', async () => {
    const direct = await service.listResults();
    expect(direct.ok).toBe(true);
    expect(await listed()).toEqual([{ id: result.id, name: 'name A' }]);
    expect(await listed()).toEqual([{ id: result.id, name: 'name A' }]);
    const fixed = new Date('2001-02-03T04:05:06Z');
    await utimes(file, fixed, fixed);
    await listed();
    const { size } = await stat(file);
    await writeFile(file, (await readFile(file, 'utf8')).replace('"name A"', '"name B"'));
    await utimes(file, fixed, fixed);
    expect((await stat(file)).size).toBe(size);
    expect(await listed()).toEqual([{ id: result.id, name: 'name B' }]);
    const other = syntheticResult({ id: 'list-reply-two', name: 'name C' });
    await writeResultFile(path.join(dir, `${other.id}.json`), other);
    expect((await listed()).map((s) => s.name).sort()).toEqual(['name B', 'name C']);
    await unlink(file);
    expect(await listed()).toEqual([{ id: other.id, name: 'name C' }]);
  });
});
