/**
 * What the parts of the results library share (library.ts composes them): the folder, its listing and its locks,
 * the rule for ids, and the refusals every change of a result can give.
 */
import { stat } from 'node:fs/promises';

import type { ResultSummary } from '../../contract/index';
import type { ResultFile } from '../../model/results/schema';
import { LibraryError } from './errors';
import type { ResultLocks } from './library-lock';
import type { Entry, LibraryScanner } from './library-scan';

/** Ids usable as file names. */
export const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** The library as its parts (import, trash) use it. */
export interface LibraryParts {
  /** The user folder (created on the first write). */
  dir: string;
  scanner: LibraryScanner;
  locks: ResultLocks;
  /** The listing's entry of result `id`; throws LibraryError NOT_FOUND. */
  entry(id: string): Promise<Entry>;
  /** Result `id`, parsed (ResultsLibrary.get). */
  get(id: string): Promise<ResultFile>;
}

export function readOnly(summary: ResultSummary): LibraryError {
  return new LibraryError(
    'READ_ONLY',
    `"${summary.name}" (id ${summary.id}) is a reference dataset shipped with Sync Workbench: it is read-only ` +
      'and cannot be renamed, deleted or replaced.',
  );
}

export async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
