/**
 * Whom a GPU was shared with, from NVML's compute-process lists (docs/methods.md#a-shared-gpu): a point is shared
 * when another compute process was on its GPU just before or just after it; the result lists every such process.
 * NVML lists pids of the host's pid namespace: where this process's own pid is not among them (a container), the
 * one process that is this run cannot be told apart, so the GPU counts as shared from two processes on.
 */
import type { NativeGpuProcess, NativeGpuProcesses } from '../../model/native/addon-types';
import type { GpuProcess, GpuSharing } from '../../model/results/schema';

/** The processes of a list other than the one measuring, and whether the GPU was shared (null: unknown). */
export function othersOf(list: NativeGpuProcesses | null | undefined): {
  shared: boolean | null;
  others: NativeGpuProcess[];
} {
  if (!list) return { shared: null, others: [] };
  if (list.ownPidSeen) {
    const others = list.processes.filter((p) => p.pid !== list.ownPid);
    return { shared: others.length > 0, others };
  }
  // Another pid namespace: every process is listed, one of them is this run.
  return { shared: list.processes.length >= 2, others: list.processes.length >= 2 ? list.processes : [] };
}

/**
 * The list without the product's own processes that were waiting for the GPU's lock (`waiting` pids): they hold a
 * CUDA context but launch nothing. In another pid namespace (ownPidSeen false) pids cannot be matched, so the list
 * is kept as it is.
 * @returns the list to judge the point by, and the waiting pids that were in it
 */
export function withoutWaiters(
  list: NativeGpuProcesses | null | undefined,
  waiting: readonly number[],
): { list: NativeGpuProcesses | null | undefined; waited: number[] } {
  if (!list || !list.ownPidSeen || waiting.length === 0) return { list, waited: [] };
  const set = new Set(waiting);
  const waited = list.processes.filter((p) => set.has(p.pid)).map((p) => p.pid);
  return { list: { ...list, processes: list.processes.filter((p) => !set.has(p.pid)) }, waited };
}

/** Merges process lists by pid, keeping each process's largest memory figure. */
export function mergeProcesses(lists: readonly (readonly NativeGpuProcess[])[]): GpuProcess[] {
  const byPid = new Map<number, GpuProcess>();
  for (const p of lists.flat()) {
    const seen = byPid.get(p.pid);
    const used = Math.max(seen?.usedMemoryBytes ?? -1, p.usedMemoryBytes ?? -1);
    byPid.set(p.pid, {
      pid: p.pid,
      name: seen?.name || p.name,
      usedMemoryBytes: used >= 0 ? used : null,
    });
  }
  return [...byPid.values()].sort((a, b) => a.pid - b.pid);
}

/**
 * The result's sharing record from each measured point's NVML lists (`undefined`/null: unknown for that point).
 * @param access how the run took the GPU
 * @param lists one entry per measured point
 * @param waitedMs time spent waiting for the GPU before the first point
 */
export function sharingOf(
  access: GpuSharing['access'],
  lists: readonly (NativeGpuProcesses | null | undefined)[],
  waitedMs: number,
): GpuSharing {
  const known = lists.length > 0 && lists.every((l) => l != null);
  return {
    access,
    known,
    unknownReason: known
      ? null
      : lists.length === 0
        ? 'no point was measured'
        : 'NVML could not list the compute processes (libnvidia-ml absent, or its process query unavailable)',
    processes: mergeProcesses(lists.map((l) => othersOf(l).others)),
    waitedMs,
  };
}

/** "1234 python3 (2.1 GiB), 5678 (unnamed)": processes as a person reads them. */
export function processesText(processes: readonly GpuProcess[]): string {
  return processes
    .map((p) => {
      const mem = p.usedMemoryBytes !== null ? ` (${(p.usedMemoryBytes / 2 ** 30).toFixed(1)} GiB)` : '';
      return `${p.pid} ${p.name || '(unnamed)'}${mem}`;
    })
    .join(', ');
}
