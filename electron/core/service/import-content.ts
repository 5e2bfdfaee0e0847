/** The text of an import request: base64 decoded when flagged, and checked to be UTF-8 (issue 5 §3). */
import type { Failure, ImportRequest } from '../../contract';
import { fail } from './failure';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The request's content as a string, or INVALID when the base64 is malformed or the bytes are not UTF-8. */
export function importText(req: ImportRequest): { ok: true; text: string } | Failure {
  if (!req.base64) return { ok: true, text: req.content };
  const compact = req.content.replace(/\s+/g, '');
  if (compact.length % 4 !== 0 || !BASE64.test(compact)) {
    return fail('INVALID', `${req.fileName}: the content is not valid base64.`, {
      content: 'is not valid base64',
    });
  }
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(compact, 'base64'));
    return { ok: true, text };
  } catch {
    return fail('INVALID', `${req.fileName} is not UTF-8 text, so it is not a result file.`, {
      content: 'is not UTF-8 text',
    });
  }
}
