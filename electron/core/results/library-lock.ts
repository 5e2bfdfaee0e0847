/**
 * Locks of the results library, one per result id (docs/architecture.md, "Writing files"): import, rename, delete,
 * restore and save of a result run one at a time, within a process (a queue per id) and across processes sharing
 * the folder (two servers and the CLI), through proper-lockfile: a folder `<library>/.locks/<id>.lock` made with
 * mkdir (atomic, also on network file systems) and kept fresh while held; one left by a killed process is taken
 * over once it is `STALE_MS` old.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

import { lock } from 'proper-lockfile';

import { LibraryError } from './errors';

/** A lock not refreshed for this long belongs to a process that died; it is taken over. */
const STALE_MS = 10_000;
/** How long a change waits for another process's change of the same result before it gives up: about 30 s. */
const RETRIES = { retries: 150, factor: 1.3, minTimeout: 5, maxTimeout: 200, randomize: true };

export const LOCK_FOLDER = '.locks';

export class ResultLocks {
  /** Changes in progress in this process, by id: the next one waits for the last. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly dir: string) {}

  /**
   * Runs `change` holding the lock of result `id`, and releases it after.
   * @throws LibraryError CONFLICT when another process holds the lock for longer than the wait (about 30 s).
   */
  async withLock<T>(id: string, change: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(id) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(() => this.locked(id, change));
    const settled = run.catch(() => undefined);
    this.queues.set(id, settled);
    void settled.then(() => {
      if (this.queues.get(id) === settled) this.queues.delete(id);
    });
    return run;
  }

  private async locked<T>(id: string, change: () => Promise<T>): Promise<T> {
    const folder = join(this.dir, LOCK_FOLDER);
    await mkdir(folder, { recursive: true });
    let release: () => Promise<void>;
    try {
      release = await lock(join(this.dir, `${id}.json`), {
        realpath: false,
        lockfilePath: join(folder, `${id}.lock`),
        stale: STALE_MS,
        retries: RETRIES,
        // A lock found taken over (this process stalled past STALE_MS): the change in progress still ends; the
        // writes it makes never replace a file they did not read (see library.ts).
        onCompromised: () => undefined,
      });
    } catch (error) {
      throw new LibraryError(
        'CONFLICT',
        `result "${id}" is being changed by another program sharing ${this.dir} (its lock is held); ` +
          'try again in a moment.',
        { cause: error },
      );
    }
    try {
      return await change();
    } finally {
      await release().catch(() => undefined);
    }
  }
}
