/**
 * A stored result file whose text is the result's JSON as it is (library.ts storedFile: valid and of this version),
 * named by its path and the file version that was checked, so that a thread of its own can read it (an export's
 * worker, export-task.ts) or a reply can stream it from disk (the browser shell's getResult, serve/stored-frame.ts)
 * without the host's thread holding the whole file. Either way the file must still be the version that was
 * checked, else StoredFileChangedError: the caller reads the result again through the library.
 */
import { constants, promises as fsp } from 'node:fs';

import { readResultBytes } from './io';

/** A checked stored file: where it is, which version of it was checked (library-scan.ts fileVersion), its size. */
export interface StoredFile {
  path: string;
  version: string;
  /** Its size in bytes, a byte-order mark included. */
  bytes: number;
}

/** The code of StoredFileChangedError (kept when the error crosses from a worker thread). */
export const STORED_FILE_CHANGED = 'STORED_FILE_CHANGED';

/** The file at a StoredFile's path is no longer the version that was checked (it was replaced or changed). */
export class StoredFileChangedError extends Error {
  override readonly name = 'StoredFileChangedError';
  readonly code = STORED_FILE_CHANGED;
  constructor(path: string) {
    super(`${path}: the file changed while it was read; read the result again.`);
  }
}

/** The version string of stats as library-scan.ts fileVersion writes it. */
function versionOf(s: { dev: bigint; ino: bigint; ctimeNs: bigint; mtimeNs: bigint; size: bigint }): string {
  return `${s.dev}:${s.ino}:${s.ctimeNs}:${s.mtimeNs}:${s.size}`;
}

/** Whether `bytes` starts with a UTF-8 byte-order mark (left out of what is handed on). */
function hasBom(bytes: Uint8Array): boolean {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/**
 * The bytes of `file` (a leading byte-order mark left out), read at once.
 * @throws StoredFileChangedError when the file is not the checked version before or after the read; ResultFileError
 *   IO or TOO_LARGE as readResultBytes.
 */
export async function readStoredFile(file: StoredFile): Promise<Uint8Array> {
  const version = async () => versionOf(await fsp.stat(file.path, { bigint: true }));
  if ((await version()) !== file.version) throw new StoredFileChangedError(file.path);
  const bytes = await readResultBytes(file.path);
  if ((await version()) !== file.version) throw new StoredFileChangedError(file.path);
  return hasBom(bytes) ? bytes.subarray(3) : bytes;
}

/** A stored file opened for reading in pieces: its size (byte-order mark left out) and its pieces in order. */
export interface OpenedStoredFile {
  /** Bytes `pieces` yields in all. */
  bytes: number;
  /**
   * The file's bytes in pieces of at most `pieceBytes`, each a buffer of its own, read when asked for.
   * @throws StoredFileChangedError when the file ends early (it was cut short in place).
   */
  pieces(pieceBytes: number): AsyncGenerator<Buffer>;
  close(): Promise<void>;
}

/**
 * Opens `file` for reading in pieces, when it is still the checked version (the open descriptor then keeps that
 * version even if the file is replaced meanwhile: writes rename a complete new file into place). Null when it is
 * not, or is gone; the caller reads the result again through the library.
 */
export async function openStoredFile(file: StoredFile): Promise<OpenedStoredFile | null> {
  const flags = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY;
  const handle = await fsp.open(file.path, flags).catch(() => null);
  if (!handle) return null;
  const stats = await handle.stat({ bigint: true }).catch(() => null);
  if (!stats || !stats.isFile() || versionOf(stats) !== file.version) {
    await handle.close();
    return null;
  }
  const head = Buffer.alloc(3);
  const { bytesRead } = await handle.read(head, 0, 3, 0);
  const start = bytesRead === 3 && hasBom(head) ? 3 : 0;
  const size = Number(stats.size);
  return {
    bytes: size - start,
    async *pieces(pieceBytes: number) {
      for (let at = start; at < size;) {
        const piece = Buffer.allocUnsafe(Math.min(pieceBytes, size - at));
        const { bytesRead: read } = await handle.read(piece, 0, piece.length, at);
        if (read === 0) throw new StoredFileChangedError(file.path);
        at += read;
        yield read === piece.length ? piece : piece.subarray(0, read);
      }
    },
    close: () => handle.close(),
  };
}
