/** The base64 content of an import (the page sends files as base64 so the host can check their encoding). */
import { ResultFileError } from './errors';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The bytes of `text` (white space ignored). Run in the parse worker for large files.
 * @throws ResultFileError INVALID "<sourceName>: the content is not valid base64." when it is malformed.
 */
export function decodeBase64(text: string, sourceName: string): Uint8Array {
  const compact = /\s/.test(text) ? text.replace(/\s+/g, '') : text;
  if (compact.length % 4 !== 0 || !BASE64.test(compact)) {
    throw new ResultFileError('INVALID', `${sourceName}: the content is not valid base64.`);
  }
  return new Uint8Array(Buffer.from(compact, 'base64'));
}
