/**
 * What the CLI says about a shared GPU (docs/methods.md#a-shared-gpu): a line per second while a run waits for the
 * GPU, and after the run whom the GPU was shared with, or that it is unknown.
 */
import type { GpuWait } from '../core/measure/gpu-access';
import { processesText } from '../core/measure/gpu-sharing';
import type { ResultFile } from '../model/results/schema';

/** "waiting for GPU: syncbench pid 1234 is measuring on it (3 s)". */
export function gpuWaitLine(w: GpuWait): string {
  const s = Math.round(w.waitedMs / 1000);
  return w.reason === 'lock'
    ? `waiting for the GPU: another syncbench process (pid ${w.holderPid ?? '?'}) is measuring on it (${s} s)`
    : `waiting for the GPU to be free (--exclusive): ${w.processes} (${s} s)`;
}

/** The summary line of a result's GPU sharing, ending in a newline. */
export function sharingLine(result: ResultFile): string {
  const s = result.gpuSharing;
  if (!s) return '';
  const flagged = result.points.filter((p) => p.gpuShared).length;
  if (s.processes.length > 0) {
    return (
      `SHARED GPU: ${flagged} of ${result.points.length} point(s) measured while other compute processes were ` +
      `on the GPU: ${processesText(s.processes)}\n`
    );
  }
  if (!s.known) return `GPU sharing unknown: ${s.unknownReason ?? 'NVML did not list the processes'}\n`;
  return `GPU not shared: no other compute process before or after any point (${s.access})\n`;
}
