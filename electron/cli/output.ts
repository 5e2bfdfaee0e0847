/** Where a command's output goes: a file (written atomically) or stdout. */
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

import writeFileAtomic from 'write-file-atomic';

/** A bad --out target, with a message that says what was wrong (the CLI exits 2). */
export class OutputError extends Error {
  override readonly name = 'OutputError';
}

/** Any other bad usage found after parsing (a file where a folder is needed, a port in use); exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/**
 * Writes `text` to `out`, or to stdout when `out` is undefined. A regular file (new or existing) is written
 * atomically (temporary file, then rename), so a crash never leaves half a file; a device, FIFO or socket
 * (`/dev/stdout`, a pipe) is written through, never replaced.
 * @throws OutputError when `out` is a directory or its folder does not exist.
 */
export async function emit(text: string, out: string | undefined): Promise<void> {
  const body = text.endsWith('\n') ? text : `${text}\n`;
  if (!out) {
    process.stdout.write(body);
    return;
  }
  const target = await stat(out).catch(() => null);
  if (target?.isDirectory()) throw new OutputError(`--out ${out} is a folder; give a file name inside it`);
  if (target && !target.isFile()) {
    await writeFile(out, body);
  } else {
    const folder = await stat(path.dirname(path.resolve(out))).catch(() => null);
    if (!folder?.isDirectory())
      throw new OutputError(`--out ${out}: the folder ${path.dirname(out)} does not exist`);
    await writeFileAtomic(out, body);
  }
  process.stderr.write(`wrote ${out}\n`);
}

/** The output format: --format if given, else from --out's extension, else `fallback`. */
export function formatFor<T extends string>(
  given: T | undefined,
  out: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T {
  if (given) return given;
  const ext = out?.split('.').pop()?.toLowerCase();
  const byExt = { md: 'md', markdown: 'md', csv: 'csv', json: 'json', txt: 'table', html: 'html' }[
    ext ?? ''
  ] as T | undefined;
  return byExt && allowed.includes(byExt) ? byExt : fallback;
}
