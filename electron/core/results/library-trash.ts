/**
 * The library's trash: a deleted result is moved to `.trash/<undo token>.json` and can be restored under its id
 * while no other result took the id; a file the listing cannot read is moved there too, so nothing is lost.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename } from 'node:fs/promises';
import { basename, join } from 'node:path';

import type { ResultSummary } from '../../contract/index';
import { LibraryError } from './errors';
import { readResultFile } from './io';
import { exists, readOnly, type LibraryParts } from './library-parts';
import { summarizeResult } from './summary';

const TRASH = '.trash';
const UNDO_TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Moves a user result to the `.trash` folder; `undoDelete(undoToken)` brings it back.
 * @throws LibraryError NOT_FOUND, READ_ONLY (a reference).
 */
export async function deleteResult(library: LibraryParts, id: string): Promise<{ undoToken: string }> {
  return library.locks.withLock(id, async () => {
    const entry = await library.entry(id);
    if (entry.summary.reference) throw readOnly(entry.summary);
    const undoToken = randomUUID();
    await mkdir(join(library.dir, TRASH), { recursive: true });
    await rename(entry.path, trashPath(library.dir, undoToken));
    return { undoToken };
  });
}

/**
 * Restores a deleted result under its id.
 * @throws LibraryError NOT_FOUND (unknown token, or already restored), CONFLICT (a result with its id exists again).
 */
export async function undoDelete(library: LibraryParts, undoToken: string): Promise<ResultSummary> {
  const path = UNDO_TOKEN.test(undoToken) ? trashPath(library.dir, undoToken) : null;
  if (path === null || !(await exists(path))) {
    throw new LibraryError('NOT_FOUND', `nothing to undo for token "${undoToken}": no such deleted result.`);
  }
  const result = await readResultFile(path);
  return library.locks.withLock(result.id, async () => {
    const target = join(library.dir, `${result.id}.json`);
    const { entries } = await library.scanner.entries();
    if (entries.has(result.id) || (await exists(target))) {
      throw new LibraryError(
        'CONFLICT',
        `cannot restore "${result.name}": a result with id "${result.id}" is in the library again.`,
      );
    }
    if (!(await exists(path))) {
      throw new LibraryError(
        'NOT_FOUND',
        `nothing to undo for token "${undoToken}": it was restored already.`,
      );
    }
    await rename(path, target);
    return summarizeResult(result, false);
  });
}

/**
 * Moves a file that the listing could not read (one of `scan().problems` in the user folder) to `.trash/`, so
 * it is no longer listed; resolves to where it went. Nothing is deleted: the file can still be inspected there.
 * @throws LibraryError NOT_FOUND (not an unreadable file of this library), READ_ONLY (a reference folder's).
 */
export async function removeUnreadable(library: LibraryParts, file: string): Promise<{ movedTo: string }> {
  const { problems } = await library.scanner.entries();
  const problem = problems.find((p) => p.file === file);
  if (!problem) {
    throw new LibraryError('NOT_FOUND', `${file} is not a file this library could not read.`);
  }
  if (!problem.removable) {
    throw new LibraryError(
      'READ_ONLY',
      `${file} belongs to the reference datasets shipped with Sync Workbench; reinstall the app to repair it.`,
    );
  }
  await mkdir(join(library.dir, TRASH), { recursive: true });
  const movedTo = join(library.dir, TRASH, `unreadable-${Date.now()}-${basename(file)}`);
  await rename(file, movedTo);
  library.scanner.forget(file);
  return { movedTo };
}

function trashPath(dir: string, undoToken: string): string {
  return join(dir, TRASH, `${undoToken}.json`);
}
