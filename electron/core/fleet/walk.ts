/**
 * Walks a fleet folder one directory at a time (docs/fleet.md#fleet-merge): yields each directory's JSON files
 * with the task record first, so a task's identity is known before its result files are read. Holds one
 * directory listing at a time; symbolic links and other non-regular files are not followed.
 */
import { opendir } from 'node:fs/promises';
import { join } from 'node:path';

import { TASK_FILE_NAME } from '../../model/fleet/task-schema';
import { TEMPORARY_NAME } from '../files/durable-write';

/** One directory's JSON files, absolute paths, the task record (if any) first. */
export interface FleetDirectory {
  dir: string;
  files: string[];
}

/** Directories below `root` (itself included), depth first, each with its `.json` files sorted by name. */
export async function* walkFleet(root: string): AsyncGenerator<FleetDirectory> {
  const pending = [root];
  while (pending.length > 0) {
    const dir = pending.pop() as string;
    const files: string[] = [];
    const subdirs: string[] = [];
    for await (const entry of await opendir(dir)) {
      if (entry.isDirectory()) subdirs.push(join(dir, entry.name));
      else if (entry.isFile() && entry.name.endsWith('.json') && !TEMPORARY_NAME.test(entry.name)) {
        files.push(entry.name);
      }
    }
    files.sort((a, b) => (a === TASK_FILE_NAME ? -1 : b === TASK_FILE_NAME ? 1 : a.localeCompare(b)));
    if (files.length > 0) yield { dir, files: files.map((f) => join(dir, f)) };
    pending.push(...subdirs.sort().reverse());
  }
}
