/**
 * Where a command's output goes and in which format: a file (written atomically) or stdout (`--out -` or no
 * `--out`). Every check that needs no GPU is here, so commands can run it before the first launch: the format
 * against the extension of `--out`, and that `--out`'s folder exists and `--out` is not a folder.
 */
import { fstatSync, writeSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { isatty } from 'node:tty';

import { terminalSafe } from '../contract/names';
import { WriteError, writeFileDurably, writeProblemOf } from '../core/files/durable-write';
import { notRegularKind } from '../core/files/regular-file';
import { writeOrCleanUpOnInterrupt } from './interrupt';
import { terminalSafeData } from './terminal-data';

/** A bad --out target, with a message that says what was wrong (the CLI exits 2). */
export class OutputError extends Error {
  override readonly name = 'OutputError';
}

/** Any other bad usage found after parsing (a file where a folder is needed, a port in use); exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** `--out -`: standard output, as Unix tools spell it. */
export const STDOUT = '-';

/**
 * The format each file extension stands for. A command accepts the extensions of its formats only; to add a
 * format, add its extension here and the format to the command's list. The figure formats are here too, so that
 * `--format csv --out x.png` is named as a mismatch, not as an extension the command cannot write.
 */
export const EXTENSION_FORMATS: Readonly<Record<string, string>> = {
  md: 'md',
  markdown: 'md',
  csv: 'csv',
  json: 'json',
  txt: 'table',
  html: 'html',
  png: 'png',
  svg: 'svg',
};

function extensionOf(out: string | undefined): string | null {
  if (!out || out === STDOUT) return null;
  const ext = path.extname(out).slice(1).toLowerCase();
  return ext === '' ? null : ext;
}

function extensionsFor(formats: readonly string[]): string {
  return Object.entries(EXTENSION_FORMATS)
    .filter(([, f]) => formats.includes(f))
    .map(([ext]) => `.${ext}`)
    .join(', ');
}

/**
 * The output format: `--format` if given, else from `--out`'s extension, else `fallback`.
 * @throws OutputError when `--out` has an extension that is not one of `allowed`'s (e.g. `x.png` for a text
 *   export), or one that contradicts `--format` (named as a mismatch: "--format csv does not match --out x.png (.png
 *   is png)"); the message names the formats and extensions allowed.
 */
export function formatFor<T extends string>(
  given: T | undefined,
  out: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T {
  const ext = extensionOf(out);
  const byExt = ext === null ? undefined : EXTENSION_FORMATS[ext];
  const allowedText = `formats ${allowed.join(', ')} (extensions ${extensionsFor(allowed)})`;
  if (ext !== null && (byExt === undefined || !(allowed as readonly string[]).includes(byExt))) {
    throw new OutputError(
      `--out ${out}: this command cannot write .${ext} files; it writes ${allowedText}. ` +
        'Give one of those extensions, a name without one, or --out - for stdout.',
    );
  }
  if (given && byExt && byExt !== given && !(given === 'table' && ext === 'txt')) {
    throw new OutputError(
      `--format ${given} does not match --out ${out} (.${ext} is ${byExt}); drop one or make them agree.`,
    );
  }
  return given ?? (byExt as T | undefined) ?? fallback;
}

/** The streams `--out` may name besides a regular file: `-` and these two (written through, never replaced). */
const STREAM_PATHS: Readonly<Record<string, 'stdout' | 'stderr'>> = {
  [STDOUT]: 'stdout',
  '/dev/stdout': 'stdout',
  '/dev/stderr': 'stderr',
};

/**
 * Checks `--out` before any work is done: stdout (`-`, `/dev/stdout` or none) and `/dev/stderr` always pass; any
 * other `--out` must be a regular file (new or existing; a symlink counts as what it points to) in a folder that
 * exists. A FIFO, socket or device is refused without being opened (opening a FIFO for writing blocks until a
 * reader comes). @throws OutputError naming `flag`, the path and what it is.
 */
export async function checkOutTarget(out: string | undefined, flag = '--out'): Promise<void> {
  if (!out || STREAM_PATHS[out]) return;
  const target = await stat(out).catch(() => null);
  if (target?.isDirectory()) throw new OutputError(`${flag} ${out} is a folder; give a file name inside it`);
  const kind = target ? notRegularKind(target) : null;
  if (kind) {
    throw new OutputError(`${flag} ${out} is ${kind}, not a regular file; give a file name, or - for stdout`);
  }
  if (target) return;
  const folder = await stat(path.dirname(path.resolve(out))).catch(() => null);
  if (folder && !folder.isDirectory()) {
    throw new OutputError(`${flag} ${out}: ${path.dirname(out)} is a file, not a folder`);
  }
  if (!folder) throw new OutputError(`${flag} ${out}: the folder ${path.dirname(out)} does not exist`);
}

/** Stream errors that writeStream turned into a WriteError (its caller reports them; the stream's later 'error' is not news). */
const reportedStreamErrors = new WeakSet<object>();

/** Whether writeStream already turned `error` (a stream's 'error' event) into a WriteError its caller reports. */
export function isReportedStreamError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && reportedStreamErrors.has(error);
}

/**
 * The WriteError of a failed write to stdout or stderr: problem DISK_FULL (exit 7) for ENOSPC, EDQUOT and EFBIG
 * (writeProblemOf), the system's words otherwise; the message is one line, "stdout: cannot write: …".
 */
export function streamWriteError(name: 'stdout' | 'stderr', error: NodeJS.ErrnoException): WriteError {
  if (typeof error === 'object' && error !== null) reportedStreamErrors.add(error);
  const problem = writeProblemOf(error.code);
  const what =
    problem === 'DISK_FULL'
      ? 'the disk is full (or your quota is used up); free some space or write elsewhere'
      : error.message;
  return new WriteError(problem, name, `${name}: cannot write: ${what} (${error.code})`, { cause: error });
}

/**
 * Whether `name` is a regular file (`> file`) or a character device that is not a terminal (`> /dev/full`,
 * `> /dev/null`) written through the process's own stream. Node's stream for these writes synchronously and ignores
 * a short count, so a full disk would cut the file and report success (and a failed write is emitted as an 'error'
 * as well); such a target is written here instead, every byte counted. A stream whose `write` was replaced (a
 * test's double) is left to that double.
 */
function isPlainFileStream(name: 'stdout' | 'stderr'): boolean {
  const stream = name === 'stdout' ? process.stdout : process.stderr;
  if (Object.prototype.hasOwnProperty.call(stream, 'write')) return false;
  try {
    const fd = name === 'stdout' ? 1 : 2;
    const target = fstatSync(fd);
    return target.isFile() || (target.isCharacterDevice() && !isatty(fd));
  } catch {
    return false;
  }
}

/** Writes all of `bytes` to `fd`; a write that takes nothing is a full disk (ENOSPC). */
function writeAllSync(fd: number, bytes: Uint8Array): void {
  for (let at = 0; at < bytes.length;) {
    const n = writeSync(fd, bytes, at, bytes.length - at);
    if (n <= 0) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    at += n;
  }
}

/**
 * Writes `text` to stdout or stderr and waits until it is handed on; a write error (a full disk behind `> file`,
 * where every byte is counted: isPlainFileStream) becomes a WriteError (exit 7 for ENOSPC), and a closed pipe
 * (EPIPE: `| head`) ends quietly as Unix tools do.
 */
export async function writeStream(name: 'stdout' | 'stderr', text: string): Promise<void> {
  if (isPlainFileStream(name)) {
    try {
      writeAllSync(name === 'stdout' ? 1 : 2, Buffer.from(text, 'utf8'));
      return;
    } catch (error) {
      throw streamWriteError(name, error as NodeJS.ErrnoException);
    }
  }
  const stream = name === 'stdout' ? process.stdout : process.stderr;
  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      if (error.code === 'EPIPE') return resolve();
      reject(streamWriteError(name, error));
    };
    stream.once('error', onError);
    try {
      stream.write(text, (error) => {
        stream.off('error', onError);
        if (error) onError(error as NodeJS.ErrnoException);
        else resolve();
      });
    } catch (error) {
      stream.off('error', onError);
      onError(error as NodeJS.ErrnoException);
    }
  });
}

