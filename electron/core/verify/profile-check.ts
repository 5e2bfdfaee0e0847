/**
 * The self-test's profile step (docs/profile.md#the-self-test): `examples/profile/build/block_reduce` profiled end
 * to end under Nsight Compute, as `syncbench profile` does it, and checked to rank as its kernels must: the warp
 * shuffle reduction spends a smaller share of warp cycles at the block barrier than the `__syncthreads()` one
 * (examples/profile/README.md). Skipped, with the reason, where ncu is missing or too old, or the example is not
 * built; ncu refused the counters, the program failed or ncu's pages could not be read: failed, with ncu's words.
 */
import { access, constants } from 'node:fs/promises';
import path from 'node:path';

import { findAppRoot } from '../app-root';
import { NcuParseError } from '../../model/profile/ncu-error';
import type { KernelProfile, ProfileFile } from '../../model/profile/schema';
import { ProfileError } from '../profile/profile-error';
import { profileProgram } from '../profile/profile-program';
import type { Check, CheckOutcome } from './checks';

export interface ProfileCheckOptions {
  /** The ncu to run: SYNCBENCH_NCU, else `ncu` on PATH. */
  ncu: string;
  /** The example program profiled. */
  program: string;
  env: NodeJS.ProcessEnv;
  /** Seconds ncu and the program may take together. */
  timeLimitS: number;
}

/** The options on this machine: the app's own example build, ncu from SYNCBENCH_NCU or PATH. */
export function defaultProfileCheckOptions(env: NodeJS.ProcessEnv = process.env): ProfileCheckOptions {
  const root = findAppRoot(import.meta.url);
  return {
    ncu: env.SYNCBENCH_NCU || 'ncu',
    program: path.join(root, 'examples', 'profile', 'build', 'block_reduce'),
    env,
    timeLimitS: 300,
  };
}

type Outcome = Omit<CheckOutcome, 'id' | 'title'>;

const barrierPct = (k: KernelProfile | undefined) =>
  k?.stalls.find((s) => s.reason === 'barrier')?.pct ?? null;

/** Passes when both reductions were profiled and the shuffle one has the smaller barrier share. */
export function judgeProfile(profile: ProfileFile): Outcome {
  const byName = (name: string) => profile.kernels.find((k) => k.name === name);
  const syncthreads = barrierPct(byName('reduce_syncthreads'));
  const shuffle = barrierPct(byName('reduce_shuffle'));
  const figures = {
    kernels: profile.kernels.length,
    barrierPctSyncthreads: syncthreads,
    barrierPctShuffle: shuffle,
    ncu: profile.ncu.version,
  };
  if (syncthreads === null || shuffle === null) {
    const seen = profile.kernels.map((k) => k.name).join(', ') || 'none';
    return {
      ok: false,
      detail: `no barrier stall share for both reductions (kernels profiled: ${seen})`,
      figures,
    };
  }
  return {
    ok: shuffle < syncthreads,
    detail:
      `barrier stalls: reduce_syncthreads ${syncthreads.toFixed(1)} %, reduce_shuffle ${shuffle.toFixed(1)} % ` +
      `of warp cycles (the shuffle reduction must be lower), ncu ${profile.ncu.version}`,
    figures,
  };
}

/** Runs the profile; the skip and failure reasons say what was missing or what ncu said. */
async function runProfileCheck(o: ProfileCheckOptions): Promise<Outcome> {
  const built = await access(o.program, constants.X_OK).then(
    () => true,
    () => false,
  );
  if (!built) {
    return {
      ok: null,
      detail: `${o.program} is not built (bash scripts/build-profile-examples.sh): skipped`,
      figures: {},
    };
  }
  let output = '';
  try {
    const profile = await profileProgram({
      ncu: o.ncu,
      program: o.program,
      args: ['--variant', 'both'],
      kernelFilter: 'reduce',
      launchCount: 4,
      timeLimitS: o.timeLimitS,
      name: 'selftest block_reduce',
      appVersion: 'selftest',
      env: o.env,
      out: (t) => void (output += t),
      err: (t) => void (output += t),
      priceRowsFor: async () => [],
    });
    return judgeProfile(profile);
  } catch (err) {
    if (err instanceof ProfileError && (err.problem === 'NCU_MISSING' || err.problem === 'NCU_TOO_OLD')) {
      return { ok: null, detail: `${err.message}: skipped`, figures: {} };
    }
    if (err instanceof ProfileError || err instanceof NcuParseError) {
      const tail = output.trim().split('\n').slice(-3).join(' | ');
      return { ok: false, detail: `${err.message}${tail ? ` (last output: ${tail})` : ''}`, figures: {} };
    }
    throw err;
  }
}

/** The profile step of `selftest --gpu`. */
export function profileCheck(o: ProfileCheckOptions = defaultProfileCheckOptions()): Check {
  return {
    id: 'profile',
    title:
      'Nsight Compute profile of examples/profile block_reduce: the shuffle reduction stalls less at the ' +
      'block barrier than the __syncthreads() one',
    run: () => runProfileCheck(o),
  };
}
