/**
 * `syncbench fleet ...` through main() (in process) and the built CLI (dist/cli.js, `npm run build:cli`): exit 6 with
 * --fail-on-outliers, bad flags are exit 2 with what is allowed, and a task without a GPU writes its failure record.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { main } from '../../../electron/cli/main';
import { EXIT } from '../../../electron/cli/exit-codes';
import { TaskRecordSchema } from '../../../electron/model/fleet/task-schema';
import { writeSyntheticFleet } from '../../fixtures/synthetic-fleet';
import { err, out, resetOut } from '../cli/capture';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-fleet-cli-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('syncbench fleet merge', () => {
  it('exit 6 with --fail-on-outliers when an outlier is found, 0 without the flag; the summary names it', async () => {
    await writeSyntheticFleet(join(dir, 'r'), {
      nodes: 1,
      gpusPerNode: 5,
      modes: 1,
      outlier: { node: 0, gpu: 4, factor: 2 },
    });
    expect(await main(['fleet', 'merge', join(dir, 'r'), '--out', join(dir, 'fleet.json')])).toBe(EXIT.ok);
    expect(out).toMatch(/## Outliers \(4\)/);
    expect(out).toContain('synthetic-node-00/0000:04:00.0');
    expect(
      await main(['fleet', 'merge', join(dir, 'r'), '--out', join(dir, 'fleet.json'), '--fail-on-outliers']),
    ).toBe(6);
    expect(await main(['fleet', 'check', join(dir, 'fleet.json')])).toBe(EXIT.ok);
    expect(err).toMatch(/fleet file v1, 5 runs, 4 outliers/);
  });

  it('exit 0 with --fail-on-outliers when the fleet agrees', async () => {
    await writeSyntheticFleet(join(dir, 'r'), { nodes: 1, gpusPerNode: 5, modes: 1 });
    expect(
      await main(['fleet', 'merge', join(dir, 'r'), '--fail-on-outliers', '--summary', join(dir, 's.md')]),
    ).toBe(0);
    expect(await readFile(join(dir, 's.md'), 'utf8')).toMatch(/No outliers\./);
  });

  it('exit 2 for a bad threshold or a folder that is not there, with what is allowed', async () => {
    expect(await main(['fleet', 'merge', dir, '--robust-z', '-1'])).toBe(EXIT.invalid);
    expect(err).toMatch(/--robust-z must be a number ≥/);
    expect(await main(['fleet', 'merge', dir, '--min-group', '2.5'])).toBe(EXIT.invalid);
    expect(err).toMatch(/--min-group must be a whole number ≥ 1, got "2.5"/);
    expect(await main(['fleet', 'merge', join(dir, 'absent')])).toBe(EXIT.invalid);
  });

  it('--help lists exit code 6', async () => {
    expect(await main(['--help'])).toBe(0);
    expect(out).toMatch(/6 +fleet merge --fail-on-outliers/);
  });
});

describe('syncbench fleet slurm and k8s', () => {
  it('write their recipes; bad values are exit 2', async () => {
    expect(
      await main(['fleet', 'slurm', '--results', '/shared/r', '--nodes', '2', '--gpus-per-node', '4']),
    ).toBe(0);
    expect(out).toMatch(/^#SBATCH --ntasks-per-node=4$/m);
    expect(await main(['fleet', 'slurm', '--results', '/shared/r', '--nodes', '0'])).toBe(EXIT.invalid);
    expect(err).toMatch(/--nodes must be a whole number ≥ 1, got "0"/);
    resetOut();
    expect(await main(['fleet', 'k8s', '--volume', 'r', '--image', 'img', '--gpus', '2'])).toBe(0);
    expect(JSON.parse(out).spec.completions).toBe(2);
    expect(await main(['fleet', 'k8s', '--volume', 'R_1', '--image', 'img'])).toBe(EXIT.invalid);
    expect(err).toMatch(/--volume must be a DNS label/);
    expect(await main(['fleet', 'slurm', '--results', '/r', '--suite', join(dir, 'none.json')])).toBe(
      EXIT.invalid,
    );
  });
});

describe.runIf(existsSync('dist/cli.js'))('the built CLI: fleet task without a GPU', () => {
  it('exit 3, and a valid task record with the reason for every mode', async () => {
    const r = spawnSync(process.execPath, ['dist/cli.js', 'fleet', 'task', '--results', dir], {
      encoding: 'utf8',
      timeout: 120_000,
      env: {
        ...process.env,
        SLURM_JOB_ID: '42',
        SLURM_PROCID: '3',
        SLURM_LOCALID: '1',
        SYNCBENCH_NVIDIA_SMI: '/nonexistent/nvidia-smi',
      },
    });
    expect(r.status).toBe(3);
    const [folder] = await readdir(dir);
    expect(folder).toMatch(/-42-3$/);
    const record = TaskRecordSchema.parse(
      JSON.parse(await readFile(join(dir, folder as string, 'task.json'), 'utf8')),
    );
    expect(record).toMatchObject({
      status: 'failed',
      job: { engine: 'slurm', jobId: '42', taskIndex: 3, localIndex: 1 },
    });
    expect(record.gpuReadProblem).toBe('/nonexistent/nvidia-smi not found (no NVIDIA driver)');
    expect(record.reason).toMatch(/addon|GPU|driver/i);
    expect(record.runs).toHaveLength(8);
    expect(record.runs.every((run) => run.exitCode === 3 && run.reason && run.file === null)).toBe(true);
    expect(r.stderr).toMatch(/task record .*task\.json \(failed: /);
  });
});
