/**
 * Takes the GPU for a run the way the request asks (RunRequest.gpuAccess; docs/methods.md#a-shared-gpu): `wait`
 * takes the per-GPU lock (gpu-lock.ts), waiting for the product's other measuring process; `exclusive` also waits
 * until NVML lists no other compute process; `shared` takes nothing. Refusals are PlanError INVALID on the
 * `gpuAccess` field (the CLI's exit 2), naming the holder's pid or the processes.
 */
import type { RunRequest } from '../../contract';
import type { Device } from '../../model/results/schema';
import { word } from '../../model/words/host-text';
import type { MeasureBackend } from '../../model/measure/backend';
import { lockDir, takeGpuLock, waitingPids } from './gpu-lock';
import { mergeProcesses, othersOf, processesText } from './gpu-sharing';
import { PlanError } from '../../model/modes/plan-error';

/** Default wait before refusing, s. */
export const DEFAULT_GPU_WAIT_S = 60;
/** The longest wait for the GPU a request may ask for, s (an hour; the API and the CLI check it). */
export const MAX_GPU_WAIT_S = 3600;
const POLL_MS = 500;

/** What a waiting run reports, about once a second. */
export interface GpuWait {
  /** `lock`: another product process holds the GPU; `processes`: other compute processes are on it. */
  reason: 'lock' | 'processes';
  holderPid: number | null;
  processes: string;
  waitedMs: number;
}

export interface GpuHold {
  access: NonNullable<RunRequest['gpuAccess']>;
  waitedMs: number;
  /** The product's other processes waiting for this GPU now (gpu-lock.ts waitingPids). */
  waiters(): number[];
  release(): Promise<void>;
}

/**
 * @param lockDirOverride the lock folder (tests); default gpu-lock.ts lockDir()
 * @throws PlanError INVALID (`gpuAccess`) when the wait runs out or --exclusive cannot see the processes
 */
export async function takeGpu(
  req: Pick<RunRequest, 'gpuAccess' | 'gpuWaitS'>,
  backend: MeasureBackend,
  device: Device,
  onWait: (w: GpuWait) => void = () => {},
  lockDirOverride?: string,
): Promise<GpuHold> {
  const access = req.gpuAccess ?? 'wait';
  const waitS = req.gpuWaitS ?? DEFAULT_GPU_WAIT_S;
  const gpu = device.pciBusId ?? String(device.ordinal);
  const dir = lockDirOverride ?? lockDir();
  const waiters = () => waitingPids(device, dir);
  if (access === 'shared') return { access, waitedMs: 0, waiters, release: async () => {} };
  const started = Date.now();
  const lock = await takeGpuLock(
    device,
    waitS * 1000,
    (holderPid, waitedMs) => onWait({ reason: 'lock', holderPid, processes: '', waitedMs }),
    dir,
  );
  if ('busy' in lock) {
    throw PlanError.fields({
      gpuAccess: word('plan.gpuLocked', { pid: lock.busy ?? '?', gpu, seconds: waitS }),
    });
  }
  if (access === 'exclusive') {
    try {
      await waitUntilFree(backend, device, gpu, started + waitS * 1000, waitS, onWait, started);
    } catch (err) {
      await lock.release();
      throw err;
    }
  }
  return { access, waitedMs: Date.now() - started, waiters, release: lock.release };
}

async function waitUntilFree(
  backend: MeasureBackend,
  device: Device,
  gpu: string,
  deadline: number,
  waitS: number,
  onWait: (w: GpuWait) => void,
  started: number,
): Promise<void> {
  if (!device.pciBusId) {
    throw PlanError.fields({ gpuAccess: word('plan.gpuUnknown', { gpu, reason: 'no PCI bus id' }) });
  }
  let lastSaid = -Infinity;
  for (;;) {
    const list = await backend.gpuProcesses(device.pciBusId);
    const { shared, others } = othersOf(list);
    if (shared === null) {
      throw PlanError.fields({ gpuAccess: word('plan.gpuUnknown', { gpu, reason: 'NVML absent' }) });
    }
    if (!shared) return;
    const processes = processesText(mergeProcesses([others]));
    const now = Date.now();
    if (now >= deadline) {
      throw PlanError.fields({ gpuAccess: word('plan.gpuNotFree', { gpu, seconds: waitS, processes }) });
    }
    if (now - lastSaid >= 1000) {
      onWait({ reason: 'processes', holderPid: null, processes, waitedMs: now - started });
      lastSaid = now;
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
