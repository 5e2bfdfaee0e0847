/**
 * Which engine started this task and its ids, from the environment each engine sets (docs/fleet.md#the-task):
 * Slurm's SLURM_JOB_ID, SLURM_PROCID, SLURM_LOCALID and SLURM_ARRAY_TASK_ID (a job array's task also has
 * SLURM_ARRAY_JOB_ID, which names the whole array); Kubernetes' JOB_COMPLETION_INDEX (an Indexed Job's pod) with the
 * job name the recipe passes as SYNCBENCH_JOB_NAME.
 */
import type { JobIdentity } from '../../model/fleet/task-schema';

function index(value: string | undefined): number | null {
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : null;
}

/** The job identity `env` describes (engine `none` when neither Slurm's nor Kubernetes' variables are set). */
export function jobIdentity(env: NodeJS.ProcessEnv = process.env): JobIdentity {
  if (env.SLURM_JOB_ID) {
    return {
      engine: 'slurm',
      jobId: env.SLURM_ARRAY_JOB_ID ?? env.SLURM_JOB_ID,
      taskIndex: index(env.SLURM_PROCID),
      arrayTaskId: index(env.SLURM_ARRAY_TASK_ID),
      localIndex: index(env.SLURM_LOCALID),
    };
  }
  if (env.JOB_COMPLETION_INDEX !== undefined) {
    return {
      engine: 'kubernetes',
      jobId: env.SYNCBENCH_JOB_NAME ?? null,
      taskIndex: index(env.JOB_COMPLETION_INDEX),
      arrayTaskId: null,
      localIndex: null,
    };
  }
  return { engine: 'none', jobId: null, taskIndex: null, arrayTaskId: null, localIndex: null };
}

/** A folder name for the task's files: `<host>-<job>-<task>` (array tasks: `<host>-<job>_<array>-<task>`). */
export function taskFolderName(hostname: string, job: JobIdentity, startedAt: Date): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, '_');
  if (job.engine === 'none') return safe(`${hostname}-${startedAt.toISOString().replace(/[:.]/g, '')}`);
  const array = job.arrayTaskId === null ? '' : `_${job.arrayTaskId}`;
  return safe(`${hostname}-${job.jobId ?? 'job'}${array}-${job.taskIndex ?? 0}`);
}
