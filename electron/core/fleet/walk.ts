/**
 * Walks a fleet folder one directory at a time (docs/fleet.md#fleet-merge): yields each directory's JSON files
 * with the task record first, so a task's identity is known before its result files are read. Holds one
 * directory listing at a time. Symbolic links are followed (shared scratch on clusters links task folders and
 * result files); a folder reached twice (a link loop, or two links to one folder) is read once. Nothing is passed
 * over silently: every entry that is not read — a FIFO, device or socket, a broken link, a link loop, a folder
 * already read — comes back in `skipped` with the reason.
 */
import { opendir, stat } from 'node:fs/promises';
import type { Dirent, Stats } from 'node:fs';
import { join } from 'node:path';

import { TASK_FILE_NAME } from '../../model/fleet/task-schema';
import { notRegularKind } from '../files/regular-file';
import { TEMPORARY_NAME } from '../files/durable-write';

/** An entry of the walk that was not read (absolute path), and why, in words. */
export interface SkippedEntry {
  path: string;
  reason: string;
}

/** One directory's JSON files (absolute paths, the task record first) and the entries in it that were not read. */
export interface FleetDirectory {
  dir: string;
  files: string[];
  skipped: SkippedEntry[];
}

const LINK_TO_SEEN = 'a symbolic link to a folder already read (a loop, or a second link to it)';
const SEEN_BY_LINK = 'a folder already read through a symbolic link';

type Sorted = { kind: 'dir'; stats: Stats } | { kind: 'file' } | { kind: 'skip'; reason: string };

/** What a directory entry is once a symbolic link is followed (stat, not lstat). */
async function sortEntry(entry: Dirent, path: string): Promise<Sorted> {
  if (entry.isFile()) return { kind: 'file' };
  let stats: Stats;
  try {
    stats = await stat(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') return { kind: 'skip', reason: 'a symbolic link loop' };
    if (code === 'ENOENT')
      return { kind: 'skip', reason: 'a broken symbolic link (its target is not there)' };
    return { kind: 'skip', reason: `cannot be read (${(err as Error).message})` };
  }
  if (stats.isDirectory()) return { kind: 'dir', stats };
  if (stats.isFile()) return { kind: 'file' };
  const link = entry.isSymbolicLink() ? 'a symbolic link to ' : '';
  return {
    kind: 'skip',
    reason: `${link}${notRegularKind(stats) ?? 'not a regular file'}, not a regular file`,
  };
}

/**
 * Directories below `root` (itself included), depth first, each with its `.json` files sorted by name and the
 * entries it holds that were not read. Regular files whose names do not end in `.json` are not fleet files and are
 * passed over; a FIFO or device is skipped by its type whatever its name, and is never opened.
 * @throws when `root` cannot be listed (ENOENT, ENOTDIR, EACCES).
 */
export async function* walkFleet(root: string): AsyncGenerator<FleetDirectory> {
  const seen = new Set<string>([folderId(await stat(root))]);
  const pending = [root];
  while (pending.length > 0) {
    const dir = pending.pop() as string;
    const files: string[] = [];
    const subdirs: string[] = [];
    const skipped: SkippedEntry[] = [];
    for (const entry of await listFolder(dir)) {
      const path = join(dir, entry.name);
      const sorted = await sortEntry(entry, path);
      if (sorted.kind === 'skip') skipped.push({ path, reason: sorted.reason });
      else if (sorted.kind === 'dir') {
        const id = folderId(sorted.stats);
        if (!seen.has(id)) subdirs.push(path);
        else skipped.push({ path, reason: entry.isSymbolicLink() ? LINK_TO_SEEN : SEEN_BY_LINK });
        seen.add(id);
      } else if (entry.name.endsWith('.json') && !TEMPORARY_NAME.test(entry.name)) files.push(entry.name);
    }
    files.sort((a, b) => (a === TASK_FILE_NAME ? -1 : b === TASK_FILE_NAME ? 1 : a.localeCompare(b)));
    skipped.sort((a, b) => a.path.localeCompare(b.path));
    if (files.length > 0 || skipped.length > 0) yield { dir, files: files.map((f) => join(dir, f)), skipped };
    pending.push(...subdirs.sort().reverse());
  }
}

/** A folder's entries, real folders and files before symbolic links, so a link (not its target) is the one skipped. */
async function listFolder(dir: string): Promise<Dirent[]> {
  const entries: Dirent[] = [];
  for await (const entry of await opendir(dir)) entries.push(entry);
  const rank = (e: Dirent): number => (e.isSymbolicLink() ? 1 : 0);
  return entries.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

/** A folder's identity (device and inode), so a folder reached by two paths is read once. */
function folderId(stats: Stats): string {
  return `${stats.dev}:${stats.ino}`;
}
