/**
 * The addon's source hash (scripts/native-sources.mjs) and the stale-addon refusal built on it
 * (electron/core/native/addon-reasons.ts): a change to any source changes the hash, a CRLF checkout does not, and
 * an addon file's embedded hash is read from its bytes.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import {
  ADDON_GLIBC_FLOOR,
  loadFailureReason,
  noAddonReason,
  staleAddonReason,
} from '../../../electron/core/native/addon-reasons';
import * as sources from '../../../scripts/native-sources.mjs';

const { nativeSourceHash, nativeSourceFiles, addonSourceHash, SOURCE_HASH_MARKER } = sources as {
  nativeSourceHash(root: string): string;
  nativeSourceFiles(root: string): string[];
  addonSourceHash(file: string): string | null;
  SOURCE_HASH_MARKER: string;
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function copyTree(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-src-'));
  for (const rel of nativeSourceFiles(root)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    cpSync(path.join(root, rel), path.join(dir, rel));
  }
  return dir;
}

describe('native source hash', () => {
  it('covers the kernels, the binding and both CMake files', () => {
    const files = nativeSourceFiles(root);
    expect(files).toEqual(
      expect.arrayContaining([
        'CMakeLists.txt',
        'native/CMakeLists.txt',
        'native/src/addon.cc',
        'native/src/source_hash.cc',
      ]),
    );
    expect(files.some((f) => f.startsWith('kernels/') && f.endsWith('.cu'))).toBe(true);
    expect(nativeSourceHash(root)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with any source, not with CRLF line endings', () => {
    const copy = copyTree();
    const before = nativeSourceHash(copy);
    expect(before).toBe(nativeSourceHash(root));
    const file = path.join(copy, 'native', 'src', 'addon.cc');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace(/\n/g, '\r\n'));
    expect(nativeSourceHash(copy)).toBe(before);
    writeFileSync(file, `${text}// edited\n`);
    expect(nativeSourceHash(copy)).not.toBe(before);
  });

  it("reads an addon's embedded hash from its bytes (null when it has none)", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-addon-'));
    const hash = 'ab'.repeat(32);
    const withHash = path.join(dir, 'with.node');
    writeFileSync(
      withHash,
      Buffer.concat([Buffer.alloc(4096, 7), Buffer.from(`${SOURCE_HASH_MARKER}${hash}\0`), Buffer.alloc(99)]),
    );
    expect(addonSourceHash(withHash)).toBe(hash);
    const unknown = path.join(dir, 'unknown.node');
    writeFileSync(unknown, `${SOURCE_HASH_MARKER}unknown\0`);
    expect(addonSourceHash(unknown)).toBeNull();
    const none = path.join(dir, 'none.node');
    writeFileSync(none, Buffer.alloc(100));
    expect(addonSourceHash(none)).toBeNull();
  });
});

describe('addon refusal reasons', () => {
  const mine = 'c'.repeat(64);
  it('refuses an addon built from other sources, or from unknown ones, and says how to fix it', () => {
    expect(staleAddonReason('/a/syncbench.node', mine, mine)).toBeNull();
    expect(staleAddonReason('/a/syncbench.node', 'd'.repeat(64), mine)).toMatch(
      /stale: it was built from sources dddddddddddd…, this app from cccccccccccc…\. It is not used\. Rebuild it with `npm run build:native`/,
    );
    expect(staleAddonReason('/a/syncbench.node', undefined, mine)).toMatch(/built from unknown sources/);
    expect(staleAddonReason('/a/syncbench.node', 'unknown', mine)).toMatch(/built from unknown sources/);
    // Unbundled runs (tests, tsx) know no hash of their own and refuse nothing.
    expect(staleAddonReason('/a/syncbench.node', undefined, null)).toBeNull();
  });

  it('states the glibc floor when no addon was built, and when loading fails on an old glibc', () => {
    expect(noAddonReason('linux', { places: ['/a/syncbench.node'], nvcc: true })).toContain(
      `glibc ${ADDON_GLIBC_FLOOR} or newer`,
    );
    const old = loadFailureReason(
      '/opt/x/syncbench.node',
      "/lib64/libc.so.6: version `GLIBC_2.34' not found",
      'linux',
    );
    expect(old).toMatch(/too old.*glibc 2\.34 or newer/);
    expect(loadFailureReason('/x.node', 'invalid ELF header', 'linux')).not.toMatch(/glibc/);
  });

  it('says plainly that macOS has no CUDA', () => {
    const mac = noAddonReason('darwin', { places: ['/a/syncbench.node'], nvcc: false });
    expect(mac).toMatch(/macOS has no CUDA.*replays, reports and the decision wizard/);
    expect(mac).not.toMatch(/nvcc/);
  });
});
