// Finds the CUDA compiler the way CUDA installs put it: on PATH, in $CUDA_PATH/bin (the Windows installer sets it),
// in $CUDA_HOME/bin (a common Linux convention), then in /usr/local/cuda/bin (the Linux .run/.deb/.rpm default,
// which is often not on PATH). The first one that answers `nvcc --version` wins.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/** Where a stock Linux CUDA toolkit installs nvcc. */
export const WELL_KNOWN_CUDA_BINS = ['/usr/local/cuda/bin'];

/**
 * Candidate nvcc paths in search order, each with where it came from.
 * @param {{ env?: NodeJS.ProcessEnv, platform?: NodeJS.Platform, wellKnown?: string[] }} [o]
 * @returns {Array<{ file: string, from: string }>}
 */
export function nvccCandidates(o = {}) {
  const env = o.env ?? process.env;
  const platform = o.platform ?? process.platform;
  const win = platform === 'win32';
  const exe = win ? 'nvcc.exe' : 'nvcc';
  const delimiter = win ? ';' : ':';
  const join = win ? path.win32.join : path.posix.join;
  const list = [];
  for (const dir of (env.PATH ?? env.Path ?? '').split(delimiter).filter(Boolean)) {
    list.push({ file: join(dir, exe), from: 'PATH' });
  }
  for (const name of ['CUDA_PATH', 'CUDA_HOME']) {
    if (env[name]) list.push({ file: join(env[name], 'bin', exe), from: `$${name}` });
  }
  if (!win)
    for (const dir of o.wellKnown ?? WELL_KNOWN_CUDA_BINS) list.push({ file: join(dir, exe), from: dir });
  return list;
}

function runs(file) {
  const r = spawnSync(file, ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout : null;
}

/**
 * The first working nvcc: `{ nvcc, from, version }` (version: nvcc's `--version` text), or `{ nvcc: null,
 * searched }` listing every place looked at.
 * @param {{ env?: NodeJS.ProcessEnv, platform?: NodeJS.Platform, wellKnown?: string[],
 *   isFile?: (f: string) => boolean, version?: (f: string) => string | null }} [o]
 */
export function findNvcc(o = {}) {
  const isFile = o.isFile ?? ((f) => existsSync(f) && statSync(f).isFile());
  const version = o.version ?? runs;
  const searched = [];
  for (const c of nvccCandidates(o)) {
    searched.push(c.file);
    if (!isFile(c.file)) continue;
    const text = version(c.file);
    if (text !== null) return { nvcc: c.file, from: c.from, version: text };
  }
  return { nvcc: null, searched: [...new Set(searched)] };
}
