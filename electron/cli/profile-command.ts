/**
 * `syncbench profile [options] -- PROGRAM ARGS…`: runs a CUDA program under Nsight Compute and reports, per
 * kernel, what its synchronization costs (docs/profile.md). The program's own output passes through; the profile
 * is saved in the results library (`profiles/`) only when everything succeeded.
 */
import path from 'node:path';

import { Option, type Command } from 'commander';

import { APP_VERSION } from '../core/app-info';
import { findAppRoot } from '../core/app-root';
import { priceRowsFor } from '../core/profile/costs';
import { ProfileError, type ProfileProblem } from '../core/profile/profile-error';
import { profileProgram } from '../core/profile/profile-program';
import { ResultsLibrary } from '../core/results/library';
import { ProfileStore } from '../core/results/profile-store';
import { defaultResultsDir } from '../core/service/paths';
import { profileToMarkdown } from '../model/profile/markdown';
import { NcuParseError } from '../model/profile/ncu-error';
import { EXIT } from './exit-codes';
import { checkOutTarget, emit, formatFor, UsageError } from './output';

const PROFILE_FORMATS = ['md', 'json'] as const;
const DEFAULT_TIME_LIMIT_S = 600;

/** Exit code per refusal: the user's input 2, no usable ncu or counters 3, the program or ncu failing 4. */
const EXIT_OF: Record<ProfileProblem, number> = {
  NCU_MISSING: EXIT.noGpu,
  NCU_TOO_OLD: EXIT.noGpu,
  NO_PERMISSION: EXIT.noGpu,
  PROGRAM_MISSING: EXIT.invalid,
  NO_KERNELS: EXIT.runFailed,
  PROGRAM_FAILED: EXIT.runFailed,
  TIME_LIMIT: EXIT.runFailed,
  NCU_FAILED: EXIT.runFailed,
};

interface ProfileOptions {
  kernel?: string;
  launchCount?: string;
  timeLimit?: string;
  ncu?: string;
  format?: 'md' | 'json';
  out?: string;
  results?: string;
  save: boolean;
  name?: string;
}

/** Registers `profile [options] -- PROGRAM ARGS…`. */
export function registerProfileCommand(program: Command): void {
  program
    .command('profile')
    .description("profile a CUDA program's synchronization with Nsight Compute, priced with this GPU's costs")
    .argument('<program>', 'the CUDA program (after --)')
    .argument('[args...]', "the program's arguments")
    .option('-k, --kernel <regex>', 'profile only kernels whose name matches (ncu -k regex:…)')
    .option('-c, --launch-count <n>', 'profile at most n kernel launches (ncu -c)')
    .option('--time-limit <s>', `stop the profile after s seconds (default ${DEFAULT_TIME_LIMIT_S})`)
    .option('--ncu <path>', 'the ncu to use (default: ncu on PATH)')
    .addOption(
      new Option('-f, --format <format>', 'output format (default md)').choices([...PROFILE_FORMATS]),
    )
    .option('-o, --out <file>', 'write the report to a file instead of stdout (- for stdout)')
    .option('--results <dir>', "results library to price from and save to (default: the app's user folder)")
    .option('--no-save', 'do not save the profile in the results library')
    .option('--name <name>', 'a name for the saved profile')
    .action(async (prog: string, args: string[], o: ProfileOptions) => {
      process.exitCode = await profileCommand(prog, args, o);
    });
}

function positive(value: string | undefined, flag: string, integer: boolean): number | null {
  if (value === undefined) return null;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) {
    throw new UsageError(`${flag} ${value}: expected a ${integer ? 'whole number' : 'number'} above 0`);
  }
  return n;
}

/** Returns the exit code (0, or EXIT_OF's for a refusal, the message printed). */
export async function profileCommand(
  prog: string,
  args: string[],
  o: ProfileOptions,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const format = formatFor(o.format, o.out, PROFILE_FORMATS, 'md');
  await checkOutTarget(o.out);
  if (o.kernel !== undefined) {
    try {
      new RegExp(o.kernel);
    } catch {
      throw new UsageError(`--kernel ${o.kernel}: not a regular expression`);
    }
  }
  const launchCount = positive(o.launchCount, '--launch-count', true);
  const timeLimitS = positive(o.timeLimit, '--time-limit', false) ?? DEFAULT_TIME_LIMIT_S;
  const resultsDir = o.results ?? defaultResultsDir(env);
  const library = new ResultsLibrary(resultsDir, {
    referenceDirs: [path.join(findAppRoot(import.meta.url), 'resources', 'reference')],
  });
  try {
    const profile = await profileProgram({
      ncu: o.ncu ?? 'ncu',
      program: prog,
      args,
      kernelFilter: o.kernel ?? null,
      launchCount,
      timeLimitS,
      name: o.name ?? null,
      appVersion: APP_VERSION,
      env,
      out: (t) => process.stdout.write(t),
      err: (t) => process.stderr.write(t),
      priceRowsFor: (device) => priceRowsFor(device, library),
    });
    if (o.save) {
      const file = await new ProfileStore(resultsDir).save(profile);
      process.stderr.write(`syncbench profile: saved ${file}\n`);
    }
    const md = format === 'md';
    await emit(md ? profileToMarkdown(profile) : JSON.stringify(profile, null, 2), o.out, { markdown: md });
    return EXIT.ok;
  } catch (err) {
    if (err instanceof ProfileError) {
      process.stderr.write(`syncbench profile: ${err.message}\n`);
      return EXIT_OF[err.problem];
    }
    if (err instanceof NcuParseError) {
      process.stderr.write(
        `syncbench profile: could not read ncu's report: ${err.message}; nothing was saved\n`,
      );
      return EXIT.runFailed;
    }
    throw err;
  }
}
