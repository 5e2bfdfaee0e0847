/** The base64 content of an import (the page sends files as base64 so the host can check their encoding). */
import { codedFileError } from './errors';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The bytes of `text` (white space ignored). Run in the parse worker for large files.
 *
 * Fast path: Node's decoder skips what is not base64, so `text` decoded to exactly the length its characters
 * promise (3 bytes per 4 characters, less the padding) had nothing to skip: it is valid base64 (Node also takes
 * the URL-safe `-` and `_`, which decode unambiguously). Only text that fails this is scanned character by
 * character, which costs about 0.5 s per 60 MB (bench/event-loop.ts), and then for white space and the exact rule.
 * @throws ResultFileError INVALID "<sourceName>: the content is not valid base64." when it is malformed.
 */
export function decodeBase64(text: string, sourceName: string): Uint8Array {
  if (text.length % 4 === 0) {
    const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
    const bytes = Buffer.from(text, 'base64');
    if (bytes.length === (text.length / 4) * 3 - padding)
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
  }
  const compact = /\s/.test(text) ? text.replace(/\s+/g, '') : text;
  if (compact.length % 4 !== 0 || !BASE64.test(compact)) {
    throw codedFileError('INVALID', 'resultFile.notBase64', { file: sourceName });
  }
  return new Uint8Array(Buffer.from(compact, 'base64'));
}
