/**
 * The library folder holding what is not a result file (a FIFO, a symlink to a device, a socket), and a file
 * replaced behind the library's back with the same size and modification time.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, expect, it } from 'vitest';

import { serializeResultFile } from '../../../electron/core/results/io';
import { ResultsLibrary } from '../../../electron/core/results/library';
import { syntheticResult } from '../../fixtures/synthetic-result';

let dir: string;
let server: Server | null = null;
beforeEach(async () => {
  dir = join(await mkdtemp(join(tmpdir(), 'syncbench-library-files-')), 'results');
  await mkdir(dir);
});
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
  await rm(join(dir, '..'), { recursive: true, force: true });
});

it('lists a FIFO, a symlink to /dev/zero and a socket as unreadable with the reason, at once, next to a result', async () => {
  const library = new ResultsLibrary(dir);
  await library.save(syntheticResult({ id: 'good-result', name: 'good' }));
  execFileSync('mkfifo', [join(dir, 'x.json')]);
  await symlink('/dev/zero', join(dir, 'zero.json'));
  server = createServer();
  await new Promise<void>((resolve) => server!.listen(join(dir, 'sock.json'), resolve));
  const started = Date.now();
  const { results, problems } = await new ResultsLibrary(dir).scan();
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(results.map((r) => r.id)).toEqual(['good-result']);
  const byName = Object.fromEntries(problems.map((p) => [p.file.slice(dir.length + 1), p]));
  expect(byName['x.json']).toMatchObject({
    code: 'IO',
    message: expect.stringContaining('a FIFO (named pipe)'),
  });
  expect(byName['zero.json']).toMatchObject({ message: expect.stringContaining('a character device') });
  expect(byName['sock.json']).toMatchObject({ message: expect.stringContaining('a socket') });
  expect(Object.values(byName).every((p) => p.removable)).toBe(true);
});

it('a file replaced with another of the same size and modification time is not served from the cache', async () => {
  const library = new ResultsLibrary(dir);
  const first = syntheticResult({ id: 'same-size-id', name: 'name A' });
  await library.save(first);
  const path = join(dir, 'same-size-id.json');
  const fixed = new Date('2001-02-03T04:05:06Z');
  await utimes(path, fixed, fixed);
  expect((await library.get(first.id)).name).toBe('name A');
  expect((await library.list()).map((r) => r.name)).toEqual(['name A']);
  const { size } = await stat(path);
  // Rewritten in place (same inode), then its times set back: only the ctime tells the change.
  await writeFile(path, serializeResultFile({ ...first, name: 'name B' }));
  await utimes(path, fixed, fixed);
  expect((await stat(path)).size).toBe(size);
  expect((await stat(path)).mtimeMs).toBe(fixed.getTime());
  expect((await library.get(first.id)).name).toBe('name B');
  expect((await library.list()).map((r) => r.name)).toEqual(['name B']);
});
