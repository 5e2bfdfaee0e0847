/**
 * The work of one parse request (parse-protocol.ts), the same in the parse thread (parse-worker.ts) and, where no
 * thread can be started, on the caller's (parse-pool.ts): decode base64 when asked, parse and validate, take the
 * new id, and for a store make the bytes to write.
 */
import { decodeBase64 } from './base64';
import { parseForStore, storedText } from './io';
import type { ParseRequest } from './parse-protocol';
import type { ResultFile } from '../../model/results/schema';

/**
 * The result of `req` (task parse, prepare or summary; `wire` is not a result), whether its content was already of
 * this version (then its text is the result's JSON as it is: io.ts parseForStore), and, for prepare, the bytes to
 * store: a file already of this version under its own id is stored as it came (it reads back to the same result,
 * and is not serialized again: about 0.5 s for a 45 MB result); a migrated one, or one under a new id, as
 * storedText. The bytes fill an ArrayBuffer of their own (transferable).
 * @throws ResultFileError as parseResultFile; TOO_LARGE naming `req.storeName` from storedText.
 */
export function runParseTask(req: Omit<ParseRequest, 'id'>): {
  result: ResultFile;
  stored: Uint8Array | null;
  currentVersion: boolean;
} {
  const content = req.base64 && typeof req.bytes === 'string' ? decodeBase64(req.bytes, req.name) : req.bytes;
  const { result: parsed, currentVersion } = parseForStore(content, req.name);
  const result = req.newId ? { ...parsed, id: req.newId } : parsed;
  if (req.task !== 'prepare') return { result, stored: null, currentVersion };
  const stored =
    currentVersion && !req.newId
      ? ownBytes(content)
      : new TextEncoder().encode(storedText(result, req.storeName ?? req.name));
  return { result, stored, currentVersion };
}

/** `content` as bytes in an ArrayBuffer of their own: text is encoded, such bytes are used as they are. */
function ownBytes(content: string | Uint8Array): Uint8Array {
  if (typeof content === 'string') return new TextEncoder().encode(content);
  const whole =
    content.buffer instanceof ArrayBuffer &&
    content.byteOffset === 0 &&
    content.byteLength === content.buffer.byteLength;
  return whole ? content : new Uint8Array(content);
}
