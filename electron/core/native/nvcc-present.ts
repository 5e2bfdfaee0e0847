/**
 * Whether the CUDA compiler is on this machine, looked for where `npm run build:native` looks for it
 * (scripts/find-nvcc.mjs): on PATH, in $CUDA_PATH/bin, in $CUDA_HOME/bin, then in /usr/local/cuda/bin (not on
 * Windows). Only the files' presence is checked (no `nvcc --version`): the answer words the missing-addon message,
 * so it must be cheap, and it must not blame nvcc where nvcc is there.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Where nvcc is looked for, and how a file's presence is told (tests pass their own). */
export interface NvccLookup {
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  exists?: (file: string) => boolean;
}

/** The nvcc files looked for, in search order. */
export function nvccFiles(o: NvccLookup = {}): string[] {
  const env = o.env ?? process.env;
  const win = (o.platform ?? process.platform) === 'win32';
  const exe = win ? 'nvcc.exe' : 'nvcc';
  const join = win ? path.win32.join : path.posix.join;
  const dirs = (env.PATH ?? env.Path ?? '').split(win ? ';' : ':').filter(Boolean);
  for (const name of ['CUDA_PATH', 'CUDA_HOME']) {
    const home = env[name];
    if (home) dirs.push(join(home, 'bin'));
  }
  if (!win) dirs.push('/usr/local/cuda/bin');
  return dirs.map((dir) => join(dir, exe));
}

/** True when one of nvccFiles exists. */
export function nvccPresent(o: NvccLookup = {}): boolean {
  const exists = o.exists ?? existsSync;
  return nvccFiles(o).some((file) => exists(file));
}
