/**
 * Profiles in the results library, as their own kind beside result files: `<library>/profiles/<id>.json`, each a
 * profile file (model/profile/schema.ts) written durably (files/durable-write.ts: a temporary, fsync, rename, so
 * a profile is either whole or absent) and validated on every read. docs/profile.md#saved-profiles.
 */
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

import { validateProfile, type ProfileFile } from '../../model/profile/schema';
import { writeFileDurably } from '../files/durable-write';
import { readRegularFile } from '../files/regular-file';

/** The folder of the library that holds profiles. */
export const PROFILES_FOLDER = 'profiles';
/** The largest profile file read (a 1,000-kernel profile is a few MB). */
export const MAX_PROFILE_BYTES = 64 * 1024 * 1024;

export class ProfileStore {
  constructor(readonly libraryDir: string) {}

  private get dir(): string {
    return path.join(this.libraryDir, PROFILES_FOLDER);
  }

  /** The file profile `id` is stored in. */
  fileOf(id: string): string {
    return path.join(this.dir, `${id}.json`);
  }

  /** Saves a valid profile (validated again here); never replaces another profile of the same id. */
  async save(profile: ProfileFile): Promise<string> {
    const valid = validateProfile(profile);
    await mkdir(this.dir, { recursive: true });
    const file = this.fileOf(valid.id);
    await writeFileDurably(file, `${JSON.stringify(valid, null, 2)}\n`, { replace: false });
    return file;
  }

  /** Reads and validates profile `id`. @throws ProfileFileError (invalid), FileReadError (missing, too large). */
  async get(id: string): Promise<ProfileFile> {
    const bytes = await readRegularFile(this.fileOf(id), MAX_PROFILE_BYTES);
    return validateProfile(JSON.parse(bytes.toString('utf8')));
  }

  /** The ids of the stored profiles (file names; a file is validated when it is read). */
  async ids(): Promise<string[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    return names
      .filter((n) => n.endsWith('.json'))
      .map((n) => n.slice(0, -'.json'.length))
      .sort();
  }
}
