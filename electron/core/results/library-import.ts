/**
 * Importing a result file into the library: validated, migrated and serialized off-thread (parse-pool.ts); never
 * overwrites or changes anything already there (the same id with other content gets a new id); reported done only
 * after the stored file was read back.
 */
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

import type { HostText, ImportOutcome as ImportStatus, ResultSummary } from '../../contract/index';
import { hostText, word } from '../../model/words/host-text';
import { nameProblem } from '../../contract/names';
import type { ResultFile } from '../../model/results/schema';
import { WriteError } from '../files/durable-write';
import { codedFileError, ResultFileError } from './errors';
import { serializeResultFile, writeStoredBytes } from './io';
import { exists, SAFE_ID, type LibraryParts } from './library-parts';
import { parseResultOffThread, prepareResultOffThread } from './parse-pool';
import { summarizeFields } from './summary';

/** What an import did (status and message as in the contract's ImportOutcome) and the result the library holds. */
export interface ImportOutcome extends ImportStatus {
  summary: ResultSummary;
}

/**
 * Imports a result file's content (validated and migrated by io.ts). Never overwrites or changes anything in the
 * library, and never merges an import into a reference dataset or hides it behind one: the same id with the same
 * content returns the result already there (for a user result names aside, since a user may have renamed it; for
 * a reference the name counts too); the same id with other content, or an id that cannot be a file name, is saved
 * under a new id, and the message says so.
 * @throws ResultFileError when the content is refused (the message names the file and the field).
 */
export async function importText(
  library: LibraryParts,
  content: string | Uint8Array,
  fileName: string,
  options: { base64?: boolean; handOver?: boolean } = {},
): Promise<ImportOutcome> {
  // Decoded, parsed, validated and serialized for storing in the worker thread (parse-pool.ts): a 10,000-point
  // file never stalls the host.
  const base64 = options.base64 === true;
  let { head, pointCount, stored } = await prepareResultOffThread(content, fileName, fileName, {
    base64,
    handOver: options.handOver === true,
  });
  const problem = nameProblem(head.name);
  if (problem) {
    throw codedFileError('INVALID', 'import.badName', { file: fileName, problem: { en: problem } });
  }
  // Under the id's lock (for an id usable as a file name), so that two imports of one id, here or in another
  // process sharing the folder, are decided one after the other: the second finds the first's file.
  // A reference's id needs no lock: references never change, and such an import is never stored under it.
  const reference = (await library.scanner.entries()).entries.get(head.id)?.summary.reference === true;
  const decided = !SAFE_ID.test(head.id)
    ? { why: word('import.whyBadId', { id: head.id }) }
    : reference
      ? await importAs(library, head, pointCount, stored, fileName)
      : await library.locks.withLock(head.id, () => importAs(library, head, pointCount, stored, fileName));
  if ('status' in decided) return decided;
  const id = randomUUID();
  // From the stored text, not `content` (handed over bytes are gone): the same result, under the new id.
  ({ head, pointCount, stored } = await prepareResultOffThread(stored, fileName, fileName, {
    newId: id,
    handOver: true,
  }));
  return {
    summary: await store(library, head, pointCount, stored),
    status: 'added-with-new-id',
    ...hostText('import.newId', { file: fileName, name: head.name, id, why: decided.why }),
  };
}

/**
 * An import under its own id, decided under the id's lock: the result already there (the same run), added (the
 * id is free: written without replacing anything), or why it needs a new id.
 */
async function importAs(
  library: LibraryParts,
  head: Omit<ResultFile, 'points'>,
  pointCount: number,
  stored: Uint8Array,
  fileName: string,
): Promise<ImportOutcome | { why: HostText }> {
  const { entries } = await library.scanner.entries();
  const existing = entries.get(head.id);
  const reference = existing?.summary.reference === true;
  // Only an id already in the library needs the whole result here, to compare it with what is stored.
  if (
    existing &&
    (reference ? sameFile : sameRun)(await library.get(head.id), await parseResultOffThread(stored, fileName))
  ) {
    return {
      summary: existing.summary,
      status: 'already-present',
      ...hostText(reference ? 'import.alreadyReference' : 'import.alreadyInLibrary', {
        file: fileName,
        name: existing.summary.name,
        id: head.id,
      }),
    };
  }
  if (reference) return { why: word('import.whyReference', { id: head.id, name: existing.summary.name }) };
  if (!existing && !(await exists(join(library.dir, `${head.id}.json`)))) {
    const summary = await store(library, head, pointCount, stored).catch((error: unknown) => {
      // Written meanwhile by a program that does not take the library's locks: not replaced, a new id instead.
      if (
        error instanceof ResultFileError &&
        error.cause instanceof WriteError &&
        error.cause.problem === 'EXISTS'
      )
        return null;
      throw error;
    });
    if (summary)
      return { summary, status: 'added', ...hostText('import.added', { file: fileName, name: head.name }) };
  }
  return { why: word('import.whyTaken', { id: head.id }) };
}

/**
 * Writes an import's stored text (made and sized off-thread) as `<id>.json`, confirmed by reading it back, and
 * remembers its summary, so the listing does not parse it again (the result itself is parsed, off-thread, when it
 * is first opened). The id is new to the library.
 */
async function store(
  library: LibraryParts,
  head: Omit<ResultFile, 'points'>,
  pointCount: number,
  stored: Uint8Array,
): Promise<ResultSummary> {
  await mkdir(library.dir, { recursive: true });
  const path = join(library.dir, `${head.id}.json`);
  await writeStoredBytes(path, stored, { replace: false });
  const summary = summarizeFields(head, pointCount, false);
  await library.scanner.remember(path, summary);
  return summary;
}

/** The same run: equal in everything but the name a user may have given it. */
function sameRun(a: ResultFile, b: ResultFile): boolean {
  return serializeResultFile({ ...a, name: '' }) === serializeResultFile({ ...b, name: '' });
}

/** The same file: equal in everything, the name included (a reference cannot be renamed). */
function sameFile(a: ResultFile, b: ResultFile): boolean {
  return serializeResultFile(a) === serializeResultFile(b);
}
