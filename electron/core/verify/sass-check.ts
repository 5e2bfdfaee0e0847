/**
 * Disassembly check (issue 7 §4): `cuobjdump --dump-sass` of the built addon for one architecture, and for each
 * workload the instruction its kernel must contain (NativeWorkloadInfo.expectSass: BAR.SYNC, WARPSYNC, the
 * cluster barrier, the grid sync's atomics, MEMBAR, ...), so no barrier was optimised away.
 */
import { spawnSync } from 'node:child_process';

import type { NativeWorkloadInfo } from '../native/addon-types';

/** Splits cuobjdump's SASS listing into { mangled function name -> its instructions }. */
export function sassByFunction(listing: string): Map<string, string> {
  const out = new Map<string, string>();
  let current: string | null = null;
  for (const line of listing.split('\n')) {
    const m = /^\s*Function : (\S+)/.exec(line);
    if (m?.[1]) {
      current = m[1];
      out.set(current, '');
    } else if (current) {
      out.set(current, `${out.get(current)}${line}\n`);
    }
  }
  return out;
}

export interface SassFinding {
  workload: string;
  kernel: string;
  expected: string;
  functions: number;
  ok: boolean;
}

/** Checks each workload's kernels (every instantiation) for its expected SASS instruction. */
export function checkSass(listing: string, workloads: NativeWorkloadInfo[]): SassFinding[] {
  const fns = sassByFunction(listing);
  return workloads
    .filter((w) => w.expectSass !== '')
    .map((w) => {
      const mine = [...fns.entries()].filter(([name]) => new RegExp(`${w.kernel}(?![a-z_])`).test(name));
      const re = new RegExp(w.expectSass);
      return {
        workload: w.id,
        kernel: w.kernel,
        expected: w.expectSass,
        functions: mine.length,
        ok: mine.length > 0 && mine.every(([, body]) => re.test(body)),
      };
    });
}

/** Runs cuobjdump on `file` for `arch` (e.g. "sm_90"); null when cuobjdump is not on the PATH. */
export function dumpSass(file: string, arch: string): string | null {
  const r = spawnSync('cuobjdump', ['--dump-sass', '--gpu-architecture', arch, file], {
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  });
  if (r.error || r.status !== 0) return null;
  return r.stdout;
}
