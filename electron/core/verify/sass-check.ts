/**
 * Disassembly check: `cuobjdump --dump-sass` of the built addon for one architecture, and for each
 * workload the instruction its kernel must contain (NativeWorkloadInfo.expectSass: BAR.SYNC, WARPSYNC, the
 * cluster barrier, the grid sync's atomics, MEMBAR, ...), so no barrier was optimised away.
 */
import { spawnSync } from 'node:child_process';

import type { NativeWorkloadInfo } from '../../model/native/addon-types';

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
  /**
   * Back-to-back workloads (unroll > 0): the fewest copies of the expected instruction found between a pair of
   * clock reads (`S2UR`/`CS2R ... SR_CLOCKLO`) in any instantiation, and the copies required (the workload's U);
   * null for protocol rounds.
   */
  backToBack: { fewestCopies: number; required: number } | null;
  ok: boolean;
}

/** Workloads whose back-to-back copies the compiler merges on purpose (test/unit/kernels/ptx.test.ts says why). */
export const MERGED_BY_COMPILER: ReadonlySet<string> = new Set(['plain_rmw_pair_adjacent']);

/**
 * The fewest lines matching `instruction` between two successive clock reads (start and end of a timed body) in a
 * SASS function; 0 when it reads the clock fewer than twice.
 */
export function copiesBetweenClockReads(body: string, instruction: RegExp): number {
  const lines = body.split('\n');
  const clocks = lines.flatMap((l, i) => (/SR_CLOCKLO/.test(l) ? [i] : []));
  let fewest = Number.POSITIVE_INFINITY;
  for (let k = 0; k + 1 < clocks.length; k += 2) {
    const n = lines.slice(clocks[k]! + 1, clocks[k + 1]!).filter((l) => instruction.test(l)).length;
    fewest = Math.min(fewest, n);
  }
  return Number.isFinite(fewest) ? fewest : 0;
}

/**
 * Checks each workload's kernels (every instantiation) for its expected SASS instruction and, for back-to-back
 * workloads, that at least U copies of it sit between the clock reads around the timed body (docs/methods.md).
 */
export function checkSass(listing: string, workloads: NativeWorkloadInfo[]): SassFinding[] {
  const fns = sassByFunction(listing);
  return workloads
    .filter((w) => w.expectSass !== '')
    .map((w) => {
      const mine = [...fns.entries()].filter(([name]) => new RegExp(`${w.kernel}(?![a-z_])`).test(name));
      const re = new RegExp(w.expectSass);
      const checkCopies = w.unroll > 0 && !MERGED_BY_COMPILER.has(w.id) && mine.length > 0;
      const backToBack = checkCopies
        ? {
            fewestCopies: Math.min(...mine.map(([, body]) => copiesBetweenClockReads(body, re))),
            required: w.unroll,
          }
        : null;
      return {
        workload: w.id,
        kernel: w.kernel,
        expected: w.expectSass,
        functions: mine.length,
        backToBack,
        ok:
          mine.length > 0 &&
          mine.every(([, body]) => re.test(body)) &&
          (backToBack === null || backToBack.fewestCopies >= backToBack.required),
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
