/**
 * The one writer of every file the product saves (result files, exports, figures, reports): docs/architecture.md,
 * "Writing files". The bytes go to a temporary file in the target's folder (`<target>.<pid>.<hex>.tmp`); every byte
 * is written (a short write is continued until the count is reached), the file is fsynced, renamed into place and
 * the folder fsynced, so after a crash or a power cut the target holds either the old file or the new one, never a
 * fragment. On any error the temporary is removed, the target is left as it was, and a WriteError says in plain
 * words what went wrong (disk full, permission, read-only file system) for the user's target, never the temporary.
 */
import { randomBytes } from 'node:crypto';
import { constants, promises as fsp, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Why a write failed, as the CLI's exit codes and the UI's messages group it. */
export type WriteProblem = 'DISK_FULL' | 'NO_PERMISSION' | 'READ_ONLY' | 'NOT_A_FOLDER' | 'EXISTS' | 'IO';

/** A write that failed; nothing was replaced. `target` is the user's file, `label` how the user named it. */
export class WriteError extends Error {
  override readonly name = 'WriteError';
  constructor(
    readonly problem: WriteProblem,
    readonly target: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The file-system calls the writer makes; tests inject faults (ENOSPC, short writes) through them. */
export interface WriterFs {
  open(path: string, flags: number, mode: number): Promise<fsp.FileHandle>;
  rename(from: string, to: string): Promise<void>;
  link(from: string, to: string): Promise<void>;
  unlink(path: string): Promise<void>;
}

const NODE_FS: WriterFs = {
  open: (path, flags, mode) => fsp.open(path, flags, mode),
  rename: (from, to) => fsp.rename(from, to),
  link: (from, to) => fsp.link(from, to),
  unlink: (path) => fsp.unlink(path),
};

export interface DurableWriteOptions {
  /** How the message names the target, e.g. "--out report.md" (default: the target's path). */
  label?: string;
  /** false: refuse (WriteError EXISTS) when the target exists, never replacing it (default true). */
  replace?: boolean;
  /** File mode of a new file (default 0o644; the umask applies). */
  mode?: number;
  /** Injected file-system calls (tests). */
  fs?: WriterFs;
}

/** Temporaries of this writer: `<name>.<pid>.<8 hex>.tmp`; the pid tells whether their writer still runs. */
export const TEMPORARY_NAME = /^(.+)\.(\d+)\.[0-9a-f]{8}\.tmp$/;

/** Bytes handed to one write call (a large write is split: a short write is then only ever a partial chunk). */
const CHUNK_BYTES = 4 * 1024 * 1024;

/** The temporaries of this process's writes in progress (removeUnfinishedTemporariesSync removes them). */
const unfinished = new Set<string>();

/**
 * Removes the temporaries of this process's writes still in progress, at once and synchronously, for a process
 * about to end mid-write (the CLI on Ctrl-C: electron/cli/interrupt.ts); their targets stay as they were.
 * Returns the paths removed.
 */
export function removeUnfinishedTemporariesSync(): string[] {
  const removed: string[] = [];
  for (const temporary of unfinished) {
    try {
      unlinkSync(temporary);
      removed.push(temporary);
    } catch {
      // Already renamed into place or removed: nothing of it is left to clean.
    }
  }
  unfinished.clear();
  return removed;
}

/**
 * Writes `data` (text as UTF-8) to `target` durably: temporary, every byte written, fsync, rename (or, with
 * `replace: false`, a hard link that fails when the target exists), fsync of the folder.
 * @throws WriteError with the problem and a message naming `label` (or `target`); the target is unchanged and the
 *   temporary removed.
 */
export async function writeFileDurably(
  target: string,
  data: string | Uint8Array,
  options: DurableWriteOptions = {},
): Promise<void> {
  const fs = options.fs ?? NODE_FS;
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const folder = dirname(target);
  const temporary = join(folder, `${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  let created = false;
  try {
    const handle = await fs.open(
      temporary,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL,
      options.mode ?? 0o644,
    );
    created = true;
    unfinished.add(temporary);
    try {
      await writeAll(handle, bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (options.replace === false) await linkInPlace(fs, temporary, target);
    else await fs.rename(temporary, target);
    created = options.replace === false; // a link leaves the temporary's name to remove
    await syncFolder(folder);
  } catch (error) {
    throw writeError(error, target, options.label ?? target);
  } finally {
    unfinished.delete(temporary);
    if (created) await fs.unlink(temporary).catch(() => undefined);
  }
}

/** Writes every byte of `bytes` at offset 0 on: a write that returns fewer bytes is continued, 0 bytes is an error. */
async function writeAll(handle: fsp.FileHandle, bytes: Uint8Array): Promise<void> {
  let done = 0;
  while (done < bytes.byteLength) {
    const length = Math.min(CHUNK_BYTES, bytes.byteLength - done);
    const { bytesWritten } = await handle.write(bytes, done, length, done);
    if (bytesWritten <= 0) {
      throw Object.assign(new Error(`no bytes written at offset ${done}`), { code: 'EIO' });
    }
    done += bytesWritten;
  }
}

/** Links the finished temporary to `target`, failing with EEXIST when there is one (never replacing it). */
async function linkInPlace(fs: WriterFs, temporary: string, target: string): Promise<void> {
  try {
    await fs.link(temporary, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // File systems without hard links (FAT, some network shares): the callers hold the library's lock here.
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error;
    if (
      await fsp.stat(target).then(
        () => true,
        () => false,
      )
    )
      throw Object.assign(error as Error, { code: 'EEXIST' });
    await fs.rename(temporary, target);
  }
}

/** fsync of the folder, so the rename itself survives a power cut (where the platform can open a folder). */
async function syncFolder(folder: string): Promise<void> {
  const handle = await fsp.open(folder, constants.O_RDONLY).catch(() => null);
  if (!handle) return;
  try {
    await handle.sync().catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EINVAL' && error.code !== 'EISDIR' && error.code !== 'EPERM') throw error;
    });
  } finally {
    await handle.close();
  }
}

/** The problem an errno code stands for. */
export function writeProblemOf(code: string | undefined): WriteProblem {
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'EFBIG') return 'DISK_FULL';
  if (code === 'EACCES' || code === 'EPERM') return 'NO_PERMISSION';
  if (code === 'EROFS') return 'READ_ONLY';
  if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return 'NOT_A_FOLDER';
  if (code === 'EEXIST') return 'EXISTS';
  return 'IO';
}

const ADVICE: Record<WriteProblem, string> = {
  DISK_FULL: 'the disk is full (or your quota is used up); free some space or choose another folder',
  NO_PERMISSION: 'permission denied; choose a folder you can write to',
  READ_ONLY: 'the file system is read-only; choose another folder',
  NOT_A_FOLDER: 'its folder does not exist or is not a folder',
  EXISTS: 'a file of that name already exists and is not replaced',
  IO: 'the system reported an input/output error',
};

function writeError(error: unknown, target: string, label: string): WriteError {
  if (error instanceof WriteError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  const problem = writeProblemOf(code);
  const kept = problem === 'EXISTS' ? '' : '; nothing was written and an earlier file there is unchanged';
  const detail = problem === 'IO' ? `: ${(error as Error).message}` : ` (${code})`;
  return new WriteError(
    problem,
    target,
    `${label}: cannot write the file: ${ADVICE[problem]}${detail}${kept}.`,
    {
      cause: error,
    },
  );
}

/** Whether `error` (or one of its causes) is a write that failed because the disk is full. */
export function isDiskFull(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth += 1) {
    if (e instanceof WriteError && e.problem === 'DISK_FULL') return true;
    const code = (e as { code?: unknown }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') return true;
  }
  return false;
}

/**
 * Removes the temporaries in `folder` that no running writer owns: its pid is not alive, or it is older than
 * `staleMs` (a pid reused). Temporaries of a write in progress in another process are left alone.
 */
export async function removeStaleTemporaries(folder: string, staleMs = 3_600_000): Promise<string[]> {
  const names = await fsp.readdir(folder).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const match = TEMPORARY_NAME.exec(name);
    if (!match) continue;
    const path = join(folder, name);
    const pid = Number(match[2]);
    const old = await fsp.lstat(path).then(
      (s) => Date.now() - s.mtimeMs > staleMs,
      () => false,
    );
    if (pid !== process.pid && (old || !processAlive(pid))) {
      await fsp.rm(path, { force: true });
      removed.push(path);
    }
  }
  return removed;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
