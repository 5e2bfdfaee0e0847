// The compute capability of each GPU of this machine, from nvidia-smi (driver 510 or newer has the `compute_cap`
// query field), so that `npm run build:native` builds for the GPUs that are here. No driver, no nvidia-smi, an
// older driver or a hung one (10 s limit) all give an empty list: the build then covers every architecture.
import { spawnSync } from 'node:child_process';

/**
 * @param {(cmd: string, args: string[]) => { status: number | null, stdout: string }} [run] injectable for tests
 * @returns {string[]} e.g. ["9.0"], one entry per GPU
 */
export function gpuComputeCaps(run = defaultRun) {
  const r = run('nvidia-smi', ['--query-gpu=compute_cap', '--format=csv,noheader']);
  if (r.status !== 0) return [];
  return r.stdout
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^\d+\.\d+$/.test(l));
}

function defaultRun(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', timeout: 10_000 });
  return { status: r.error ? null : r.status, stdout: r.stdout ?? '' };
}
