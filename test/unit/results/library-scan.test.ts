/**
 * The library's listing (library-scan.ts): calls that arrive while a scan runs share the next scan, which starts
 * after they called, so a listing never shows the folder as it was before the call; files added, replaced in place
 * with the same size and mtime, renamed and deleted are listed as they are now.
 */
import { mkdir, mkdtemp, readFile, rename, rm, unlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, expect, it } from 'vitest';

import { serializeResultFile } from '../../../electron/core/results/io';
import { LibraryScanner } from '../../../electron/core/results/library-scan';
import { syntheticResult } from '../../fixtures/synthetic-result';

let dir: string;
beforeEach(async () => {
  dir = join(await mkdtemp(join(tmpdir(), 'syncbench-library-scan-')), 'results');
  await mkdir(dir);
});
afterEach(async () => {
  await rm(join(dir, '..'), { recursive: true, force: true });
});

const store = (id: string, name: string, file = `${id}.json`) =>
  writeFile(join(dir, file), serializeResultFile(syntheticResult({ id, name })));
const names = async (scanner: LibraryScanner) =>
  [...(await scanner.entries()).entries.values()].map((e) => `${e.summary.id}=${e.summary.name}`).sort();

it('calls that arrive during a scan share one later scan', async () => {
  await store('scan-aaaa', 'A');
  const scanner = new LibraryScanner(dir, []);
  const first = scanner.entries();
  const during = Array.from({ length: 20 }, () => scanner.entries());
  const listings = await Promise.all([first, ...during]);
  expect(new Set(listings.map((l) => l.entries)).size).toBe(2);
  expect(listings[1]!.entries).not.toBe(listings[0]!.entries);
  expect([...listings[20]!.entries.keys()]).toEqual(['scan-aaaa']);
});

it('a call made during a scan sees a file written after that scan started', async () => {
  await store('scan-aaaa', 'A');
  const scanner = new LibraryScanner(dir, []);
  const first = scanner.entries();
  await store('scan-bbbb', 'B');
  const second = scanner.entries();
  expect([...(await second).entries.keys()].sort()).toEqual(['scan-aaaa', 'scan-bbbb']);
  await first;
});

it('lists a file rewritten with the same size and mtime, renamed or deleted as it is now', async () => {
  await store('scan-aaaa', 'name A');
  const scanner = new LibraryScanner(dir, []);
  const path = join(dir, 'scan-aaaa.json');
  const fixed = new Date('2001-02-03T04:05:06Z');
  await utimes(path, fixed, fixed);
  expect(await names(scanner)).toEqual(['scan-aaaa=name A']);
  const text = await readFile(path, 'utf8');
  await writeFile(path, text.replace('"name A"', '"name B"'));
  await utimes(path, fixed, fixed);
  expect(await names(scanner)).toEqual(['scan-aaaa=name B']);
  await rename(path, join(dir, 'moved.json'));
  const moved = await scanner.entries();
  expect(moved.entries.get('scan-aaaa')?.path).toBe(join(dir, 'moved.json'));
  await unlink(join(dir, 'moved.json'));
  expect(await names(scanner)).toEqual([]);
});
