/**
 * The listing of the results library (library.ts): the `*.json` files of the reference folders and the user folder,
 * each summarized once per file version (fileVersion) and cached, the files that cannot be listed reported with the
 * reason (a corrupt file, one over the size limit, a duplicate id, a device, FIFO or socket), and the temporaries
 * of killed writers removed from the user folder before the first listing.
 */
import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';

import type { HostText } from '../../contract/call-result';
import type { ResultSummary } from '../../contract/index';
import { removeStaleTemporaries } from '../files/durable-write';
import { ResultFileError, type ResultFileErrorCode } from './errors';
import { readResultBytes } from './io';
import { summarizeResultOffThread } from './parse-pool';
import { summarizeFields } from './summary';
import { hostText } from '../../model/words/host-text';

/** A file the listing skipped, and why. */
export interface LibraryProblem {
  /** Path of the file. */
  file: string;
  /** Why it was skipped: a ResultFileError code, or DUPLICATE_ID. */
  code: ResultFileErrorCode | 'DUPLICATE_ID';
  message: string;
  /** The reason by its code and parameters (electron/model/words/en/host.ts), where the reader gave one. */
  text?: HostText;
  /** In the user folder (removeUnreadable can move it away); false for a reference folder's file. */
  removable: boolean;
}

/** A listed result and its file. */
export interface Entry {
  path: string;
  summary: ResultSummary;
}

/** The listing: readable results by id, and the files skipped. */
export interface Listing {
  entries: Map<string, Entry>;
  problems: LibraryProblem[];
}

interface CachedFile {
  /** fileVersion of the file the outcome was read from. */
  version: string;
  outcome: ResultSummary | Omit<LibraryProblem, 'removable'>;
}

export class LibraryScanner {
  /** Summaries (or problems) by path, valid while the file's version (fileVersion) is unchanged. */
  private readonly cache = new Map<string, CachedFile>();
  /** Removal of interrupted writes' temporaries, done once before the library is first listed. */
  private recovery: Promise<void> | null = null;
  /** The scan in progress, and the one the calls that arrived during it wait for (entries). */
  private running: Promise<Listing> | null = null;
  private queued: Promise<Listing> | null = null;

  constructor(
    private readonly dir: string,
    private readonly referenceDirs: readonly string[],
  ) {}

  /** Remembers the summary of a file just written (its version read now), so it is not read again to list it. */
  async remember(path: string, summary: ResultSummary): Promise<void> {
    this.cache.set(path, { version: await fileVersion(path), outcome: summary });
  }

  /** Forgets what was cached for `path` (a file moved away). */
  forget(path: string): void {
    this.cache.delete(path);
  }

  /**
   * Removes the temporaries that writes interrupted by a crash or kill -9 left in the user folder, once per library
   * (removeStaleTemporaries: those whose writer no longer runs). They never became a result: the write they belong
   * to was never reported done. A write in progress in another process keeps its temporary.
   */
  private recover(): Promise<void> {
    this.recovery ??= removeStaleTemporaries(this.dir).then(() => undefined);
    return this.recovery;
  }

  /**
   * Every readable result by id (reference folders first, then the user folder), and the skipped files, from a scan
   * that started after this call: while one runs, the calls that arrive share the next one, started when it ends
   * (docs/architecture.md#browser-shell-bounds: 200 clients listing at once make two scans, not 200, and none sees
   * the folder as it was before it called). The listing is shared: callers must not change it.
   */
  entries(): Promise<Listing> {
    if (this.queued) return this.queued;
    if (!this.running) return this.start();
    const after = this.running.then(
      () => undefined,
      () => undefined,
    );
    this.queued = after.then(() => {
      this.queued = null;
      return this.start();
    });
    return this.queued;
  }

  private start(): Promise<Listing> {
    const scan = this.scanOnce();
    this.running = scan;
    const done = () => {
      if (this.running === scan) this.running = null;
    };
    scan.then(done, done);
    return scan;
  }

