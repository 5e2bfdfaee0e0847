/**
 * The results library: one folder of result files (`<id>.json`, written durably and read back by io.ts) plus
 * read-only reference folders (datasets shipped with the app). On its first use the library removes the temporary
 * files that killed writers left (../files/durable-write.ts: what they held was never reported saved). Listing
 * reads every file, skips and reports what it cannot read (a corrupt file, one over the size limit, a duplicate id,
 * a device, FIFO or socket) and never fails because of one bad file; `removeUnreadable` moves such a file to
 * `.trash/`. Every change of a result (save, import, rename, delete, restore) holds that result's lock
 * (library-lock.ts), also across processes sharing the folder, and checks the file again under it. Deleting moves
 * a file to `.trash/` and returns an undo token. Importing never overwrites or changes anything already in the
 * library (the same id with other content gets a new id), and reports an import done only after the stored file
 * was read back. Docs: docs/architecture.md, "Writing files".
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

import type { ResultQuery, ResultSummary, UnreadableResult } from '../../contract/index';
import { LibraryError } from './errors';
import { cleanName, nameProblem } from '../../contract/names';
import { readResultBytes, readResultFile, writeResultFile } from './io';
import { parseResultOffThread, summarizeResultOffThread } from './parse-pool';
import type { ResultFile } from '../../model/results/schema';
import { readStoredFile, StoredFileChangedError, type StoredFile } from './stored-file';
import { importText, type ImportOutcome } from './library-import';
import { ResultLocks } from './library-lock';
import { readOnly, SAFE_ID, type LibraryParts } from './library-parts';
import { fileVersion, LibraryScanner, type Entry, type LibraryProblem } from './library-scan';
import { deleteResult, removeUnreadable, undoDelete } from './library-trash';
import { queryMatcher, summarizeFields, summarizeResult } from './summary';

export { queryMatcher, summarizeFields, summarizeResult, type ImportOutcome, type LibraryProblem };

export interface LibraryOptions {
  /** Read-only folders of reference result files (e.g. resources/reference), listed with `reference: true`. */
  referenceDirs?: string[];
}

export interface LibraryListing {
  /** Newest first. */
  results: ResultSummary[];
  problems: LibraryProblem[];
}

/** Raw samples of the results kept open in memory (getResult, replays), beyond the one opened last: ~40 MB. */
const OPEN_CACHE_SAMPLES = 5_000_000;

interface OpenedFile {
  version: string;
  samples: number;
  result: ResultFile;
}

export class ResultsLibrary {
  /** The listing: summaries cached per file version, problems, temporaries of killed writers removed. */
  private readonly scanner: LibraryScanner;
  /** Results opened lately, by path, newest last (a Map keeps insertion order); valid while the file is unchanged. */
  private readonly opened = new Map<string, OpenedFile>();
  /** Whether a file version (path and fileVersion) is valid and of this version (storedFile), checked once. */
  private readonly checked = new Map<string, Promise<boolean>>();
  /** Parses in progress, by path and fileVersion: what `get` calls for one file version wait on together. */
  private readonly parsing = new Map<string, Promise<ResultFile>>();
  private readonly locks: ResultLocks;
  /** What the import and the trash (library-import.ts, library-trash.ts) work on. */
  private readonly parts: LibraryParts;

  /** `dir` is created on the first save; until then the library is empty. */
  constructor(
    readonly dir: string,
    options: LibraryOptions = {},
  ) {
    this.scanner = new LibraryScanner(dir, options.referenceDirs ?? []);
    this.locks = new ResultLocks(dir);
    this.parts = {
      dir,
      scanner: this.scanner,
      locks: this.locks,
      entry: (id) => this.entry(id),
      get: (id) => this.get(id),
    };
  }

