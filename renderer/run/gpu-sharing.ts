/**
 * What a run says about a shared GPU (docs/methods.md#a-shared-gpu): a finished result with shared points names the
 * processes from its `gpuSharing`; a live run counts its flagged points (the processes come with the result); NVML
 * absent reads "unknown", never "not shared". Published figures and old files (`gpuSharing` null) say nothing.
 */
import type { GpuProcess, GpuSharing, Point } from '../../electron/model/results/schema';

export type SharingNotice =
  | { kind: 'shared'; processes: readonly GpuProcess[]; flagged: number; total: number }
  | { kind: 'sharedLive'; flagged: number; total: number }
  | { kind: 'unknown'; why: string | null };

/**
 * The notice for a run's points, or null when there is nothing to say (not shared, or not known to matter).
 * @param sharing the result's record; undefined while a measured run streams (its points carry `gpuShared`)
 */
export function sharingNotice(
  points: readonly Pick<Point, 'gpuShared'>[],
  sharing: GpuSharing | null | undefined,
): SharingNotice | null {
  const flagged = points.filter((p) => p.gpuShared === true).length;
  const total = points.length;
  if (sharing === undefined) {
    if (flagged > 0) return { kind: 'sharedLive', flagged, total };
    return total > 0 && points.every((p) => p.gpuShared === null) ? { kind: 'unknown', why: null } : null;
  }
  if (!sharing) return null;
  if (sharing.processes.length > 0) return { kind: 'shared', processes: sharing.processes, flagged, total };
  return sharing.known ? null : { kind: 'unknown', why: sharing.unknownReason };
}

/** "1234 python3 (2.1 GiB), 5678 (unnamed)": the processes as a person reads them, GiB with one decimal. */
export function processesText(
  processes: readonly GpuProcess[],
  unnamed: string,
  decimal: (n: number) => string,
): string {
  return processes
    .map((p) => {
      const mem = p.usedMemoryBytes !== null ? ` (${decimal(p.usedMemoryBytes / 2 ** 30)} GiB)` : '';
      return `${p.pid} ${p.name || unnamed}${mem}`;
    })
    .join(', ');
}
