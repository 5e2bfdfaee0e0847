/**
 * The suite a fleet task measures (docs/fleet.md#suites): `chapter` (the chapter's modes, in its order, with their
 * defaults) or a JSON file `{ "name": ..., "entries": [{ "mode": "warp", "params": { "nwarps": 8 } }] }`, validated
 * against the task record's SuiteSchema and the mode registry.
 */
import { SuiteSchema, type Suite } from '../../model/fleet/task-schema';
import { MODES } from '../../model/modes';
import { CHAPTER_MODES } from '../../model/modes/chapter';
import { FileReadError, readRegularFile } from '../files/regular-file';

/** The largest suite file read, in bytes (a suite lists modes and their parameters: a few KB). */
export const MAX_SUITE_FILE_BYTES = 1024 * 1024;

/** Why a suite cannot be used; the CLI maps it to exit 2. */
export class SuiteError extends Error {
  override name = 'SuiteError';
}

/** The chapter's modes with their default parameters. */
export function chapterSuite(): Suite {
  return { name: 'chapter', entries: CHAPTER_MODES.map((m) => ({ mode: m.info.id, params: {} })) };
}

/**
 * `chapter` or the path of a suite file (a regular file of at most MAX_SUITE_FILE_BYTES, read by
 * ../files/regular-file.ts: a FIFO or device is refused, not read).
 * @throws SuiteError naming the file and the field that is wrong, or the unknown mode with the modes there are.
 */
export async function resolveSuite(spec: string): Promise<Suite> {
  if (spec === 'chapter') return chapterSuite();
  let doc: unknown;
  try {
    doc = JSON.parse((await readRegularFile(spec, MAX_SUITE_FILE_BYTES)).toString('utf8'));
  } catch (err) {
    const tooLarge = err instanceof FileReadError && err.problem === 'TOO_LARGE';
    const why = tooLarge ? `over the ${MAX_SUITE_FILE_BYTES} bytes allowed` : (err as Error).message;
    throw new SuiteError(`--suite ${spec}: not "chapter" and not a readable JSON file (${why})`);
  }
  const parsed = SuiteSchema.safeParse(doc);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new SuiteError(
      `--suite ${spec}: ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  const known = new Set(MODES.map((m) => m.info.id));
  for (const entry of parsed.data.entries) {
    if (!known.has(entry.mode)) {
      throw new SuiteError(`--suite ${spec}: unknown mode "${entry.mode}"; modes: ${[...known].join(', ')}`);
    }
  }
  return parsed.data;
}

/** `syncbench run` flags for one entry: `--mode M` and `--<param-in-kebab-case> value` per parameter. */
export function runFlags(entry: Suite['entries'][number]): string[] {
  const flags = ['--mode', entry.mode];
  for (const [name, value] of Object.entries(entry.params)) {
    flags.push(`--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, String(value));
  }
  return flags;
}
