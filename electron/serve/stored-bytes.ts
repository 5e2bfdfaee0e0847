/**
 * The bytes of small stored result files, kept by file version, for getResult replies (ws-api.ts): a file of at
 * most STORED_BYTES_ENTRY_BYTES is read whole once per version (readStoredFile checks the version before and
 * after reading) and sent from memory to every client that asks, instead of being opened and read again for each
 * (docs/architecture.md#browser-shell-bounds). The key is the file's path and its version as the library read it
 * for this call (device, inode, ctime, mtime, size: library-scan.ts fileVersion), so a file replaced, rewritten in
 * place (its ctime changes even when its size and mtime are set back), renamed or deleted is never served stale.
 * Larger files are streamed from disk as before (stored-frame.ts).
 */
import { BytesCache } from '../core/results/bytes-cache';
import { readStoredFile, StoredFileChangedError, type StoredFile } from '../core/results/stored-file';

/** Largest stored file kept in memory: 2 MiB (a 10,000-point result, ~46 MB, is streamed). */
export const STORED_BYTES_ENTRY_BYTES = 2 * 1024 * 1024;
/** Bytes of stored files kept in all: 32 MiB, the least recently used dropped first. */
export const STORED_BYTES_CACHE_BYTES = 32 * 1024 * 1024;

export class StoredBytes {
  private readonly cache = new BytesCache(STORED_BYTES_CACHE_BYTES, STORED_BYTES_ENTRY_BYTES);

  /**
   * The bytes of `file` (a leading byte-order mark left out; shared: not to be changed) when it is small enough to
   * keep, read now or kept from an earlier read of the same version; null when it is larger, or when it is no
   * longer that version (the caller streams it, or reads the result again through the library).
   * @throws ResultFileError as readStoredFile.
   */
  async bytesOf(file: StoredFile): Promise<Uint8Array | null> {
    if (file.bytes > STORED_BYTES_ENTRY_BYTES) return null;
    const key = `${file.path}\0${file.version}`;
    const kept = this.cache.get(key);
    if (kept) return kept;
    const bytes = await readStoredFile(file).catch((error: unknown) => {
      if (error instanceof StoredFileChangedError) return null;
      throw error;
    });
    if (bytes) this.cache.set(key, bytes);
    return bytes;
  }
}
