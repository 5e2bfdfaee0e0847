/**
 * Bytes kept in memory by a key that names their content (a file version, an export's inputs), the newest first:
 * bounded in bytes in all and per entry, the least recently used dropped first. The caches built on it
 * (service/export-cache.ts, serve/stored-bytes.ts) key by content identity, so an entry is never stale: a changed
 * file is another key, and its old entry ages out.
 */

/** Keeps the newest entries up to `maxBytes` in all, none over `maxEntryBytes`; hands out the kept bytes. */
export class BytesCache {
  private readonly entries = new Map<string, Uint8Array>();
  private bytes = 0;

  constructor(
    readonly maxBytes: number,
    readonly maxEntryBytes: number,
  ) {}

  /** The bytes kept under `key` (shared: the caller must not change them), or null. */
  get(key: string): Uint8Array | null {
    const hit = this.entries.get(key);
    if (!hit) return null;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  /** Keeps `bytes` under `key` (not copied: the caller must not change them), dropping the oldest beyond `maxBytes`. */
  set(key: string, bytes: Uint8Array): void {
    if (bytes.byteLength > this.maxEntryBytes) return;
    this.delete(key);
    this.entries.set(key, bytes);
    this.bytes += bytes.byteLength;
    for (const [oldest, kept] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= kept.byteLength;
    }
  }

  /** Bytes kept now. */
  get size(): number {
    return this.bytes;
  }

  private delete(key: string): void {
    const kept = this.entries.get(key);
    if (!kept) return;
    this.entries.delete(key);
    this.bytes -= kept.byteLength;
  }
}
