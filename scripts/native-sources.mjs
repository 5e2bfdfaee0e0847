// The identity of the native addon's sources: a SHA-256 over every file the addon is built from (the top
// CMakeLists.txt, kernels/ and native/, each as its path and its text with line endings normalized to LF, so a
// Windows checkout hashes the same). scripts/build-native.mjs compiles it into syncbench.node; scripts/bundle.mjs
// compiles it into the JavaScript bundles; a bundle refuses an addon whose hash differs (a stale build).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Where the addon's sources live, relative to the repository root. */
export const NATIVE_SOURCE_ROOTS = ['CMakeLists.txt', 'kernels', 'native/CMakeLists.txt', 'native/src'];
const SOURCE_FILE = /\.(cu|cuh|cc|cpp|h|hpp|txt|cmake)$/;

/** The marker the addon carries before its hash, so a file can be checked without loading it. */
export const SOURCE_HASH_MARKER = 'syncbench-source-sha256:';

function filesUnder(root, rel) {
  const full = path.join(root, rel);
  if (!existsSync(full)) return [];
  const entries = readdirSync(full, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && SOURCE_FILE.test(e.name))
    .map((e) =>
      path
        .relative(root, path.join(e.parentPath ?? e.path, e.name))
        .split(path.sep)
        .join('/'),
    );
}

/**
 * The addon's source files under `root`, sorted (forward slashes).
 * @param {string} root the repository root
 * @returns {string[]}
 */
export function nativeSourceFiles(root) {
  const files = NATIVE_SOURCE_ROOTS.flatMap((rel) =>
    rel.endsWith('.txt') ? (existsSync(path.join(root, rel)) ? [rel] : []) : filesUnder(root, rel),
  );
  return [...new Set(files)].sort();
}

/**
 * SHA-256 (64 hex digits) of the addon's sources under `root`.
 * @param {string} root the repository root
 * @returns {string}
 */
export function nativeSourceHash(root) {
  const hash = createHash('sha256');
  for (const rel of nativeSourceFiles(root)) {
    hash.update(`${rel}\0`);
    hash.update(readFileSync(path.join(root, rel), 'utf8').replace(/\r\n/g, '\n'));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * The source hash a built addon carries (found by its marker in the file's bytes), or null when it has none
 * (built before the hash existed, or by hand without it).
 * @param {string} addonFile path of a syncbench.node
 * @returns {string | null}
 */
export function addonSourceHash(addonFile) {
  const bytes = readFileSync(addonFile);
  const at = bytes.indexOf(SOURCE_HASH_MARKER, 0, 'latin1');
  if (at < 0) return null;
  const start = at + SOURCE_HASH_MARKER.length;
  const hex = bytes.subarray(start, start + 64).toString('latin1');
  return /^[0-9a-f]{64}$/.test(hex) ? hex : null;
}
