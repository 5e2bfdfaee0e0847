import { fileURLToPath } from 'node:url';

import { afterEach, describe, expect, it, vi } from 'vitest';

import { medianCiRankTable } from '../../../electron/model/measure/stats';

import type { NativePointSpec, NativeRunEvent } from '../../../electron/model/native/addon-types';
import type { SupervisedBackend, WorkerCrash } from '../../../electron/core/service/ports';
import { HOST_TEXT_EN } from '../../../electron/model/words/en/host';
import { renderText, word } from '../../../electron/model/words/host-text';
import { createWorkerBackend, type WorkerBackendOptions } from '../../../electron/worker/worker-backend';
import { nodeForkWorker } from '../../../electron/worker/worker-process';

const FAKE_HOST = fileURLToPath(new URL('./fixtures/fake-host.ts', import.meta.url));

/** A backend whose n-th process runs the fake host in `modes[n]` ('ok' after the list). */
function backendWith(modes: string[], opts: Partial<WorkerBackendOptions> = {}) {
  let forks = 0;
  const backend = createWorkerBackend({
    fork: () => {
      const mode = modes[forks++] ?? 'ok';
      return nodeForkWorker(FAKE_HOST, {
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, FAKE_HOST_MODE: mode },
      })();
    },
    ...opts,
  });
  const crashes: WorkerCrash[] = [];
  backend.onCrash((c) => crashes.push(c));
  return { backend, crashes, forks: () => forks };
}

function spec(maxTimeMs = 10): NativePointSpec {
  return {
    device: 0,
    workload: 'block_sync',
    param: 1,
    baseline: null,
    unitsPerIter: 1,
    launch: {
      gridBlocks: 1,
      threadsPerBlock: 32,
      clusterSize: 0,
      clusterAttribute: false,
      dynamicSmemBytes: 0,
    },
    itersLo: 128,
    itersHi: 256,
    warmup: 1,
    minReps: 1,
    maxReps: 10,
    minTimeMs: 0,
    maxTimeMs,
    targetRelCi: 0.01,
    ciLoRanks: medianCiRankTable(10),
  };
}

async function pidOf(backend: SupervisedBackend): Promise<string> {
  return (await backend.workloads())[0]!.id;
}

let open: SupervisedBackend[] = [];
afterEach(async () => {
  await Promise.all(open.map((b) => b.dispose()));
  open = [];
});
function track<T extends { backend: SupervisedBackend }>(x: T): T {
  open.push(x.backend);
  return x;
}