  private async scanOnce(): Promise<Listing> {
    await this.recover();
    const entries = new Map<string, Entry>();
    const problems: LibraryProblem[] = [];
    const folders = [
      ...this.referenceDirs.map((dir) => ({ dir, reference: true })),
      { dir: this.dir, reference: false },
    ];
    for (const { dir, reference } of folders) {
      const paths = await this.resultPaths(dir, reference, problems);
      const versions = await versionsOf(paths);
      for (const [i, path] of paths.entries()) {
        const outcome = await this.summaryOf(path, reference, versions[i]!);
        const previous = 'code' in outcome ? undefined : entries.get(outcome.id);
        if ('code' in outcome) {
          problems.push({ ...outcome, removable: !reference });
        } else if (previous) {
          // Keep the file named after the id (a copy under another name is the duplicate); a reference always wins.
          const keepNew = previous.summary.reference === reference && basename(path) === `${outcome.id}.json`;
          const [kept, skipped] = keepNew
            ? [{ path, summary: outcome }, previous]
            : [previous, { path, summary: outcome }];
          entries.set(outcome.id, kept);
          const params = { file: skipped.path, id: outcome.id, other: kept.path };
          const { text, message } = hostText('library.duplicateId', params);
          problems.push({
            file: skipped.path,
            code: 'DUPLICATE_ID',
            message,
            text,
            removable: !skipped.summary.reference,
          });
        } else {
          entries.set(outcome.id, { path, summary: outcome });
        }
      }
    }
    return { entries, problems };
  }

  /**
   * The `*.json` files of a folder (hidden files, `.trash`, `.locks` and the writer's temporaries `*.tmp` left out:
   * those of interrupted writes were removed by `recover`, others belong to a write in progress).
   */
  private async resultPaths(dir: string, reference: boolean, problems: LibraryProblem[]): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (error) {
      // A user folder that does not exist yet is an empty library; a missing reference folder is worth a report.
      if (!reference && (error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      problems.push({
        file: dir,
        code: 'IO',
        message: `${dir}: cannot list the folder: ${(error as Error).message}`,
        removable: false,
      });
      return [];
    }
    const paths: string[] = [];
    for (const name of names.sort()) {
      if (!name.startsWith('.') && name.endsWith('.json')) paths.push(join(dir, name));
    }
    return paths;
  }

  /** The summary of one file, or why it cannot be listed; cached while the file is unchanged. */
  private async summaryOf(
    path: string,
    reference: boolean,
    version: string | Error,
  ): Promise<ResultSummary | Omit<LibraryProblem, 'removable'>> {
    try {
      if (version instanceof Error) throw version;
      const cached = this.cache.get(path);
      if (cached && cached.version === version) return cached.outcome;
      const outcome = await readResultBytes(path)
        .then((bytes) => summarizeResultOffThread(bytes, path, { handOver: true }))
        .then(
          ({ head, pointCount }) => summarizeFields(head, pointCount, reference),
          (error: unknown) => {
            if (error instanceof ResultFileError)
              return {
                file: path,
                code: error.code,
                message: error.message,
                ...(error.text ? { text: error.text } : {}),
              };
            throw error;
          },
        );
      this.cache.set(path, { version, outcome });
      return outcome;
    } catch (error) {
      // The system's own words (ENOENT, EACCES …) stay English inside the coded reason.
      const params = { file: path, detail: { en: (error as Error).message } };
      return { file: path, code: 'IO', ...hostText('library.cannotRead', params) };
    }
  }
}

/** Files whose versions a scan asks for at once (the rest wait), so a large folder costs no burst of requests. */
const STATS_AT_ONCE = 64;

/**
 * The fileVersion of each of `paths`, in order, or the error that stat gave: asked for STATS_AT_ONCE at a time
 * rather than one after the other (a scan's cost is mostly these stats: docs/architecture.md#browser-shell-bounds).
 */
async function versionsOf(paths: readonly string[]): Promise<Array<string | Error>> {
  const versions: Array<string | Error> = [];
  for (let at = 0; at < paths.length; at += STATS_AT_ONCE) {
    const batch = paths.slice(at, at + STATS_AT_ONCE);
    versions.push(
      ...(await Promise.all(batch.map((path) => fileVersion(path).catch((e: unknown) => asError(e))))),
    );
  }
  return versions;
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * A file's version for the caches: device, inode, ctime and mtime (nanoseconds) and size. A file replaced by the
 * writer is a new inode; one changed in place changes its ctime, which no program can set back (unlike mtime).
 */
export async function fileVersion(path: string): Promise<string> {
  const s = await stat(path, { bigint: true });
  return `${s.dev}:${s.ino}:${s.ctimeNs}:${s.mtimeNs}:${s.size}`;
}
