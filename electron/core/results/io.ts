/**
 * Reading and writing result files. Reading refuses, with a ResultFileError whose message names the file, the field
 * and what is allowed: files over the size limit, bytes that are not UTF-8, JSON that is truncated or malformed (with
 * line and column), another `format`, a `version` that is newer or unknown, other `units`, and any field missing or
 * of the wrong type (zod issue paths such as `points[3].perSyncNs.median`). Older versions are migrated first
 * (`migrations.ts`). Writing validates, then writes atomically (temporary file, fsync, rename: write-file-atomic),
 * so a crash leaves either the old file or the new one, never half of one.
 */
import { readFile, stat } from 'node:fs/promises';

import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';

import { ResultFileError } from './errors';
import { MIGRATIONS, migrate, type JsonObject, type MigrationRegistry } from './migrations';
import { RESULT_FORMAT, RESULT_UNITS, RESULT_VERSION, ResultFileSchema, type ResultFile } from './schema';

/** Largest result file read (bytes): 64 MiB, far above a full sweep with every raw sample kept. */
export const MAX_RESULT_FILE_BYTES = 64 * 1024 * 1024;

/** At most this many schema problems are listed in one message. */
const MAX_ISSUES_SHOWN = 5;

export interface ParseOptions {
  /** Size limit in bytes (default MAX_RESULT_FILE_BYTES). */
  maxBytes?: number;
  /** Migrations to apply to older versions (default: this build's MIGRATIONS; tests inject their own). */
  migrations?: MigrationRegistry;
}

/**
 * Parses and validates the content of a result file. `sourceName` (a file name or path) starts every message.
 * Text input is taken as already decoded; bytes must be UTF-8 (a leading byte-order mark is ignored).
 * @throws ResultFileError TOO_LARGE, NOT_UTF8, BAD_JSON, NOT_A_RESULT, NEWER_VERSION, UNKNOWN_VERSION,
 *   WRONG_UNITS or INVALID.
 */
export function parseResultFile(
  content: string | Uint8Array,
  sourceName: string,
  options: ParseOptions = {},
): ResultFile {
  const text = decode(content, sourceName, options.maxBytes ?? MAX_RESULT_FILE_BYTES);
  return validateResultFile(parseJson(text, sourceName), sourceName, options);
}

/**
 * Validates a parsed JSON document (or an object about to be saved) as a result file, migrating older versions.
 * Returns the validated copy. @throws ResultFileError as parseResultFile, except the byte- and JSON-level codes.
 */
export function validateResultFile(doc: unknown, sourceName: string, options: ParseOptions = {}): ResultFile {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    throw new ResultFileError(
      'NOT_A_RESULT',
      `${sourceName}: not a Sync Workbench result file: the JSON is ${describe(doc)}, not an object.`,
    );
  }
  const object = doc as JsonObject;
  if (object.format !== RESULT_FORMAT) {
    throw new ResultFileError(
      'NOT_A_RESULT',
      `${sourceName}: format: expected "${RESULT_FORMAT}", got ${describe(object.format)}: ` +
        'this is not a Sync Workbench result file.',
    );
  }
  const version = checkVersion(object.version, sourceName);
  const current = migrate(object, version, sourceName, options.migrations ?? MIGRATIONS);
  checkUnits(current.units, sourceName);
  const parsed = ResultFileSchema.safeParse(current, { reportInput: true });
  if (!parsed.success) {
    throw new ResultFileError('INVALID', `${sourceName}: ${describeIssues(parsed.error.issues)}`);
  }
  return parsed.data;
}

/** The text of a result file: pretty JSON (2-space indent) with a final newline. */
export function serializeResultFile(result: ResultFile): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}

/**
 * Reads and validates the result file at `path` (the size is checked before anything is read).
 * @throws ResultFileError IO when the file cannot be read, else as parseResultFile.
 */
