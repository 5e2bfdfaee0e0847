/**
 * The size limit of the decision engine's answers, wherever they come from: the object `advise` receives through
 * the API (`answersSizeProblem`, checked before anything else looks at it) and an answers file read from disk
 * (`readAnswersFile`, for the CLI: the size is checked before the file is read). A real answers object is well
 * under 1 KiB; anything near the limit is not one, and its unknown keys would only make an enormous error message.
 */
import { DecideError } from '../../model/decide/errors';
import { FileReadError, readRegularFile } from '../files/regular-file';
import { invalidUtf8At } from '../results/diagnostics';

/** Largest answers accepted: bytes of the answers as JSON text (UTF-8), file or API payload. */
export const MAX_ANSWERS_BYTES = 256 * 1024;

/**
 * Bytes of `value` as JSON text (UTF-8, no white space, as JSON.stringify writes it), counting stops soon after
 * `stopAfter` (the result is then only known to be over it). Iterative, so deep nesting cannot overflow the stack.
 */
export function answersBytes(value: unknown, stopAfter = Number.POSITIVE_INFINITY): number {
  let total = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0 && total <= stopAfter) {
    const v = pending.pop();
    if (Array.isArray(v)) {
      total += 2 + Math.max(0, v.length - 1);
      for (let i = v.length - 1; i >= 0 && total <= stopAfter; i -= 1) pending.push(v[i] ?? null);
    } else if (typeof v === 'object' && v !== null) {
      const entries = Object.entries(v).filter(([, item]) => item !== undefined);
      total += 2 + Math.max(0, entries.length - 1);
      for (const [key, item] of entries) {
        if (total > stopAfter) break;
        total += Buffer.byteLength(JSON.stringify(key), 'utf8') + 1;
        pending.push(item);
      }
    } else {
      total += Buffer.byteLength(JSON.stringify(v) ?? 'null', 'utf8');
    }
  }
  return total;
}

function sizeMessage(source: string, bytes: number, atLeast: boolean): string {
  const size =
    bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${(bytes / 1024).toFixed(1)} KiB`;
  return (
    `${source} ${atLeast ? 'are over' : 'are'} ${size} (${atLeast ? 'more than ' : ''}${bytes} bytes); answers are ` +
    `a small JSON object of at most ${MAX_ANSWERS_BYTES / 1024} KiB (docs/decision-engine.md, "Answer format").`
  );
}

/**
 * Why `answers` (received as an object) is too large to be answers, or null when it is within MAX_ANSWERS_BYTES.
 * @param source how to name them in the message, e.g. "answers" or the file name.
 */
export function answersSizeProblem(answers: unknown, source = 'the answers'): string | null {
  const bytes = answersBytes(answers, MAX_ANSWERS_BYTES);
  return bytes > MAX_ANSWERS_BYTES ? sizeMessage(source, MAX_ANSWERS_BYTES, true) : null;
}

/**
 * Reads an answers file (a regular file only, ../files/regular-file.ts: at most MAX_ANSWERS_BYTES + 1 bytes are
 * read), then it is decoded as UTF-8 (a leading
 * byte-order mark dropped) and parsed as JSON. The value is not checked against the table (`advise` does that).
 * @throws DecideError (kind 'answers') when the file is over MAX_ANSWERS_BYTES, empty, not UTF-8 (naming the first
 *   bad byte, its offset and line) or not JSON (the message names the file and stays printable); the file system's
 *   FileReadError when it cannot be read (missing, a folder, device, FIFO or socket, permission).
 */
export async function readAnswersFile(file: string): Promise<unknown> {
  let bytes: Buffer;
  try {
    bytes = await readRegularFile(file, MAX_ANSWERS_BYTES);
  } catch (error) {
    if (!(error instanceof FileReadError) || error.problem !== 'TOO_LARGE') throw error;
    const size = error.size ?? MAX_ANSWERS_BYTES + 1;
    throw new DecideError(
      'answers',
      [
        sizeMessage(
          `the answers in ${file}`,
          size,
          size > MAX_ANSWERS_BYTES && size === MAX_ANSWERS_BYTES + 1,
        ),
      ],
      'answers file too large',
    );
  }
  const refuse = (why: string): never => {
    throw new DecideError('answers', [`${file}: ${why}`], 'invalid answers file');
  };
  let text = '';
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const { offset, line, hex } = invalidUtf8At(bytes);
    refuse(`not UTF-8 text: invalid byte 0x${hex} at byte offset ${offset} (line ${line}); ${UTF8_JSON}`);
  }
  if (text.trim() === '') refuse(`the file is empty; ${UTF8_JSON}`);
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    // Keep the parser's message short and printable: a control character would echo as it is.
    const why = (err as Error).message.replace(/[^\x20-\x7e]/g, '?').slice(0, 120);
    return refuse(`not JSON: ${why}`);
  }
}

/** What an answers file must be, said after a problem with its bytes. */
const UTF8_JSON = 'an answers file is a JSON object in UTF-8 text';
