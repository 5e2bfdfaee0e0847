/**
 * The reply to listResults, serialized once for every client while the listing is the same
 * (docs/architecture.md#browser-shell-bounds): the library hands out the very summary objects it keeps per file
 * version (library-scan.ts), so a listing whose items are the same objects, in the same order, as the last one is
 * the same JSON. Any file added, removed, replaced or changed makes a new summary object, hence a new JSON. The
 * summaries are never changed in place (the library's cache relies on that as well).
 */
import type { Result } from '../contract';

/** The JSON of the last list seen, kept while a list holds the same items (by identity) in the same order. */
export class SameItemsJson {
  private items: readonly unknown[] = [];
  private json: Buffer | null = null;

  /** `JSON.stringify(list)` as UTF-8, made again only when an item differs (by identity) from the last list's. */
  of(list: readonly unknown[]): Buffer {
    const same =
      this.json !== null && list.length === this.items.length && list.every((x, i) => x === this.items[i]);
    if (!same || this.json === null) {
      this.items = [...list];
      this.json = Buffer.from(JSON.stringify(list));
    }
    return this.json;
  }
}

/**
 * `JSON.stringify({ kind: 'reply', id, result })` for a listResults answer whose value is a list, with that list's
 * JSON from `memo`, as one buffer; null for any other result (a failure, or a result with other fields).
 */
export function listReplyFrame(id: number, result: Result<unknown>, memo: SameItemsJson): Buffer[] | null {
  if (!result.ok || !Array.isArray(result.value) || Object.keys(result).length !== 2) return null;
  const head = Buffer.from(`{"kind":"reply","id":${JSON.stringify(id)},"result":{"ok":true,"value":`);
  return [Buffer.concat([head, memo.of(result.value), Buffer.from('}}')])];
}
