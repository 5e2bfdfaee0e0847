/**
 * Reading and writing result files. Reading refuses, with a ResultFileError whose message names the file, the field
 * and what is allowed: files over the size limit, bytes that are not UTF-8, JSON that is truncated or malformed (with
 * line and column), another `format`, a `version` that is newer or unknown, other `units`, any field missing or of
 * the wrong type (zod issue paths such as `points[3].perSyncNs.median`; checking stops at the fifth bad point,
 * schema-issues.ts), and fields that disagree with each other
 * (`consistency.ts`). Older versions are migrated first (`migrations.ts`); the messages come from `diagnostics.ts`.
 *
 * Writing validates, picks the stored text (pretty JSON when the result is not large and it fits the size limit,
 * else compact; refused before anything is written when even compact JSON is over it), writes it through the one
 * durable writer (../files/durable-write.ts: every byte, fsync, rename, folder fsync), and reads the file back: a write is reported done only when the bytes on
 * disk are the bytes meant, so what is written can always be read again.
 */
import { MAX_RESULT_FILE_BYTES } from '../../contract';
import { writeFileDurably, type DurableWriteOptions } from '../files/durable-write';
import { FileReadError, readRegularFile } from '../files/regular-file';
import { word } from '../../model/words/host-text';
import { consistencyProblems } from './consistency';
import { decode, describe, describeIssues, parseJson, tooLarge } from './diagnostics';
import { codedFileError, ResultFileError } from './errors';
import { MIGRATIONS, migrate, type JsonObject, type MigrationRegistry } from './migrations';
import { RESULT_FORMAT, RESULT_UNITS, RESULT_VERSION, type ResultFile } from '../../model/results/schema';
import { checkResultSchema } from './schema-issues';

export { MAX_RESULT_FILE_BYTES };

export interface ParseOptions {
  /** Size limit in bytes (default MAX_RESULT_FILE_BYTES, the contract's). */
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
 * parseResultFile, and whether the content is already of this build's RESULT_VERSION (no migration was needed),
 * so that it reads back to the same result byte for byte as it came: an import may then store it as it is
 * instead of serializing it again (about 0.5 s for a 45 MB result). @throws ResultFileError as parseResultFile.
 */
export function parseForStore(
  content: string | Uint8Array,
  sourceName: string,
): { result: ResultFile; currentVersion: boolean } {
  const doc = parseJson(decode(content, sourceName, MAX_RESULT_FILE_BYTES), sourceName);
  const currentVersion =
    typeof doc === 'object' && doc !== null && (doc as JsonObject).version === RESULT_VERSION;
  return { result: validateResultFile(doc, sourceName), currentVersion };
}

/**
 * Validates a parsed JSON document (or an object about to be saved) as a result file, migrating older versions.
 * Returns the validated copy. @throws ResultFileError as parseResultFile, except the byte- and JSON-level codes.
 */
export function validateResultFile(doc: unknown, sourceName: string, options: ParseOptions = {}): ResultFile {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    throw codedFileError('NOT_A_RESULT', 'resultFile.notObject', {
      file: sourceName,
      what: { en: describe(doc) },
    });
  }
  const object = doc as JsonObject;
  if (object.format !== RESULT_FORMAT) {
    throw codedFileError('NOT_A_RESULT', 'resultFile.wrongFormat', {
      file: sourceName,
      expected: RESULT_FORMAT,
      got: { en: describe(object.format) },
    });
  }
  const version = checkVersion(object.version, sourceName);
  const current = migrate(object, version, sourceName, options.migrations ?? MIGRATIONS);
  checkUnits(current.units, sourceName);
  const parsed = checkResultSchema(current);
  if (!parsed.success) {
    throw codedFileError('INVALID', 'resultFile.invalid', {
      file: sourceName,
      detail: { en: describeIssues(parsed.issues, parsed.stoppedAtPoint) },
    });
  }
  const problems = consistencyProblems(parsed.data);
  if (problems.length > 0) {
    throw codedFileError('INVALID', 'resultFile.invalid', {
      file: sourceName,
      detail: { en: problems.join('; ') },
    });
  }
  return parsed.data;
}

/** The text of a result file: pretty JSON (2-space indent) with a final newline. */
export function serializeResultFile(result: ResultFile): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}

/**
 * Compact JSON above this many bytes is stored compact without trying pretty JSON: pretty is about twice the size
 * for a sweep with raw samples, and making it for a 45 MB result costs about a second (bench/event-loop.ts).
 */
export const PRETTY_MAX_BYTES = 8 * 1024 * 1024;

/**
 * The text stored for `result`: pretty JSON when its compact JSON is at most `prettyMaxBytes` (default
 * PRETTY_MAX_BYTES) and the pretty text fits `maxBytes`, else compact JSON (a large sweep's raw samples are about 40% indentation when pretty).
 * @throws ResultFileError TOO_LARGE when even the compact text is over `maxBytes` (nothing has been written).
 */