  /**
   * Every readable result matching `query` (newest first), and the files that were skipped.
   * @throws LibraryError INVALID when `query.from` or `query.to` is not a date.
   */
  async scan(query: ResultQuery = {}): Promise<LibraryListing> {
    const matches = queryMatcher(query);
    const { entries, problems } = await this.scanner.entries();
    const results = [...entries.values()]
      .map((e) => e.summary)
      .filter(matches)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.name.localeCompare(b.name));
    return { results, problems };
  }

  /** The summaries of `scan(query)`. */
  async list(query: ResultQuery = {}): Promise<ResultSummary[]> {
    return (await this.scan(query)).results;
  }

  /**
   * The result with `id` (user or reference).
   * @throws LibraryError NOT_FOUND; ResultFileError when its file changed into something unreadable.
   */
  async get(id: string): Promise<ResultFile> {
    const { path } = await this.entry(id);
    const version = await fileVersion(path);
    const hit = this.opened.get(path);
    if (hit && hit.version === version) {
      this.opened.delete(path);
      this.opened.set(path, hit);
      return hit.result;
    }
    // One parse per file version: calls that arrive while it is parsed wait for the same parse (200 clients
    // opening a result nobody has opened yet must not parse it 200 times, each holding its own copy).
    const key = `${path}\0${version}`;
    let parsing = this.parsing.get(key);
    if (!parsing) {
      parsing = readResultBytes(path)
        .then((bytes) => parseResultOffThread(bytes, path, { handOver: true }))
        .then((result) => {
          this.remember(path, version, result);
          return result;
        })
        .finally(() => this.parsing.delete(key));
      this.parsing.set(key, parsing);
    }
    return parsing;
  }

  /**
   * Result `id`'s file, when its text is the result's JSON as it is: the file is valid and already of this version
   * (checked off-thread once per file version, then remembered). Null for a file of an older version (it is migrated
   * on `get`). Its bytes are read by readStoredFile or openStoredFile (stored-file.ts), which make sure it is still
   * the version checked here.
   * @throws LibraryError NOT_FOUND; ResultFileError when the file is not a valid result file.
   */
  async storedFile(id: string): Promise<StoredFile | null> {
    const { path } = await this.entry(id);
    const version = await fileVersion(path);
    const key = `${path}\0${version}`;
    let check = this.checked.get(key);
    if (check === undefined) {
      // Checked from a read of its own, handed to the parse thread (no 46 MB copy on this thread), once for all
      // the calls that ask while it runs (ten clients exporting a large file read and parse it once).
      check = readResultBytes(path)
        .then((bytes) => summarizeResultOffThread(bytes, path, { handOver: true }))
        .then((summary) => summary.currentVersion);
      this.checked.set(key, check);
      check.catch(() => this.checked.delete(key));
    }
    const current = await check;
    return current ? { path, version, bytes: Number(version.slice(version.lastIndexOf(':') + 1)) } : null;
  }

  /**
   * The bytes of storedFile(id) (a leading byte-order mark left out), or null where it is null and when the file
   * changed while it was read. The browser shell and the exports hand these bytes on as they are, so a result is
   * not parsed on the host's thread.
   * @throws LibraryError NOT_FOUND; ResultFileError when the file is not a valid result file.
   */
  async storedJson(id: string): Promise<Uint8Array | null> {
    const file = await this.storedFile(id);
    if (!file) return null;
    return readStoredFile(file).catch((error: unknown) => {
      if (error instanceof StoredFileChangedError) return null;
      throw error;
    });
  }

  /** Keeps `result` open for the next `get`, dropping the oldest beyond OPEN_CACHE_SAMPLES (the newest stays). */
  private remember(path: string, version: string, result: ResultFile): void {
    let samples = 0;
    for (const p of result.points) for (const values of Object.values(p.raw)) samples += values.length;
    this.opened.delete(path);
    this.opened.set(path, { version, samples, result });
    let total = 0;
    for (const entry of this.opened.values()) total += entry.samples;
    for (const [key, entry] of this.opened) {
      if (total <= OPEN_CACHE_SAMPLES || this.opened.size <= 1) break;
      this.opened.delete(key);
      total -= entry.samples;
    }
  }

  /**
   * Saves `result` durably as `<id>.json` under its lock (replacing an earlier save of the same id).
   * @throws LibraryError INVALID (id unusable as a file name), READ_ONLY (the id is a reference dataset's);
   *   ResultFileError when the result is invalid or cannot be written.
   */
  async save(result: ResultFile): Promise<ResultSummary> {
    if (!SAFE_ID.test(result.id)) {
      throw new LibraryError(
        'INVALID',
        `result id "${result.id}" cannot be a file name: use 1 to 200 letters, digits, ".", "_" or "-", ` +
          'starting with a letter or digit.',
      );
    }
    await mkdir(this.dir, { recursive: true });
    return this.locks.withLock(result.id, async () => {
      const { entries } = await this.scanner.entries();
      const existing = entries.get(result.id);
      if (existing?.summary.reference) throw readOnly(existing.summary);
      await writeResultFile(existing?.path ?? join(this.dir, `${result.id}.json`), result);
      return summarizeResult(result, false);
    });
  }

  /**
   * Renames a user result (the file keeps its id and path).
   * @throws LibraryError NOT_FOUND, READ_ONLY (a reference), INVALID (an empty or over-long name).
   */
  async rename(id: string, name: string): Promise<ResultSummary> {
    const problem = nameProblem(name);
    if (problem) throw new LibraryError('INVALID', `name: ${problem}.`);
    const trimmed = cleanName(name);
    return this.locks.withLock(id, async () => {
      // Looked up under the lock: a result deleted meanwhile (here or in another process) stays deleted.
      const entry = await this.entry(id);
      if (entry.summary.reference) throw readOnly(entry.summary);
      const result = { ...(await readResultFile(entry.path)), name: trimmed };
      await writeResultFile(entry.path, result);
      return summarizeResult(result, false);
    });
  }

  /**
   * Moves a user result to the `.trash` folder; `undoDelete(undoToken)` brings it back.
   * @throws LibraryError NOT_FOUND, READ_ONLY (a reference).
   */
  delete(id: string): Promise<{ undoToken: string }> {
    return deleteResult(this.parts, id);
  }

  /**
   * Restores a deleted result under its id.
   * @throws LibraryError NOT_FOUND (unknown token, or already restored), CONFLICT (a result with its id exists again).
   */
  undoDelete(undoToken: string): Promise<ResultSummary> {
    return undoDelete(this.parts, undoToken);
  }

  /**
   * Imports a result file's content (library-import.ts): never overwrites or changes anything in the library; the
   * same id with other content, or an id that cannot be a file name, is saved under a new id.
   * @throws ResultFileError when the content is refused (the message names the file and the field).
   */
  importText(
    content: string | Uint8Array,
    fileName: string,
    options: { base64?: boolean; handOver?: boolean } = {},
  ): Promise<ImportOutcome> {
    return importText(this.parts, content, fileName, options);
  }

  private async entry(id: string): Promise<Entry> {
    const entry = (await this.scanner.entries()).entries.get(id);
    if (!entry) throw new LibraryError('NOT_FOUND', `no result with id "${id}" in the library.`);
    return entry;
  }

  /** The files `scan()` could not read, in the contract's terms. */
  async unreadable(): Promise<UnreadableResult[]> {
    const { problems } = await this.scanner.entries();
    return problems.map(({ file, code, message, text, removable }) => ({
      file,
      code,
      reason: message,
      ...(text ? { text } : {}),
      removable,
    }));
  }

  /**
   * Moves a file that the listing could not read (one of `scan().problems` in the user folder) to `.trash/`, so
   * it is no longer listed; resolves to where it went. Nothing is deleted: the file can still be inspected there.
   * @throws LibraryError NOT_FOUND (not an unreadable file of this library), READ_ONLY (a reference folder's).
   */
  removeUnreadable(file: string): Promise<{ movedTo: string }> {
    return removeUnreadable(this.parts, file);
  }
}