describe('worker backend over a real child process', () => {
  it('forwards calls and their answers', async () => {
    const { backend } = track(backendWith(['ok']));
    expect(await backend.addonStatus()).toMatchObject({ loaded: true, cudaRuntimeBuild: '13.0' });
    expect(await backend.queryDevices()).toMatchObject({ available: false, reason: 'fake' });
    const occ = await backend.occupancy({
      device: 0,
      workload: 'grid_sync',
      threadsPerBlock: 256,
      dynamicSmemBytes: 0,
    });
    expect(occ.coResidentBlocks).toBe(264 + 256);
  });

  it('streams run events in order and completes', async () => {
    const { backend } = track(backendWith(['ok']));
    const events: NativeRunEvent[] = [];
    const handle = backend.startRun([spec(), spec(), spec(), spec()], (e) => events.push(e));
    expect(await handle.done).toEqual({ status: 'complete', pointsDone: 4 });
    expect(events.map((e) => `${e.type}:${e.index}`)).toEqual([
      'point-start:0',
      'point:0',
      'point-start:1',
      'point:1',
      'point-start:2',
      'point:2',
      'point-start:3',
      'point:3',
    ]);
  });

  it('cancels a run between points', async () => {
    const { backend } = track(backendWith(['ok']));
    const handle = backend.startRun(
      Array.from({ length: 200 }, () => spec()),
      () => undefined,
    );
    handle.cancel();
    const done = await handle.done;
    expect(done.status).toBe('cancelled');
    expect(done.pointsDone).toBeLessThan(200);
  });

  it('kills a run that stops reporting (watchdog), restarts the process, and the next run works', async () => {
    const { backend, crashes } = track(backendWith(['hang-run', 'ok'], { watchdogMs: 300 }));
    const first = await pidOf(backend);
    const events: NativeRunEvent[] = [];
    const started = Date.now();
    const handle = backend.startRun([spec(), spec(), spec(), spec()], (e) => events.push(e));
    await expect(handle.done).rejects.toMatchObject({ code: 'WORKER_CRASHED' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(events.filter((e) => e.type === 'point')).toHaveLength(2);
    expect(crashes).toHaveLength(1);
    expect(crashes[0]!.message).toMatch(/stopped reporting for .* s during a run.*restarted/);
    // The crash carries its code, whose English is the message word for word.
    expect(crashes[0]!.text).toMatchObject({
      code: 'worker.crashedRestarted',
      params: { reason: { code: 'worker.silent' } },
    });
    expect(renderText(crashes[0]!.text!, HOST_TEXT_EN)).toBe(crashes[0]!.message);
    const second = await pidOf(backend);
    expect(second).not.toBe(first);
    const again = backend.startRun([spec(), spec(), spec()], () => undefined);
    expect((await again.done).status).toBe('complete');
  });

  it('kills a run that ignores Cancel once the grace period is over; the next run works', async () => {
    const { backend, crashes } = track(backendWith(['hang-run', 'ok'], { cancelGraceMs: 300 }));
    const events: NativeRunEvent[] = [];
    const handle = backend.startRun([spec(), spec(), spec(), spec()], (e) => events.push(e));
    await vi.waitFor(() => expect(events.filter((e) => e.type === 'point')).toHaveLength(2), {
      timeout: 10_000,
    });
    const cancelledAt = Date.now();
    handle.cancel();
    await expect(handle.done).rejects.toMatchObject({
      code: 'WORKER_CRASHED',
      message: expect.stringMatching(/did not stop within 0\.3 s of Cancel .*killed; it was restarted/),
    });
    const tookMs = Date.now() - cancelledAt;
    expect(tookMs).toBeGreaterThanOrEqual(290);
    expect(tookMs).toBeLessThan(3_000);
    expect(crashes).toHaveLength(1);
    expect((await backend.startRun([spec()], () => undefined).done).status).toBe('complete');
  });

  it('allows a run its per-point time limit on top of the watchdog', async () => {
    const { backend } = track(backendWith(['hang-run'], { watchdogMs: 100 }));
    const handle = backend.startRun([spec(400), spec(400), spec(400)], () => undefined);
    const started = Date.now();
    await expect(handle.done).rejects.toMatchObject({ code: 'WORKER_CRASHED' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  });

  it.each([
    ['crash-run', /exited unexpectedly \(code 3\).*restarted/],
    ['kill-run', /killed by signal SIGKILL.*restarted/],
  ])(
    'fails the run with WORKER_CRASHED when the process dies (%s) and restarts it',
    async (mode, message) => {
      const { backend, crashes, forks } = track(backendWith([mode, 'ok']));
      const handle = backend.startRun([spec(), spec(), spec(), spec()], () => undefined);
      await expect(handle.done).rejects.toMatchObject({
        code: 'WORKER_CRASHED',
        message: expect.stringMatching(message),
      });
      expect(crashes).toHaveLength(1);
      expect(forks()).toBe(2);
      expect(await backend.addonStatus()).toMatchObject({ loaded: true });
    },
  );

  it('ends a process whose call never returns', async () => {
    const { backend, crashes } = track(backendWith(['hang-call', 'ok'], { callTimeoutMs: 300 }));
    await expect(backend.queryDevices()).rejects.toMatchObject({
      code: 'WORKER_CRASHED',
      message: expect.stringContaining('did not answer queryDevices within'),
    });
    expect(crashes).toHaveLength(1);
    expect(await backend.queryDevices()).toMatchObject({ available: false });
  });

  it('keeps the addon error fields of a sticky CUDA error, and restart() gives a fresh process', async () => {
    const { backend } = track(backendWith(['sticky', 'ok']));
    const first = await pidOf(backend);
    const handle = backend.startRun([spec(), spec(), spec()], () => undefined);
    await expect(handle.done).rejects.toMatchObject({
      code: 'SB_CUDA',
      sticky: true,
      cudaError: 'cudaErrorIllegalAddress',
      point: 2,
      message: 'an illegal memory access was encountered',
    });
    await backend.restart(word('run.stickyRestart'));
    expect(await pidOf(backend)).not.toBe(first);
  });

  it('reports a process that cannot start as an unloaded addon, without a restart loop', async () => {
    const { backend, forks } = track(backendWith(['exit-at-start', 'exit-at-start']));
    const status = await backend.addonStatus();
    expect(status.loaded).toBe(false);
    expect(status.reason).toBe(
      'The measuring process exited unexpectedly (code 7). The GPU cannot be used until it starts.',
    );
    expect(status.reasonText).toEqual(
      word('worker.noGpuUntilStarted', {
        reason: word('worker.crashed', { reason: word('worker.exited', { code: 7 }) }),
      }),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(forks()).toBe(1);
    await expect(backend.workloads()).rejects.toMatchObject({ code: 'WORKER_CRASHED' });
    expect(forks()).toBe(2);
  });

  it('fails what is in flight when disposed, and refuses later calls', async () => {
    const { backend, crashes } = track(backendWith(['hang-run']));
    const handle = backend.startRun([spec(), spec(), spec()], () => undefined);
    await new Promise((r) => setTimeout(r, 500));
    await backend.dispose();
    await expect(handle.done).rejects.toMatchObject({ code: 'WORKER_CRASHED' });
    await expect(backend.workloads()).rejects.toMatchObject({ code: 'WORKER_CRASHED' });
    expect(crashes).toHaveLength(0);
  });
});
