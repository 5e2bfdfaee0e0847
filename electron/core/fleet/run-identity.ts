/**
 * Where a result ran, as the fleet file names it (docs/fleet.md#the-fleet-file): the GPU (UUID from the task record,
 * else host and PCI bus id from the result's provenance), its node, model and driver; and the failures a task record
 * or a failed result stands for.
 */
import type { FleetFailure, FleetRun } from '../../model/fleet/fleet-schema';
import type { RunPoint } from '../../model/fleet/merge';
import type { TaskRecord } from '../../model/fleet/task-schema';
import type { ResultFile } from '../../model/results/schema';

/** "580.159.04 (supports CUDA 13.0)" → "580.159.04": the driver as nvidia-smi names it. */
export function driverOf(driverVersion: string): string {
  return (driverVersion.split(' (')[0] ?? '').trim() || 'unknown driver';
}

/** A PCI bus id in CUDA's spelling ("0000:18:00.0"): nvidia-smi's 8-digit domain cut to 4, hex upper case. */
export function pciBusIdOf(id: string): string {
  const m = /^([0-9a-fA-F]+):(.*)$/.exec(id.trim());
  return m ? `${(m[1] as string).slice(-4).padStart(4, '0')}:${m[2] as string}`.toUpperCase() : id.trim();
}

/**
 * The GPU's name in the fleet: `host/pciBusId` (one slot of one node, stable across days and the same for files
 * with and without a task record), else the UUID, else `host/gpuN`.
 */
export function gpuIdOf(node: string, uuid: string | null, pciBusId: string | null, ordinal: number): string {
  if (pciBusId) return `${node}/${pciBusIdOf(pciBusId)}`;
  return uuid ?? `${node}/gpu${ordinal}`;
}

/**
 * The run a result file stands for, its points reduced to per-sync medians (ns), or the failure it reports
 * (status failed or cancelled). `task`: the task record of the result's folder, if any.
 */
export function runOf(
  result: ResultFile,
  file: string,
  task: TaskRecord | null,
): { run: FleetRun; points: RunPoint[]; failure: FleetFailure | null } {
  const p = result.provenance;
  const node = task?.hostname ?? p.host.hostname;
  const snapshot = task?.gpuBefore ?? null;
  const uuid = snapshot?.uuid ?? null;
  const busId = p.device?.pciBusId ?? snapshot?.pciBusId ?? null;
  const pciBusId = busId === null ? null : pciBusIdOf(busId);
  const gpu = gpuIdOf(node, uuid, pciBusId, p.device?.ordinal ?? 0);
  const run: FleetRun = {
    file,
    gpu,
    node,
    model: p.device?.name ?? snapshot?.name ?? 'unknown GPU',
    driver: snapshot?.driverVersion ?? driverOf(p.driverVersion),
    uuid,
    pciBusId,
    mode: result.plan.mode,
    createdAt: result.createdAt,
    job: task?.job ?? null,
    synthetic: (task?.synthetic ?? false) || p.app.commit === 'synthetic',
  };
  const points: RunPoint[] = result.points
    .filter((pt) => pt.perSyncNs !== null)
    .map((pt) => ({
      series: pt.series,
      label: pt.label,
      variant: pt.timing.unroll > 0 ? `${pt.timing.body} ×${pt.timing.unroll}` : pt.timing.body,
      perSyncNs: pt.perSyncNs?.median ?? NaN,
    }));
  const failure: FleetFailure | null =
    result.status === 'complete'
      ? null
      : {
          node,
          gpu,
          job: run.job,
          mode: run.mode,
          file,
          reason: `${result.status}: ${result.error?.message ?? 'no reason recorded'}`,
        };
  return { run, points, failure };
}

/** The failures a task record reports: the task's own reason, or each mode that did not measure. */
export function taskFailures(task: TaskRecord, file: string): FleetFailure[] {
  const gpu = task.gpuBefore
    ? gpuIdOf(task.hostname, task.gpuBefore.uuid, task.gpuBefore.pciBusId, task.gpuOrdinal)
    : null;
  const base = { node: task.hostname, gpu, job: task.job, file };
  const failed = task.runs.filter((r) => r.reason !== null);
  if (task.status === 'failed' && failed.length === 0) {
    return [{ ...base, mode: null, reason: task.reason ?? 'failed, no reason recorded' }];
  }
  return failed.map((r) => ({ ...base, mode: r.mode, reason: r.reason ?? '' }));
}