export async function readResultFile(path: string, options: ParseOptions = {}): Promise<ResultFile> {
  const maxBytes = options.maxBytes ?? MAX_RESULT_FILE_BYTES;
  let bytes: Uint8Array;
  try {
    const { size } = await stat(path);
    if (size > maxBytes) throw tooLarge(path, size, maxBytes);
    bytes = await readFile(path);
  } catch (error) {
    if (error instanceof ResultFileError) throw error;
    throw new ResultFileError('IO', `${path}: cannot read the file: ${messageOf(error)}`, { cause: error });
  }
  return parseResultFile(bytes, path, options);
}

/**
 * Validates `result` and writes it to `path` atomically (temporary file in the same folder, fsync, rename).
 * @throws ResultFileError INVALID (and the other validation codes) before anything is written; IO when writing fails.
 */
export async function writeResultFile(path: string, result: ResultFile): Promise<void> {
  const valid = validateResultFile(result, path);
  try {
    await writeFileAtomic(path, serializeResultFile(valid));
  } catch (error) {
    throw new ResultFileError('IO', `${path}: cannot write the file: ${messageOf(error)}`, { cause: error });
  }
}

// ---- bytes and JSON --------------------------------------------------------------------------------------------

function decode(content: string | Uint8Array, sourceName: string, maxBytes: number): string {
  const size = typeof content === 'string' ? Buffer.byteLength(content, 'utf8') : content.byteLength;
  if (size > maxBytes) throw tooLarge(sourceName, size, maxBytes);
  if (typeof content === 'string') return content.replace(/^\uFEFF/, '');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    const offset = firstInvalidUtf8Offset(content);
    const line = 1 + content.subarray(0, offset).filter((b) => b === 0x0a).length;
    const hex = (content[offset] ?? 0).toString(16).toUpperCase().padStart(2, '0');
    const bom = (content[0] === 0xff && content[1] === 0xfe) || (content[0] === 0xfe && content[1] === 0xff);
    throw new ResultFileError(
      'NOT_UTF8',
      `${sourceName}: not UTF-8 text: invalid byte 0x${hex} at byte offset ${offset} (line ${line}). ` +
        (bom ? 'The file starts with a UTF-16 byte-order mark: save it as UTF-8. ' : '') +
        'Result files are UTF-8 JSON.',
    );
  }
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

function parseJson(text: string, sourceName: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    if (text.trim() === '') {
      throw new ResultFileError(
        'BAD_JSON',
        `${sourceName}: the file is empty; a result file is a JSON object.`,
      );
    }
    const offset = jsonSyntaxErrorOffset(text);
    if (offset === null) {
      throw new ResultFileError('BAD_JSON', `${sourceName}: not valid JSON: ${messageOf(error)}.`, {
        cause: error,
      });
    }
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - before.lastIndexOf('\n');
    const what =
      offset >= text.length
        ? 'the JSON ends early (the file is truncated)'
        : `unexpected ${JSON.stringify(text.slice(offset, offset + 1))}${jsonSyntaxErrorOffset(before) === null ? ' after the end of the JSON' : ''}`;
    throw new ResultFileError(
      'BAD_JSON',
      `${sourceName}: not valid JSON at line ${line}, column ${column}: ${what}.`,
      {
        cause: error,
      },
    );
  }
}

/**
 * Offset of the first character at which `text` stops being JSON (RFC 8259), `text.length` when it ends early, or
 * null when it is valid. JSON.parse says where only for some errors, so failed parses are scanned again here.
 */
