/**
 * The one task command both recipes run (docs/fleet.md#the-task): `<cli> fleet task --suite S --results DIR`. The
 * Slurm script runs it through srun, the Kubernetes Job as its container's command; a test checks they are equal.
 */

/** What every recipe needs. */
export interface RecipeOptions {
  /** How the nodes start syncbench, as words: ["syncbench"], ["node", "/shared/sb/cli.js"], ... */
  cli: string[];
  /** `chapter` or a suite file the nodes can read. */
  suite: string;
  /** The shared folder (Slurm) or the mount path of the volume (Kubernetes) every task writes below. */
  resultsDir: string;
  /** Extra `syncbench run` flags for every mode, passed on by `fleet task --run-args`. */
  runArgs?: string[];
}

/** The task's argv. */
export function taskCommand(o: RecipeOptions): string[] {
  const extra = o.runArgs && o.runArgs.length > 0 ? ['--run-args', o.runArgs.join(' ')] : [];
  return [...o.cli, 'fleet', 'task', '--suite', o.suite, '--results', o.resultsDir, ...extra];
}

/** A word for a POSIX shell: as it is when it has no special character, else in single quotes. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
