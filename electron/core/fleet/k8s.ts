/**
 * `syncbench fleet k8s`'s recipe (docs/fleet.md#kubernetes): an Indexed Job (`completionMode: Indexed`) of
 * `completions` pods, each requesting one `nvidia.com/gpu` through the NVIDIA device plugin, running the task with
 * the results on a PersistentVolumeClaim the user names. The pod's index reaches the task as JOB_COMPLETION_INDEX.
 */
import { taskCommand, type RecipeOptions } from './task-command';

export interface K8sOptions extends RecipeOptions {
  /** How many GPUs (pods) in all. */
  completions: number;
  /** How many run at once. */
  parallelism: number;
  image: string;
  /** The PersistentVolumeClaim mounted at `resultsDir`. */
  volumeClaim: string;
  jobName: string;
  namespace?: string;
}

/** The `app` label of the Job and its pods: how `fleet merge` knows a Job manifest as a fleet output (fleet-output.ts). */
export const K8S_APP_LABEL = 'syncbench-fleet';

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/**
 * The batch/v1 Job as an object (written as JSON, which kubectl reads as it reads YAML).
 * @throws RangeError when a count is not a whole number ≥ 1 or a name is not a DNS label.
 */
export function k8sJob(o: K8sOptions): Record<string, unknown> {
  for (const [name, v] of [
    ['--gpus', o.completions],
    ['--parallel', o.parallelism],
  ] as const) {
    if (!Number.isInteger(v) || v < 1) throw new RangeError(`${name} must be a whole number ≥ 1, got ${v}`);
  }
  for (const [name, v] of [
    ['--job-name', o.jobName],
    ['--volume', o.volumeClaim],
  ] as const) {
    if (!DNS_LABEL.test(v) || v.length > 63) {
      throw new RangeError(
        `${name} must be a DNS label (lower-case letters, digits, '-', at most 63), got "${v}"`,
      );
    }
  }
  const [command, ...args] = taskCommand(o);
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      name: o.jobName,
      ...(o.namespace ? { namespace: o.namespace } : {}),
      labels: { app: K8S_APP_LABEL },
    },
    spec: {
      completionMode: 'Indexed',
      completions: o.completions,
      parallelism: Math.min(o.parallelism, o.completions),
      // A failed index is recorded by its task record; retrying would only measure again what failed the same way.
      backoffLimitPerIndex: 0,
      template: {
        metadata: { labels: { app: K8S_APP_LABEL } },
        spec: {
          restartPolicy: 'Never',
          containers: [
            {
              name: 'task',
              image: o.image,
              command: [command],
              args,
              env: [{ name: 'SYNCBENCH_JOB_NAME', value: o.jobName }],
              resources: { limits: { 'nvidia.com/gpu': 1 } },
              volumeMounts: [{ name: 'results', mountPath: o.resultsDir }],
            },
          ],
          volumes: [{ name: 'results', persistentVolumeClaim: { claimName: o.volumeClaim } }],
        },
      },
    },
  };
}
