/** `syncbench fleet slurm` and `syncbench fleet k8s`: write the job recipe (docs/fleet.md#slurm, #kubernetes). */
import type { Command } from 'commander';

import { k8sJob } from '../core/fleet/k8s';
import { resolveSuite } from '../core/fleet/suite';
import { slurmScript } from '../core/fleet/slurm';
import type { RecipeOptions } from '../core/fleet/task-command';
import { EXIT } from './exit-codes';
import { emit, UsageError } from './output';

interface Common {
  suite: string;
  results: string;
  cli: string;
  runArgs?: string;
  out?: string;
}

const common = (c: Command): Command =>
  c
    .option('--suite <suite>', '"chapter" or a suite file the nodes can read', 'chapter')
    .option('--cli <command>', 'how the nodes start syncbench, e.g. "node /shared/sb/cli.mjs"', 'syncbench')
    .option('--run-args <flags>', 'extra `syncbench run` flags for every mode')
    .option('-o, --out <file>', 'write the recipe to a file instead of stdout');

async function recipeOptions(o: Common): Promise<RecipeOptions> {
  if (o.suite !== 'chapter') await resolveSuite(o.suite); // refuse a bad suite here, not on 512 GPUs
  const cli = o.cli.split(/\s+/).filter(Boolean);
  if (cli.length === 0) throw new UsageError('--cli must name a command, e.g. "syncbench"');
  return { cli, suite: o.suite, resultsDir: o.results, runArgs: o.runArgs?.split(/\s+/).filter(Boolean) };
}

function count(flag: string, text: string): number {
  if (!/^[1-9]\d*$/.test(text)) throw new UsageError(`${flag} must be a whole number ≥ 1, got "${text}"`);
  return Number(text);
}

/** Registers `slurm` and `k8s` under `fleet`. */
export function registerRecipeCommands(fleet: Command): void {
  common(fleet.command('slurm').description('write an sbatch script: the task once per GPU'))
    .requiredOption('--results <dir>', 'shared folder every node can write (results, task records, logs)')
    .option('--nodes <n>', 'nodes', '1')
    .option('--gpus-per-node <g>', 'GPUs per node: one task each', '8')
    .option('--staggered', 'a job array of one-GPU tasks instead of one step over every GPU')
    .option('--parallel <k>', 'staggered: at most k array tasks at once', '1')
    .option('--time <limit>', 'sbatch --time', '01:00:00')
    .option('--partition <name>', 'sbatch --partition')
    .option('--job-name <name>', 'sbatch --job-name', 'syncbench-fleet')
    .action(async (o: Common & Record<string, string | boolean | undefined>) => {
      if (!/^\d+(-\d+)?(:\d+){0,2}$/.test(String(o.time))) {
        throw new UsageError(`--time must be sbatch's [D-]HH:MM:SS, MM or MM:SS, got "${o.time}"`);
      }
      const script = slurmScript({
        ...(await recipeOptions(o)),
        nodes: count('--nodes', String(o.nodes)),
        gpusPerNode: count('--gpus-per-node', String(o.gpusPerNode)),
        staggered: Boolean(o.staggered),
        parallel: count('--parallel', String(o.parallel)),
        timeLimit: String(o.time),
        jobName: String(o.jobName),
        partition: typeof o.partition === 'string' ? o.partition : undefined,
      });
      await emit(script, o.out);
      process.exitCode = EXIT.ok;
    });
  common(fleet.command('k8s').description('write a Kubernetes Indexed Job (JSON): the task once per GPU'))
    .requiredOption('--volume <claim>', 'the PersistentVolumeClaim the results go to')
    .requiredOption(
      '--image <image>',
      'a container image with syncbench, the addon and the NVIDIA user-space driver',
    )
    .option('--results <dir>', 'where the volume is mounted in the pod', '/results')
    .option('--gpus <n>', 'GPUs (pods) in all', '8')
    .option('--parallel <k>', 'pods at once', '8')
    .option('--job-name <name>', 'the Job name', 'syncbench-fleet')
    .option('--namespace <ns>', 'the namespace')
    .action(async (o: Common & Record<string, string | undefined>) => {
      let job: Record<string, unknown>;
      try {
        job = k8sJob({
          ...(await recipeOptions(o)),
          completions: count('--gpus', String(o.gpus)),
          parallelism: count('--parallel', String(o.parallel)),
          image: String(o.image),
          volumeClaim: String(o.volume),
          jobName: String(o.jobName),
          namespace: o.namespace,
        });
      } catch (err) {
        if (err instanceof RangeError) throw new UsageError(err.message);
        throw err;
      }
      await emit(`${JSON.stringify(job, null, 2)}\n`, o.out);
      process.exitCode = EXIT.ok;
    });
}
