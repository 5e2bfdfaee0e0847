/** The content of an import request: text as given, or the bytes of its base64 (UTF-8 is checked by the library). */
import type { Failure, ImportRequest } from '../../contract';
import { fail } from './failure';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The request's content: a string, or the decoded bytes when `base64`; INVALID when the base64 is malformed. */
export function importContent(req: ImportRequest): { ok: true; content: string | Uint8Array } | Failure {
  if (!req.base64) return { ok: true, content: req.content };
  const compact = req.content.replace(/\s+/g, '');
  if (compact.length % 4 !== 0 || !BASE64.test(compact)) {
    return fail('INVALID', `${req.fileName}: the content is not valid base64.`, {
      content: 'is not valid base64',
    });
  }
  return { ok: true, content: new Uint8Array(Buffer.from(compact, 'base64')) };
}