export function storedText(
  result: ResultFile,
  sourceName: string,
  maxBytes = MAX_RESULT_FILE_BYTES,
  prettyMaxBytes = PRETTY_MAX_BYTES,
): string {
  const compact = `${JSON.stringify(result)}\n`;
  const size = Buffer.byteLength(compact, 'utf8');
  if (size > maxBytes) throw tooLarge(sourceName, size, maxBytes);
  if (size > prettyMaxBytes) return compact;
  const pretty = serializeResultFile(result);
  return Buffer.byteLength(pretty, 'utf8') <= maxBytes ? pretty : compact;
}

/**
 * Reads and validates the result file at `path` (the size is checked before anything is read).
 * @throws ResultFileError IO when the file cannot be read, else as parseResultFile.
 */
export async function readResultFile(path: string, options: ParseOptions = {}): Promise<ResultFile> {
  return parseResultFile(await readResultBytes(path, options.maxBytes), path, options);
}

/**
 * The bytes of the regular file at `path` (../files/regular-file.ts: a folder, device, FIFO or socket is refused;
 * nothing is read from a file over `maxBytes`, and never more than `maxBytes + 1` bytes).
 * @throws ResultFileError TOO_LARGE; IO when the file cannot be read or is not a regular file.
 */
export async function readResultBytes(path: string, maxBytes = MAX_RESULT_FILE_BYTES): Promise<Uint8Array> {
  try {
    return await readRegularFile(path, maxBytes);
  } catch (error) {
    if (error instanceof FileReadError && error.problem === 'TOO_LARGE') {
      throw tooLarge(path, error.size ?? maxBytes + 1, maxBytes);
    }
    throw new ResultFileError('IO', (error as Error).message, { cause: error });
  }
}

/**
 * Validates `result` and writes it to `path` durably (writeFileDurably: temporary, every byte, fsync, rename), then
 * reads it back. Resolves only when the file on disk holds exactly the stored text.
 * @throws ResultFileError INVALID (and the other validation codes) or TOO_LARGE before anything is written; IO when
 *   writing fails or the file read back differs.
 */
export async function writeResultFile(path: string, result: ResultFile): Promise<void> {
  const valid = validateResultFile(result, path);
  await writeStoredText(path, storedText(valid, path));
}

/**
 * Writes the UTF-8 bytes of a text made by `storedText` to `path` durably (../files/durable-write.ts), and confirms
 * them by reading the file back. `options.replace: false` refuses to replace an existing file (an import).
 * @throws ResultFileError IO (its cause a WriteError saying why: disk full, permission, read-only).
 */
export async function writeStoredBytes(
  path: string,
  bytes: Uint8Array,
  options: Pick<DurableWriteOptions, 'replace' | 'label'> = {},
): Promise<void> {
  try {
    await writeFileDurably(path, bytes, options);
  } catch (error) {
    throw new ResultFileError('IO', messageOf(error), { cause: error });
  }
  const back = await readResultBytes(path, bytes.byteLength).catch((error: unknown) => {
    throw new ResultFileError('IO', `${path}: written, but cannot be read back: ${messageOf(error)}`, {
      cause: error,
    });
  });
  if (!Buffer.from(back.buffer, back.byteOffset, back.byteLength).equals(bytes)) {
    throw new ResultFileError(
      'IO',
      `${path}: the file read back after writing is not what was written (${back.byteLength} bytes on disk, ` +
        `${bytes.byteLength} meant), so it is not reported saved. A program outside Sync Workbench may be ` +
        'writing it.',
    );
  }
}

/** writeStoredBytes of a text already validated and sized by `storedText`. @throws ResultFileError IO. */
export async function writeStoredText(path: string, text: string): Promise<void> {
  await writeStoredBytes(path, Buffer.from(text, 'utf8'));
}

// ---- version, units, schema ----------------------------------------------------------------------------------

function checkVersion(version: unknown, sourceName: string): number {
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    throw codedFileError('UNKNOWN_VERSION', 'resultFile.versionNotWhole', {
      file: sourceName,
      readable: RESULT_VERSION,
      got: { en: describe(version) },
    });
  }
  if (version > RESULT_VERSION) {
    throw codedFileError('NEWER_VERSION', 'resultFile.versionNewer', {
      file: sourceName,
      version,
      readable: RESULT_VERSION,
    });
  }
  return version;
}

/** What each unit field means, as codes of electron/model/words/en/host.ts. */
const UNIT_MEANING: Record<keyof ResultFile['units'], string> = {
  perSync: 'resultFile.unitPerSync',
  cycles: 'resultFile.unitCycles',
  wholeKernel: 'resultFile.unitWholeKernel',
  clock: 'resultFile.unitClock',
};

function checkUnits(units: unknown, sourceName: string): void {
  if (typeof units !== 'object' || units === null) return; // the schema reports a missing or mistyped `units`
  for (const key of Object.keys(RESULT_UNITS) as (keyof ResultFile['units'])[]) {
    const value = (units as JsonObject)[key];
    if (value !== undefined && value !== RESULT_UNITS[key]) {
      throw codedFileError('WRONG_UNITS', 'resultFile.wrongUnits', {
        file: sourceName,
        key,
        expected: RESULT_UNITS[key],
        meaning: word(UNIT_MEANING[key]),
        got: { en: describe(value) },
      });
    }
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
