/**
 * The self-test's smoke check ("every workload launches") with a fake backend: multi-GPU workloads are not sent as
 * single-device points (the native side would refuse them: they take two devices), and the check says why they
 * were not run.
 */
import { describe, expect, it } from 'vitest';

import { toDevice } from '../../../electron/core/measure/provenance';
import type { NativeWorkloadInfo } from '../../../electron/model/native/addon-types';
import { workloadInfo } from '../helpers/workload-info';
import { chapterChecks } from '../../../electron/core/verify/chapter-checks';
import { fakeBackend, H200 } from '../helpers/fake-backend';

const workload = (id: string, devices: 1 | 2): NativeWorkloadInfo =>
  workloadInfo(id, {
    kernel: `sb_k_${id}`,
    family: devices === 2 ? 'multi_gpu' : 'block',
    minCc: 75,
    devices,
  });

describe('smoke check', () => {
  it('runs the single-device workloads only and names the multi-GPU ones it left to multi_gpu', async () => {
    const backend = fakeBackend();
    const list = [workload('syncthreads', 1), workload('peer_handoff', 2), workload('baseline', 1)];
    const smoke = chapterChecks(backend, toDevice(H200), list).find((c) => c.id === 'smoke')!;
    const outcome = await smoke.run({ keep: () => undefined });
    expect(backend.started[0]!.map((s) => s.workload)).toEqual(['syncthreads', 'baseline']);
    expect(outcome.ok).toBe(true);
    expect(outcome.detail).toBe('2/2 workloads ran; not run: peer_handoff (two GPUs: multi_gpu mode)');
  });
});
