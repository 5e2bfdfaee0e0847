/**
 * `syncbench fleet ...` (docs/fleet.md): `task` runs a suite on this GPU and writes its task record; `merge` reads
 * every result and task record below a folder into a fleet file and prints its summary; `slurm` and `k8s` write
 * the job recipes (fleet-recipes.ts).
 */
import { Option, type Command } from 'commander';

import { mergeFleetCounted, readFleetFile, writeFleetFile } from '../core/fleet/fleet-file';
import { resolveSuite } from '../core/fleet/suite';
import { runTask } from '../core/fleet/task';
import { terminalSafe } from '../contract/names';
import type { SanitizerHost } from '../core/verify/sanitizer';
import { DEFAULT_THRESHOLDS, type OutlierThresholds } from '../model/fleet/robust';
import { fleetSummaryMarkdown } from '../model/fleet/summary';
import { countOf } from '../model/words/plural';
import type { CliHost } from './cli-host';
import { EXIT } from './exit-codes';
import { checkMergeDir, defaultFleetOut, nothingToMerge } from './fleet-merge-input';
import { registerRecipeCommands } from './fleet-recipes';
import { writeOrCleanUpOnInterrupt } from './interrupt';
import { checkOutTarget, emit, UsageError } from './output';
import { thisCli } from './this-cli';

/** A number flag: finite and within [min, ∞). @throws UsageError naming the flag and what is allowed. */
export function numberFlag(flag: string, text: string, min: number, whole = false): number {
  const v = Number(text);
  if (!Number.isFinite(v) || v < min || (whole && !Number.isInteger(v))) {
    throw new UsageError(`${flag} must be ${whole ? 'a whole number' : 'a number'} ≥ ${min}, got "${text}"`);
  }
  return v;
}

interface MergeOptions {
  out?: string;
  summary?: string;
  robustZ: string;
  relFloor: string;
  minGroup: string;
  failOnOutliers?: boolean;
}

/**
 * `fleet merge`: 0, or 6 with --fail-on-outliers when an outlier or a failed task was found. The fleet file goes to
 * `--out`, by default beside DIR (fleet-merge-input.ts), through the durable writer.
 * @throws UsageError (exit 2) when DIR is missing or not a folder, or nothing below it is a result file or a task
 *   record; nothing is written then.
 */
export async function fleetMergeCommand(dir: string, o: MergeOptions): Promise<number> {
  const thresholds: OutlierThresholds = {
    robustZ: numberFlag('--robust-z', o.robustZ, Number.MIN_VALUE),
    relDeviation: numberFlag('--rel-floor', o.relFloor, 0),
    minGroupSize: numberFlag('--min-group', o.minGroup, 1, true),
  };
  await checkMergeDir(dir);
  const out = o.out ?? defaultFleetOut(dir);
  await checkOutTarget(out);
  if (o.summary) await checkOutTarget(o.summary, '--summary');
  const { fleet, tally } = await mergeFleetCounted(dir, thresholds);
  const nothing = nothingToMerge(dir, fleet, tally);
  if (nothing) throw new UsageError(nothing);
  await writeOrCleanUpOnInterrupt('syncbench', () => writeFleetFile(out, fleet));
  const { results, tasks, skipped } = fleet.counts;
  process.stderr.write(
    terminalSafe(
      `wrote ${out} (${countOf(results, 'result')}, ${countOf(tasks, 'task record')}; skipped ${countOf(skipped, 'JSON file')}, ` +
        `${tally.fleetOutputs} of them fleet outputs, never read as input)\n`,
    ),
  );
  await emit(fleetSummaryMarkdown(fleet), o.summary, { markdown: true, flag: '--summary' });
  const flagged = fleet.outliers.length + fleet.failures.length;
  return o.failOnOutliers && flagged > 0 ? EXIT.outliers : EXIT.ok;
}

/** `fleet task`: the task's exit code (0 measured, 3 no GPU, 4 a failed run, ...); the record is always written. */
export async function fleetTaskCommand(
  o: { suite: string; results: string; device: string; runArgs?: string },
  self: SanitizerHost,
): Promise<number> {
  const suite = await resolveSuite(o.suite);
  const ordinal = numberFlag('--device', o.device, 0, true);
  const runArgs = o.runArgs ? o.runArgs.split(/\s+/).filter(Boolean) : [];
  const { record, path, exitCode } = await runTask({ suite, resultsDir: o.results, self, ordinal, runArgs });
  const why = record.reason ? `: ${record.reason}` : '';
  process.stderr.write(`task record ${path} (${record.status}${why})\n`);
  return exitCode;
}

/** Registers `fleet` and its subcommands. */
export function registerFleetCommand(program: Command, host: CliHost = {}): void {
  const fleet = program
    .command('fleet')
    .description('run on every GPU of a cluster (Slurm, Kubernetes) and merge');
  fleet
    .command('merge')
    .description('merge every result and task record below DIR: medians, MADs, robust z, outliers, failures')
    .argument('<dir>', 'the results folder the tasks wrote to')
    .option('-o, --out <file>', 'the fleet file (default <DIR>-fleet.json beside DIR, never inside it)')
    .option('--summary <file>', 'write the Markdown summary to a file instead of stdout')
    .option('--robust-z <z>', 'outlier: |robust z| above this', String(DEFAULT_THRESHOLDS.robustZ))
    .option(
      '--rel-floor <fraction>',
      "and |deviation from the model's median| above this",
      String(DEFAULT_THRESHOLDS.relDeviation),
    )
    .option(
      '--min-group <n>',
      'judge outliers only in groups of at least n runs',
      String(DEFAULT_THRESHOLDS.minGroupSize),
    )
    .option(
      '--fail-on-outliers',
      'exit 6 when an outlier or a failed task was found (CI, acceptance of new nodes)',
    )
    .action(async (dir: string, o: MergeOptions) => {
      process.exitCode = await fleetMergeCommand(dir, o);
    });
  fleet
    .command('task')
    .description(
      "run the suite on this task's GPU, write result files and the task record (what the recipes run)",
    )
    .requiredOption('--results <dir>', 'the shared results folder (a folder per task is made below it)')
    .addOption(
      new Option('--suite <suite>', '"chapter" or a suite file (docs/fleet.md#suites)').default('chapter'),
    )
    .option('--device <n>', 'CUDA device ordinal (0: the one GPU Slurm or Kubernetes gives the task)', '0')
    .option('--run-args <flags>', 'extra `syncbench run` flags for every mode, e.g. "--max-time-ms 2000"')
    .action(async (o: { suite: string; results: string; device: string; runArgs?: string }) => {
      process.exitCode = await fleetTaskCommand(o, host.self ?? thisCli());
    });
  fleet
    .command('check')
    .description('validate a fleet file (exit 2 with the field that is wrong)')
    .argument('<file>', 'a fleet file')
    .action(async (file: string) => {
      const f = await readFleetFile(file);
      process.exitCode = EXIT.ok;
      process.stderr.write(
        `${file}: fleet file v${f.version}, ${countOf(f.runs.length, 'run')}, ${countOf(f.outliers.length, 'outlier')}\n`,
      );
    });
  registerRecipeCommands(fleet);
}