function jsonSyntaxErrorOffset(text: string): number | null {
  let i = 0;
  const fail = (): never => {
    throw new JsonSyntaxAt(i);
  };
  const space = () => {
    while (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r') i += 1;
  };
  const expect = (char: string) => {
    space();
    if (text[i] !== char) fail();
    i += 1;
  };
  const consume = (char: string): boolean => {
    space();
    if (text[i] !== char) return false;
    i += 1;
    return true;
  };
  const string = () => {
    expect('"');
    for (;;) {
      const c = text[i];
      if (c === undefined || c < ' ') fail();
      i += 1;
      if (c === '"') return;
      if (c !== '\\') continue;
      if (text[i] === 'u') {
        for (let k = 1; k <= 4; k += 1) {
          if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) {
            i += k;
            fail();
          }
        }
        i += 5;
      } else if (/["\\/bfnrt]/.test(text[i] ?? '')) i += 1;
      else fail();
    }
  };
  const list = (close: string, item: () => void) => {
    i += 1;
    space();
    if (text[i] !== close) {
      do item();
      while (consume(','));
    }
    expect(close);
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === '{') {
      return list('}', () => {
        string();
        expect(':');
        value();
      });
    }
    if (c === '[') return list(']', value);
    if (c === '"') return string();
    const number = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    number.lastIndex = i;
    if (number.exec(text)) {
      i = number.lastIndex;
      return;
    }
    for (const literal of ['true', 'false', 'null']) {
      let k = 0;
      while (k < literal.length && text[i + k] === literal[k]) k += 1;
      if (k === literal.length) {
        i += k;
        return;
      }
      if (k > 0) {
        i += k;
        fail();
      }
    }
    fail();
  };
  try {
    value();
    space();
    return i < text.length ? i : null;
  } catch (error) {
    if (error instanceof JsonSyntaxAt) return error.offset;
    return null; // nesting too deep to scan: no location
  }
}

class JsonSyntaxAt {
  constructor(readonly offset: number) {}
}

// ---- version, units, schema ----------------------------------------------------------------------------------

function checkVersion(version: unknown, sourceName: string): number {
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    throw new ResultFileError(
      'UNKNOWN_VERSION',
      `${sourceName}: version: expected a whole number (this Sync Workbench reads format version ` +
        `${RESULT_VERSION}), got ${describe(version)}.`,
    );
  }
  if (version > RESULT_VERSION) {
    throw new ResultFileError(
      'NEWER_VERSION',
      `${sourceName}: version: the file has result-file format version ${version}, made by a newer Sync ` +
        `Workbench; this one reads up to version ${RESULT_VERSION}. Update Sync Workbench to open it.`,
    );
  }
  return version;
}

const UNIT_MEANING: Record<keyof ResultFile['units'], string> = {
  perSync: 'per-sync times in nanoseconds',
  cycles: 'SM clock cycles',
  wholeKernel: 'whole-kernel times in milliseconds',
  clock: 'clocks in megahertz',
};

function checkUnits(units: unknown, sourceName: string): void {
  if (typeof units !== 'object' || units === null) return; // the schema reports a missing or mistyped `units`
  for (const key of Object.keys(RESULT_UNITS) as (keyof ResultFile['units'])[]) {
    const value = (units as JsonObject)[key];
    if (value !== undefined && value !== RESULT_UNITS[key]) {
      throw new ResultFileError(
        'WRONG_UNITS',
        `${sourceName}: units.${key}: expected "${RESULT_UNITS[key]}" (${UNIT_MEANING[key]}), ` +
          `got ${describe(value)}. Sync Workbench reads no other unit.`,
      );
    }
  }
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const shown = issues.slice(0, MAX_ISSUES_SHOWN).map((issue) => {
    const path = issue.path.length > 0 ? z.core.toDotPath(issue.path) : '(top level)';
    return `${path}: ${describeIssue(issue)}`;
  });
  const more = issues.length - shown.length;
  return shown.join('; ') + (more > 0 ? `; and ${more} more problem${more === 1 ? '' : 's'}` : '');
}

function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? `missing (expected ${issue.expected})`
        : `expected ${issue.expected}, got ${describe(issue.input)}`;
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
function describe(value: unknown): string {
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

function tooLarge(sourceName: string, size: number, maxBytes: number): ResultFileError {
  const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB (${bytes} bytes)`;
  return new ResultFileError(
    'TOO_LARGE',
    `${sourceName}: the file is ${mib(size)}; result files are limited to ${mib(maxBytes)}.`,
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
