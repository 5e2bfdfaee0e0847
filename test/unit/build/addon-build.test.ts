/**
 * What `npm run build:native` produced, when it ran here: an addon that carries this tree's source hash (an older
 * one is stale: rebuild), with libstdc++ linked in (no GLIBCXX_ symbol versions) and no glibc symbol newer than
 * the floor the README and the no-addon message state. Skipped where no addon was built.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { ADDON_GLIBC_FLOOR } from '../../../electron/core/native/addon-reasons';
import * as sources from '../../../scripts/native-sources.mjs';

const { nativeSourceHash, addonSourceHash } = sources as {
  nativeSourceHash(root: string): string;
  addonSourceHash(file: string): string | null;
};
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ADDON = path.join(root, 'native', 'build', 'Release', 'syncbench.node');
const built = existsSync(ADDON);
const stamped = built ? addonSourceHash(ADDON) : null;

/** '2.3.4' -> 2003004, '2.34' -> 2034000: comparable whatever the number of parts. */
const versionKey = (v: string) => {
  const [major = 0, minor = 0, patch = 0] = v.split('.').map(Number);
  return major * 1e6 + minor * 1e3 + patch;
};

describe.skipIf(!built)('the built native addon', () => {
  // An addon from before the source hash existed carries none (the app refuses it as stale all the same).
  it.skipIf(!stamped)(
    'was built from the sources in this tree (a stale addon fails here: run npm run build:native)',
    () => {
      expect(stamped).toBe(nativeSourceHash(root));
    },
  );

  const objdump = spawnSync('objdump', ['-T', ADDON], { encoding: 'utf8', maxBuffer: 64 << 20 });
  it.skipIf(process.platform !== 'linux' || objdump.status !== 0 || !stamped)(
    `needs no libstdc++ from the system and no glibc newer than ${ADDON_GLIBC_FLOOR}`,
    () => {
      expect(objdump.stdout).not.toMatch(/GLIBCXX_/);
      const glibc = [...objdump.stdout.matchAll(/GLIBC_(\d+\.\d+(?:\.\d+)?)/g)].map((m) => m[1]!);
      expect(glibc.length).toBeGreaterThan(0);
      const newest = glibc.sort((a, b) => versionKey(a) - versionKey(b)).at(-1)!;
      expect(versionKey(newest)).toBeLessThanOrEqual(versionKey(ADDON_GLIBC_FLOOR));
    },
  );
});