/**
 * Markdown as a person reads it in a terminal: the backslash escapes that keep `_`, `<`, `*` … literal for a
 * Markdown renderer are dropped (a `\|` inside a table cell is kept: it would split the cell).
 */
export function markdownForTerminal(markdown: string): string {
  return markdown.replace(/\\([\\`*_{}[\]()#+\-.!<>~&])/g, '$1');
}

/**
 * Writes `text` to `out`, or to stdout when `out` is undefined or `-`. A regular file (new or existing) is written
 * durably (electron/core/files/durable-write.ts: every byte, fsync, rename), so a crash or a full disk never leaves
 * half a file or spoils the one there; `-`, `/dev/stdout` and `/dev/stderr` are written through (writeStream);
 * anything else that is not a regular file is refused (checkOutTarget). `exact: true` adds no final newline (the
 * JSON export is byte for byte the stored file). Markdown (`markdown: true`) going to a terminal has
 * its escapes dropped (markdownForTerminal). Text for people (`readable: true`: a table, Markdown) written to
 * stdout has every control character from data but the newline shown as its code point (terminalSafe), so a name
 * or note cannot set the terminal's title, clear it or overwrite a line; data (CSV, JSON) written to a terminal has
 * those characters as `\uXXXX` (terminal-data.ts), and is written as it is when piped or redirected.
 * @throws OutputError when `out` is a directory or its folder does not exist; WriteError (naming `flag`, e.g.
 *   "--out x.md") when the write fails: disk full, permission, read-only.
 */
export async function emit(
  text: string,
  out: string | undefined,
  options: { markdown?: boolean; readable?: boolean; flag?: string; exact?: boolean } = {},
): Promise<void> {
  const body = options.exact || text.endsWith('\n') ? text : `${text}\n`;
  const stream = STREAM_PATHS[out ?? STDOUT];
  if (stream) {
    const tty = (stream === 'stdout' ? process.stdout : process.stderr).isTTY === true;
    const shown = options.markdown && process.stdout.isTTY ? markdownForTerminal(body) : body;
    if (options.readable || options.markdown) await writeStream(stream, terminalSafe(shown));
    else await writeStream(stream, tty ? terminalSafeData(shown) : shown);
    return;
  }
  const flag = options.flag ?? '--out';
  await checkOutTarget(out, flag);
  // Ctrl-C during the write removes its temporary (interrupt.ts): nothing is left behind.
  await writeOrCleanUpOnInterrupt('syncbench', () =>
    writeFileDurably(out!, body, { label: `${flag} ${out}` }),
  );
  process.stderr.write(`wrote ${terminalSafe(out!)}\n`);
}
