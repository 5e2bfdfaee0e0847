/**
 * `syncbench export` of a saved profile (docs/profile.md#saved-profiles): the argument is a profile file (JSON of
 * format syncbench-profile) or the id of a profile in the results library (`--results DIR`, default the app's
 * user folder); it is written as Markdown, CSV or JSON (core/format/profile.ts).
 */
import { open, stat } from 'node:fs/promises';

import { readRegularFile } from '../core/files/regular-file';
import { formatProfile, PROFILE_EXPORT_FORMATS, type ProfileExportFormat } from '../core/format/profile';
import { MAX_PROFILE_BYTES, ProfileStore } from '../core/results/profile-store';
import {
  PROFILE_FORMAT,
  PROFILE_ID_PATTERN,
  validateProfile,
  type ProfileFile,
} from '../model/profile/schema';
import { EXIT } from './exit-codes';
import { emit, formatFor } from './output';

/** What `arg` names, when it is a profile: its file's JSON, or the library's profile of that id. */
type Found = { ok: true; profile: ProfileFile } | { ok: false; message: string } | null;

/** How much of a file is looked at for the profile format's name before it is read as a profile. */
const SNIFF_BYTES = 4096;

/** Whether the first bytes of `file` name the profile format (the product writes `format` first). */
async function looksLikeProfile(file: string): Promise<boolean> {
  const handle = await open(file, 'r').catch(() => null);
  if (!handle) return false;
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead).toString('utf8').includes(`"${PROFILE_FORMAT}"`);
  } finally {
    await handle.close();
  }
}

async function fromFile(file: string): Promise<Found> {
  // A result file (up to 64 MiB) is not read twice, nor refused with a profile's limit: the result reader takes it.
  if (!(await looksLikeProfile(file))) return null;
  const text = (await readRegularFile(file, MAX_PROFILE_BYTES)).toString('utf8');
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return null; // not JSON at all: the result reader says why
  }
  if (typeof doc !== 'object' || doc === null || (doc as { format?: unknown }).format !== PROFILE_FORMAT) {
    return null;
  }
  try {
    return { ok: true, profile: validateProfile(doc) };
  } catch (err) {
    return { ok: false, message: `${file} is not a valid profile file: ${(err as Error).message}` };
  }
}

/**
 * The profile `arg` names, null when it names none (a result file, or nothing: the result reader reports it), or
 * why the profile cannot be read.
 */
export async function findProfile(arg: string, resultsDir: string): Promise<Found> {
  const found = await stat(arg).catch(() => null);
  if (found?.isFile()) return fromFile(arg);
  if (found || !PROFILE_ID_PATTERN.test(arg)) return null;
  const store = new ProfileStore(resultsDir);
  if (!(await store.ids()).includes(arg)) return null;
  try {
    return { ok: true, profile: await store.get(arg) };
  } catch (err) {
    return { ok: false, message: `profile ${arg} in ${resultsDir}: ${(err as Error).message}` };
  }
}

/**
 * Writes `profile` as `format` (md, csv, json; else from `--out`'s extension, else Markdown) to `out` or stdout.
 * Returns 0, or 2 with the reason for a format a profile has not.
 */
export async function exportProfile(
  profile: ProfileFile,
  given: string | undefined,
  out: string | undefined,
): Promise<number> {
  if (given !== undefined && !(PROFILE_EXPORT_FORMATS as readonly string[]).includes(given)) {
    process.stderr.write(
      `syncbench export: --format ${given}: a profile exports as ${PROFILE_EXPORT_FORMATS.join(', ')}\n`,
    );
    return EXIT.invalid;
  }
  const format = formatFor(given as ProfileExportFormat | undefined, out, PROFILE_EXPORT_FORMATS, 'md');
  await emit(formatProfile(profile, format), out, { markdown: format === 'md', exact: format === 'json' });
  return EXIT.ok;
}
