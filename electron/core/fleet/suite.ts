/**
 * The suite a fleet task measures (docs/fleet.md#suites): `chapter` (the chapter's modes, in its order, with their
 * defaults) or a JSON file `{ "name": ..., "entries": [{ "mode": "warp", "params": { "nwarps": 8 } }] }`, validated
 * against the task record's SuiteSchema and the mode registry.
 */
import { readFile } from 'node:fs/promises';

import { SuiteSchema, type Suite } from '../../model/fleet/task-schema';
import { MODES } from '../../model/modes';
import { CHAPTER_MODES } from '../../model/modes/chapter';

/** Why a suite cannot be used; the CLI maps it to exit 2. */
export class SuiteError extends Error {
  override name = 'SuiteError';
}

/** The chapter's modes with their default parameters. */
export function chapterSuite(): Suite {
  return { name: 'chapter', entries: CHAPTER_MODES.map((m) => ({ mode: m.info.id, params: {} })) };
}

/**
 * `chapter` or the path of a suite file. @throws SuiteError naming the file and the field that is wrong, or the
 * unknown mode with the modes there are.
 */
export async function resolveSuite(spec: string): Promise<Suite> {
  if (spec === 'chapter') return chapterSuite();
  let doc: unknown;
  try {
    doc = JSON.parse(await readFile(spec, 'utf8'));
  } catch (err) {
    throw new SuiteError(
      `--suite ${spec}: not "chapter" and not a readable JSON file (${(err as Error).message})`,
    );
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
