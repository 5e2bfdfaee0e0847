/**
 * The supervisor's timings with fake timers: Cancel escalates to a kill after the grace period (and not before, nor
 * when the run stops in time), and repeated crashes back off instead of restarting at once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { NativePointSpec } from '../../../electron/model/native/addon-types';
import type { WorkerCrash } from '../../../electron/core/service/ports';
import { createWorkerBackend, MAX_BACKOFF_MS } from '../../../electron/worker/worker-backend';
import { fakeFork } from './fake-process';

const point = { maxTimeMs: 100 } as NativePointSpec;
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

async function runningBackend(
  opts: Parameters<typeof createWorkerBackend>[0] extends infer O ? Partial<O> : never,
) {
  const f = fakeFork();
  const backend = createWorkerBackend({ fork: f.fork, ...opts });
  const crashes: WorkerCrash[] = [];
  backend.onCrash((c) => crashes.push(c));
  const handle = backend.startRun([point, point], () => undefined);
  const settled = handle.done.then(
    (value) => ({ value, error: null }),
    (error: Error & { code?: string }) => ({ value: null, error }),
  );
  f.procs[0]!.ready();
  await flush();
  return { ...f, backend, crashes, handle, settled };
}

describe('Cancel escalates to a kill', () => {
  it('kills the process exactly when the grace period ends, says so, and starts a fresh one', async () => {
    const t = await runningBackend({ cancelGraceMs: 2_000 });
    t.handle.cancel();
    expect(t.procs[0]!.sent.map((m) => m.t)).toEqual(['run', 'cancel']);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(t.procs[0]!.kills).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.procs[0]!.kills).toBe(1);
    const { error } = await t.settled;
    expect(error).toMatchObject({ code: 'WORKER_CRASHED' });
    expect(error!.message).toBe(
      'The measuring process did not stop within 2 s of Cancel (the GPU was still busy), so it was killed; it was restarted.',
    );
    expect(t.crashes.map((c) => c.message)).toEqual([error!.message]);
    expect(t.procs).toHaveLength(2);
  });

  it('does not kill a run that stops within the grace period', async () => {
    const t = await runningBackend({ cancelGraceMs: 2_000 });
    t.handle.cancel();
    t.handle.cancel(); // a second click neither re-sends nor restarts the grace period
    await vi.advanceTimersByTimeAsync(1_500);
    t.procs[0]!.emit({ t: 'run-done', id: 1, ok: true, value: { status: 'cancelled', pointsDone: 1 } });
    expect(await t.settled).toEqual({ value: { status: 'cancelled', pointsDone: 1 }, error: null });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.procs[0]!.kills).toBe(0);
    expect(t.procs[0]!.sent.filter((m) => m.t === 'cancel')).toHaveLength(1);
  });

  it('starts the grace period when a run cancelled before it was sent reaches the process', async () => {
    const f = fakeFork();
    const backend = createWorkerBackend({ fork: f.fork, cancelGraceMs: 1_000 });
    const handle = backend.startRun([point], () => undefined);
    handle.cancel();
    const done = handle.done.catch((e: Error) => e);
    await vi.advanceTimersByTimeAsync(500);
    f.procs[0]!.ready();
    await flush();
    expect(f.procs[0]!.sent.map((m) => m.t)).toEqual(['run', 'cancel']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(f.procs[0]!.kills).toBe(1);
    expect(await done).toMatchObject({ code: 'WORKER_CRASHED' });
  });
});

describe('crash-loop back-off', () => {
  it('restarts at once twice, then waits 5 s, 10 s, … (capped), tells the listeners and the callers', async () => {
    const f = fakeFork();
    const backend = createWorkerBackend({
      fork: f.fork,
      crashLoopCount: 3,
      crashWindowMs: 60_000,
      crashBackoffMs: 5_000,
    });
    const crashes: string[] = [];
    backend.onCrash((c) => crashes.push(c.message));
    const crash = async () => {
      const p = f.procs.at(-1)!;
      p.ready();
      await flush();
      p.die({ code: 139, signal: null });
      await flush();
    };
    void backend.workloads().catch(() => undefined);
    await crash();
    await crash();
    expect(f.procs).toHaveLength(3);
    expect(crashes[1]).toBe('The measuring process exited unexpectedly (code 139); it was restarted.');

    await crash();
    expect(crashes[2]).toBe(
      'The measuring process exited unexpectedly (code 139); it crashed 3 times within 60 s, so it is restarted in 5 s instead of at once.',
    );
    expect(f.procs).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(backend.workloads()).rejects.toThrow('crashed 3 times within 60 s; it is restarted in 3 s.');
    expect((await backend.addonStatus()).reason).toMatch(/restarted in 3 s/);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(f.procs).toHaveLength(4);

    await crash();
    expect(crashes[3]).toMatch(/crashed 4 times within 60 s, so it is restarted in 10 s/);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(f.procs).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.procs).toHaveLength(5);
    await backend.dispose();
  });

  it('never waits longer than the cap, and forgets crashes older than the window', async () => {
    const f = fakeFork();
    const backend = createWorkerBackend({
      fork: f.fork,
      crashLoopCount: 1,
      crashBackoffMs: 40_000,
      crashWindowMs: 200_000,
    });
    const crashes: string[] = [];
    backend.onCrash((c) => crashes.push(c.message));
    void backend.workloads().catch(() => undefined);
    for (let i = 0; i < 3; i++) {
      f.procs.at(-1)!.ready();
      await flush();
      f.procs.at(-1)!.die({ code: null, signal: 'SIGSEGV' });
      await vi.advanceTimersByTimeAsync(MAX_BACKOFF_MS);
    }
    expect(crashes.map((m) => /restarted in (\d+) s/.exec(m)?.[1])).toEqual(['40', '60', '60']);
    expect(crashes[0]).toMatch(/^The measuring process was killed by signal SIGSEGV/);
    await vi.advanceTimersByTimeAsync(200_000);
    const two = createWorkerBackend({ fork: f.fork, crashLoopCount: 2, crashWindowMs: 1_000 });
    const later: string[] = [];
    two.onCrash((c) => later.push(c.message));
    void two.workloads().catch(() => undefined);
    for (let i = 0; i < 2; i++) {
      f.procs.at(-1)!.ready();
      await flush();
      f.procs.at(-1)!.die({ code: 1, signal: null });
      await vi.advanceTimersByTimeAsync(1_500);
    }
    expect(later.every((m) => m.endsWith('it was restarted.'))).toBe(true);
    await Promise.all([backend.dispose(), two.dispose()]);
  });
});
