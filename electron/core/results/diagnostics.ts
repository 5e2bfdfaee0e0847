/**
 * What is wrong with a result file, said so a person can fix it: where UTF-8 decoding fails (byte offset and line),
 * where JSON stops being JSON (line and column, or "truncated"), and each schema problem as `path: expected …, got
 * …` (zod issues). Pure functions of the content; io.ts decides when to call them.
 */
import { z } from 'zod';

import { word } from '../../model/words/host-text';
import { codedFileError, ResultFileError } from './errors';
import { jsonSyntaxErrorOffset } from './json-syntax';
import { RESULT_VERSION } from '../../model/results/schema';
import { tooLargeCoded } from '../../model/results/size-text';

/** At most this many schema problems are listed in one message; checking stops at this many bad points. */
export const MAX_ISSUES_SHOWN = 5;

/**
 * The text of `content` (a leading byte-order mark dropped).
 * @throws ResultFileError TOO_LARGE over `maxBytes`; NOT_UTF8 with the offset and line of the first bad byte.
 */
export function decode(content: string | Uint8Array, sourceName: string, maxBytes: number): string {
  const size = typeof content === 'string' ? Buffer.byteLength(content, 'utf8') : content.byteLength;
  if (size > maxBytes) throw tooLarge(sourceName, size, maxBytes);
  if (typeof content === 'string') return content.replace(/^\uFEFF/, '');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    const { offset, line, hex } = invalidUtf8At(content);
    const bom = (content[0] === 0xff && content[1] === 0xfe) || (content[0] === 0xfe && content[1] === 0xff);
    throw codedFileError('NOT_UTF8', bom ? 'resultFile.notUtf8Bom' : 'resultFile.notUtf8', {
      file: sourceName,
      hex,
      offset,
      line,
    });
  }
}

/**
 * Where `bytes` (which fail to decode as UTF-8) stop being UTF-8: the byte offset of the first bad byte, its line
 * (1-based, counting LF bytes before it) and its value as two upper-case hex digits.
 */
export function invalidUtf8At(bytes: Uint8Array): { offset: number; line: number; hex: string } {
  const offset = firstInvalidUtf8Offset(bytes);
  const line = 1 + bytes.subarray(0, offset).filter((b) => b === 0x0a).length;
  const hex = (bytes[offset] ?? 0).toString(16).toUpperCase().padStart(2, '0');
  return { offset, line, hex };
}

/**
 * Offset of the byte at which UTF-8 decoding fails: the smallest prefix that fails to decode, with a trailing
 * incomplete sequence left pending (stream mode), ends at it. Called only when the whole input fails.
 */
function firstInvalidUtf8Offset(bytes: Uint8Array): number {
  const decodes = (length: number): boolean => {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, length), { stream: true });
      return true;
    } catch {
      return false;
    }
  };
  let lo = 1;
  let hi = bytes.length;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (decodes(mid)) lo = mid + 1;
    else hi = mid;
  }
  const end = lo - 1;
  // When the bytes before `end` stop inside a multi-byte sequence (a lead byte whose continuation never came), the
  // fault is that sequence's lead byte, not the byte that revealed it.
  let lead = end - 1;
  while (lead >= 0 && ((bytes[lead] ?? 0) & 0xc0) === 0x80) lead -= 1;
  if (lead >= 0 && (bytes[lead] ?? 0) >= 0xc0) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, end));
    } catch {
      return lead;
    }
  }
  return end;
}

/**
 * JSON.parse with a location: @throws ResultFileError BAD_JSON naming line and column, or that the file is empty
 * or truncated.
 */
export function parseJson(text: string, sourceName: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    if (text.trim() === '') {
      throw codedFileError('BAD_JSON', 'resultFile.empty', { file: sourceName });
    }
    const offset = jsonSyntaxErrorOffset(text);
    if (offset === null) {
      throw codedFileError(
        'BAD_JSON',
        'resultFile.notJson',
        { file: sourceName, detail: { en: messageOf(error) } },
        error,
      );
    }
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - before.lastIndexOf('\n');
    const char = JSON.stringify(text.slice(offset, offset + 1));
    const what =
      offset >= text.length
        ? word('resultFile.truncated')
        : word(
            jsonSyntaxErrorOffset(before) === null
              ? 'resultFile.unexpectedAfterEnd'
              : 'resultFile.unexpected',
            { char },
          );
    throw codedFileError('BAD_JSON', 'resultFile.notJsonAt', { file: sourceName, line, column, what }, error);
  }
}

/**
 * The first MAX_ISSUES_SHOWN zod issues as `path: what`, joined with "; ", and how many more were found. When
 * checking stopped at `points[stoppedAtPoint]` (schema-issues.ts), says that the points after it were not checked,
 * so the count is of the problems found, not of all there are.
 */
export function describeIssues(
  issues: readonly z.core.$ZodIssue[],
  stoppedAtPoint: number | null = null,
): string {
  const shown = issues.slice(0, MAX_ISSUES_SHOWN).map((issue) => {
    const path = issue.path.length > 0 ? z.core.toDotPath(issue.path) : '(top level)';
    return `${path}: ${describeIssue(issue)}`;
  });
  const more = issues.length - shown.length;
  const stopped = stoppedAtPoint === null ? '' : `; points after points[${stoppedAtPoint}] were not checked`;
  return shown.join('; ') + (more > 0 ? `; and ${more} more problem${more === 1 ? '' : 's'}` : '') + stopped;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `missing (expected ${issue.expected})`;
      // zod's number refuses Infinity and NaN with the same type name: say what is really wrong.
      if (issue.expected === 'number' && typeof issue.input === 'number') {
        return `expected a finite number, got ${String(issue.input)}`;
      }
      return `expected ${issue.expected}, got ${describe(issue.input)}`;
    case 'invalid_value':
      return `expected ${issue.values.length === 1 ? '' : 'one of '}${issue.values.map(show).join(', ')}, got ${describe(issue.input)}`;
    case 'invalid_format':
      return issue.format === 'datetime'
        ? `expected an ISO 8601 date-time in UTC such as "2025-01-31T12:00:00Z", got ${describe(issue.input)}`
        : `expected a ${issue.format}${issue.pattern ? ` matching ${issue.pattern}` : ''}, got ${describe(issue.input)}`;
    case 'too_small':
    case 'too_big': {
      const bound = issue.code === 'too_small' ? issue.minimum : issue.maximum;
      const op = issue.code === 'too_small' ? (issue.inclusive ? '≥' : '>') : issue.inclusive ? '≤' : '<';
      const subject =
        issue.origin === 'array' || issue.origin === 'string' ? `${issue.origin} length` : 'value';
      return `expected ${subject} ${op} ${String(bound)}, got ${describe(issue.input)}`;
    }
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map(show).join(', ')} (not part of format version ${RESULT_VERSION})`;
    default:
      return issue.message;
  }
}

/** A short description of a JSON value for messages: its type, and the value when it is short. */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing (the field is missing)';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `string ${show(value)}`;
  return `${typeof value} ${String(value)}`;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…"` : text;
}

/** TOO_LARGE, with tooLargeCoded's message and code. */
export function tooLarge(sourceName: string, size: number, maxBytes: number): ResultFileError {
  const { message, text } = tooLargeCoded(sourceName, size, maxBytes);
  return new ResultFileError('TOO_LARGE', message, { text });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
