/**
 * The one reader of every file a user names or the library lists (result files, answers files, CLI arguments):
 * docs/architecture.md, "Reading files". Only a regular file is read (a symlink is followed first: a link to
 * /dev/zero is refused); it is opened with O_NONBLOCK, so a FIFO swapped in after the check cannot block, checked
 * again on the open descriptor, and at most `maxBytes + 1` bytes are read, so a file that grows cannot exhaust memory.
 */
import { constants, promises as fsp, type Stats } from 'node:fs';

/** Why a path could not be read. */
export type ReadProblem = 'NOT_FOUND' | 'NOT_A_FILE' | 'TOO_LARGE' | 'NO_PERMISSION' | 'IO';

/**
 * A file that was not read, and why; `size` is its size in bytes for TOO_LARGE (at least that: it may grow);
 * `code` the system's error code (ENOENT …) when the system refused.
 */
export class FileReadError extends Error {
  override readonly name = 'FileReadError';
  readonly code: string | undefined;
  constructor(
    readonly problem: ReadProblem,
    readonly path: string,
    message: string,
    readonly size: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.code = (options?.cause as NodeJS.ErrnoException | undefined)?.code;
  }
}

/** What a path is when it is not a regular file, in words ("a FIFO (named pipe)"), or null for a regular file. */
export function notRegularKind(stats: Stats): string | null {
  if (stats.isFile()) return null;
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  return 'not a regular file';
}

/**
 * The bytes of the regular file at `path`, at most `maxBytes` of them.
 * @throws FileReadError NOT_FOUND, NOT_A_FILE (a folder, device, FIFO or socket, named in the message), TOO_LARGE
 *   (with the size found: from the file's size, or `maxBytes + 1` when it grew while read), NO_PERMISSION or IO.
 *   Messages start with `path` and say what is wrong; the caller words TOO_LARGE with its own limit.
 */
export async function readRegularFile(path: string, maxBytes: number): Promise<Buffer> {
  const before = await fsp.stat(path).catch((error: unknown) => {
    throw readError(error, path);
  });
  checkKind(before, path, maxBytes);
  const handle = await fsp
    .open(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY)
    .catch((error: unknown) => {
      throw readError(error, path);
    });
  try {
    const opened = await handle.stat();
    checkKind(opened, path, maxBytes);
    return await readAtMost(handle, path, maxBytes, opened.size);
  } catch (error) {
    throw error instanceof FileReadError ? error : readError(error, path);
  } finally {
    await handle.close();
  }
}

function checkKind(stats: Stats, path: string, maxBytes: number): void {
  const kind = notRegularKind(stats);
  if (kind) {
    throw new FileReadError(
      'NOT_A_FILE',
      path,
      `${path}: is ${kind}, not a regular file; give a file${stats.isDirectory() ? ' inside it' : ''}.`,
    );
  }
  if (stats.size > maxBytes) {
    throw new FileReadError('TOO_LARGE', path, `${path}: the file is ${stats.size} bytes`, stats.size);
  }
}

/**
 * Reads up to `maxBytes + 1` bytes; more than `maxBytes` is TOO_LARGE (the file grew after its size was read). A file
 * that holds the `sizeHint` bytes its stat said comes back in a buffer of exactly that size, so a caller can transfer
 * it to a worker thread as it is (a slice of a larger one would have to be copied: tens of ms for 60 MB).
 */
async function readAtMost(
  handle: fsp.FileHandle,
  path: string,
  maxBytes: number,
  sizeHint: number,
): Promise<Buffer> {
  const exact = await readExactly(handle, sizeHint);
  if (exact) return exact;
  let buffer = Buffer.allocUnsafe(Math.min(maxBytes + 1, Math.max(sizeHint + 1, 64 * 1024)));
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      if (length > maxBytes) break;
      const grown = Buffer.allocUnsafe(Math.min(maxBytes + 1, buffer.length * 2));
      buffer.copy(grown, 0, 0, length);
      buffer = grown;
    }
    const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
    if (bytesRead === 0) break;
    length += bytesRead;
  }
  if (length > maxBytes) {
    throw new FileReadError('TOO_LARGE', path, `${path}: the file is over ${maxBytes} bytes`, length);
  }
  return buffer.subarray(0, length);
}

/** The file's bytes when it holds exactly `size` of them (one more byte is tried and must not come), else null. */
async function readExactly(handle: fsp.FileHandle, size: number): Promise<Buffer | null> {
  if (size <= 0) return null;
  const buffer = Buffer.allocUnsafe(size);
  let length = 0;
  while (length < size) {
    const { bytesRead } = await handle.read(buffer, length, size - length, length);
    if (bytesRead === 0) return null;
    length += bytesRead;
  }
  const { bytesRead } = await handle.read(Buffer.alloc(1), 0, 1, size);
  return bytesRead === 0 ? buffer : null;
}

function readError(error: unknown, path: string): FileReadError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    return new FileReadError(
      'NOT_FOUND',
      path,
      `${path}: cannot read the file: there is no such file (check the path).`,
      null,
      {
        cause: error,
      },
    );
  }
  if (code === 'EACCES' || code === 'EPERM') {
    return new FileReadError(
      'NO_PERMISSION',
      path,
      `${path}: cannot read the file: permission denied.`,
      null,
      {
        cause: error,
      },
    );
  }
  if (code === 'EISDIR') {
    return new FileReadError('NOT_A_FILE', path, `${path}: is a folder, not a regular file.`, null, {
      cause: error,
    });
  }
  // ENXIO: a socket cannot be opened as a file.
  if (code === 'ENXIO') {
    return new FileReadError(
      'NOT_A_FILE',
      path,
      `${path}: is a socket or device, not a regular file.`,
      null,
      {
        cause: error,
      },
    );
  }
  const why = error instanceof Error ? error.message : String(error);
  return new FileReadError('IO', path, `${path}: cannot read the file: ${why}`, null, { cause: error });
}
