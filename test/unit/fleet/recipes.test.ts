/**
 * The job recipes: the sbatch script's directives, the Indexed Job checked against the Kubernetes batch/v1 Job
 * schema (test/fixtures/fleet/k8s-job-batch-v1.schema.json, from the Kubernetes v1.35.0 OpenAPI document, strict)
 * with ajv, and one task command for both engines.
 */
import { readFileSync } from 'node:fs';

import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';

import { k8sJob, type K8sOptions } from '../../../electron/core/fleet/k8s';
import { slurmScript, type SlurmOptions } from '../../../electron/core/fleet/slurm';
import { shellWord, taskCommand } from '../../../electron/core/fleet/task-command';

const schema = JSON.parse(readFileSync('test/fixtures/fleet/k8s-job-batch-v1.schema.json', 'utf8')) as object;
const validateJob = new Ajv({ strict: false, allErrors: true }).compile(schema);

const base = { cli: ['syncbench'], suite: 'chapter', resultsDir: '/shared/fleet run' };
const slurm: SlurmOptions = {
  ...base,
  nodes: 4,
  gpusPerNode: 8,
  staggered: false,
  parallel: 1,
  timeLimit: '01:00:00',
  jobName: 'syncbench-fleet',
};
const k8s: K8sOptions = {
  ...base,
  resultsDir: '/results',
  completions: 16,
  parallelism: 4,
  image: 'registry.example/syncbench:0.1.0',
  volumeClaim: 'fleet-results',
  jobName: 'syncbench-fleet',
};

interface Container {
  command: string[];
  args: string[];
  resources: { limits: Record<string, number> };
  volumeMounts: { name: string; mountPath: string }[];
}
/** The parts of the generated Job the tests read. */
interface JobShape {
  spec: {
    completionMode: string;
    completions: number;
    parallelism: number;
    template: { spec: { containers: Container[]; volumes: unknown[] } };
  };
}
const asJob = (job: unknown): JobShape => job as JobShape;

/** The words of a shell line written with shellWord (plain words and single-quoted ones). */
function words(line: string): string[] {
  return [...line.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map((m) =>
    m[1] !== undefined ? m[1].replace(/'\\''/g, "'") : (m[2] as string),
  );
}

describe('fleet slurm', () => {
  it('one step, one task per GPU: srun --ntasks-per-node=G --gpus-per-task=1 over N nodes', () => {
    const script = slurmScript(slurm);
    expect(script.startsWith('#!/bin/bash\n')).toBe(true);
    expect(script).toMatch(/^#SBATCH --nodes=4$/m);
    expect(script).toMatch(/^#SBATCH --ntasks-per-node=8$/m);
    expect(script).toMatch(/^#SBATCH --gpus-per-task=1$/m);
    expect(script).toMatch(/^mkdir -p '\/shared\/fleet run'$/m);
    expect(script).toMatch(/^#SBATCH --output=syncbench-fleet-%j\.out$/m);
    expect(script).toMatch(
      /^srun --nodes=4 --ntasks-per-node=8 --gpus-per-task=1 --kill-on-bad-exit=0 syncbench /m,
    );
    expect(script).not.toMatch(/--array/);
  });

  it('staggered: a job array of N×G one-GPU tasks, at most k at once', () => {
    const script = slurmScript({ ...slurm, staggered: true, parallel: 3 });
    expect(script).toMatch(/^#SBATCH --array=0-31%3$/m);
    expect(script).toMatch(/^#SBATCH --ntasks=1$/m);
    expect(script).toMatch(/^srun --ntasks=1 --gpus-per-task=1 syncbench /m);
  });

  it('refuses counts below 1', () => {
    expect(() => slurmScript({ ...slurm, gpusPerNode: 0 })).toThrow(
      /--gpus-per-node must be a whole number ≥ 1, got 0/,
    );
  });
});

describe('fleet k8s', () => {
  it('is a valid batch/v1 Job: Indexed, one nvidia.com/gpu per pod, results on the named claim', () => {
    const job = k8sJob(k8s);
    const ok = validateJob(job);
    expect(validateJob.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
    const spec = asJob(job).spec;
    expect(spec).toMatchObject({ completionMode: 'Indexed', completions: 16, parallelism: 4 });
    const pod = spec.template.spec;
    const container = pod.containers[0] as Container;
    expect(container.resources.limits).toEqual({ 'nvidia.com/gpu': 1 });
    expect(pod.volumes[0]).toEqual({
      name: 'results',
      persistentVolumeClaim: { claimName: 'fleet-results' },
    });
    expect(container.volumeMounts[0]).toEqual({ name: 'results', mountPath: '/results' });
  });

  it('the schema check can fail: a misspelt field and a wrong type are refused', () => {
    const job = asJob(k8sJob(k8s));
    expect(validateJob({ ...job, spec: { ...job.spec, completionMod: 'Indexed' } })).toBe(false);
    expect(JSON.stringify(validateJob.errors)).toMatch(/additionalProperties/);
    expect(validateJob({ ...job, spec: { ...job.spec, completions: 'sixteen' } })).toBe(false);
  });

  it('refuses a claim name that is not a DNS label', () => {
    expect(() => k8sJob({ ...k8s, volumeClaim: 'Fleet_Results' })).toThrow(/--volume must be a DNS label/);
  });
});

describe('one task command for both engines', () => {
  it("srun's command and the container's command + args are the same words", () => {
    const options = { ...base, resultsDir: '/results', runArgs: ['--max-time-ms', '2000'] };
    const srunLine = slurmScript({ ...slurm, ...options })
      .split('\n')
      .find((l) => l.startsWith('srun ')) as string;
    const fromSlurm = words(srunLine).slice(words(srunLine).indexOf('syncbench'));
    const container = asJob(k8sJob({ ...k8s, ...options })).spec.template.spec.containers[0] as Container;
    expect(fromSlurm).toEqual([...container.command, ...container.args]);
    expect(fromSlurm).toEqual(taskCommand(options));
    expect(fromSlurm.slice(1, 3)).toEqual(['fleet', 'task']);
  });

  it('quotes words a shell would split or expand', () => {
    expect(shellWord('/a b/$HOME')).toBe("'/a b/$HOME'");
    expect(shellWord("it's")).toBe("'it'\\''s'");
    expect(shellWord('/plain/path-1.2')).toBe('/plain/path-1.2');
  });
});
