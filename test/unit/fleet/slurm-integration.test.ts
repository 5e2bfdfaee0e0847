/**
 * The real engine: a one-node Slurm cluster on localhost (slurm-cluster.ts, started and stopped here) runs the
 * script `syncbench fleet slurm` wrote, its two tasks run the built CLI (dist/cli.js, `npm run build:cli`), and
 * `fleet merge` reads what they wrote. This machine has no GPU, so each task must write its failure record and the
 * merge must report every task's reason. Skipped, saying why, without slurmctld, munge, root or the built CLI.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { FleetFileSchema } from '../../../electron/model/fleet/fleet-schema';
import { TaskRecordSchema } from '../../../electron/model/fleet/task-schema';
import { inCluster, slurmMissing, startSlurmCluster, type SlurmCluster } from './slurm-cluster';

const CLI = resolve('dist/cli.js');
const missing = slurmMissing() ?? (existsSync(CLI) ? null : 'dist/cli.js is not built (npm run build:cli)');
if (missing) console.warn(`fleet Slurm integration test skipped: ${missing}`);

describe.skipIf(missing !== null)(
  `fleet on a real Slurm cluster${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let dir: string;
    let cluster: SlurmCluster;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'sb-slurm-'));
      cluster = await startSlurmCluster(join(dir, 'cluster'));
    }, 90_000);
    afterAll(async () => {
      await cluster?.stop();
      await rm(dir, { recursive: true, force: true, maxRetries: 3 });
    }, 60_000);

    it('sbatch runs one task per GPU; each writes its no-GPU record; the merge reports every reason', async () => {
      const results = join(dir, 'results');
      const cli = `${process.execPath} ${CLI}`;
      const gen = inCluster(
        cluster,
        process.execPath,
        [
          CLI,
          'fleet',
          'slurm',
          '--results',
          results,
          '--nodes',
          '1',
          '--gpus-per-node',
          '2',
          '--cli',
          cli,
          '--time',
          '00:05:00',
          '--out',
          join(dir, 'job.sbatch'),
        ],
        dir,
      );
      expect(gen.status, gen.output).toBe(0);
      const job = inCluster(cluster, 'sbatch', ['--wait', '--parsable', join(dir, 'job.sbatch')], dir);
      // Every task exits 3 (no GPU), so the job fails; what matters is what the tasks wrote.
      const jobId = /^(\d+)/.exec(job.output)?.[1];
      expect(jobId, job.output).toBeDefined();
      const folders = (await readdir(results)).sort();
      expect(folders).toHaveLength(2);
      for (const [i, folder] of folders.entries()) {
        const record = TaskRecordSchema.parse(
          JSON.parse(await readFile(join(results, folder, 'task.json'), 'utf8')),
        );
        expect(record.job).toMatchObject({ engine: 'slurm', jobId, taskIndex: i });
        expect(record.status).toBe('failed');
        expect(record.runs.every((r) => r.exitCode === 3)).toBe(true);
      }
      const log = await readFile(join(dir, `syncbench-fleet-${jobId}.out`), 'utf8');
      expect(log).toMatch(/task record .*task\.json \(failed: /);

      const merged = inCluster(
        cluster,
        process.execPath,
        [CLI, 'fleet', 'merge', results, '--out', join(dir, 'fleet.json'), '--fail-on-outliers'],
        dir,
      );
      expect(merged.status, merged.output).toBe(6);
      const fleet = FleetFileSchema.parse(JSON.parse(await readFile(join(dir, 'fleet.json'), 'utf8')));
      expect(fleet.counts).toMatchObject({ tasks: 2, results: 0 });
      for (const folder of folders) {
        const first = fleet.failures.find((f) => f.file === `${folder}/task.json` && f.mode === 'warp');
        expect(first?.reason).toMatch(/GPU|addon|driver/i);
        expect(first?.job?.jobId).toBe(jobId);
      }
      expect(fleet.failures).toHaveLength(16); // 8 modes × 2 tasks, each with its reason
      expect(fleet.rerun).toHaveLength(2);
      expect(merged.output).toMatch(/## Failures \(16\)/);
    }, 300_000);
  },
);
