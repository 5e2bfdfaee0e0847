import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { lockName, takeGpuLock, waitingPids } from '../../../electron/core/measure/gpu-lock';
import { withoutWaiters } from '../../../electron/core/measure/gpu-sharing';
import { PlanError } from '../../../electron/model/modes/plan-error';
import { startMeasuredRun } from '../../../electron/core/measure/run';
import { fakeBackend, H200, nvmlList } from '../helpers/fake-backend';

const python = { pid: 777, name: 'python3', usedMemoryBytes: 2 * 2 ** 30 };
const request = { mode: 'cluster', params: { clusterSizes: '2' } };

describe('a shared GPU is seen and said (fake NVML)', () => {
  it('flags points measured beside another compute process and names it on the result', async () => {
    const backend = fakeBackend({ gpuProcesses: () => nvmlList([python]) });
    const lockDir = mkdtempSync(path.join(tmpdir(), 'sb-lock-'));
    const run = await startMeasuredRun({ ...request }, backend, {}, { lockDir });
    const { result } = await run.done;
    expect(result.points.length).toBeGreaterThan(0);
    expect(result.points.every((p) => p.gpuShared === true)).toBe(true);
    expect(result.gpuSharing).toMatchObject({ access: 'wait', known: true });
    expect(result.gpuSharing!.processes).toEqual([python]);
  });

  it('does not flag its own process, and says "unknown" (null) without NVML', async () => {
    const alone = await startMeasuredRun(
      { ...request, gpuAccess: 'shared' },
      fakeBackend({ gpuProcesses: () => nvmlList([]) }),
    );
    const a = (await alone.done).result;
    expect(a.points.every((p) => p.gpuShared === false)).toBe(true);
    const blind = await startMeasuredRun({ ...request, gpuAccess: 'shared' }, fakeBackend());
    const b = (await blind.done).result;
    expect(b.points.every((p) => p.gpuShared === null)).toBe(true);
    expect(b.gpuSharing).toMatchObject({ known: false, processes: [] });
    expect(b.gpuSharing!.unknownReason).toMatch(/NVML/);
  });

  it('counts two processes of another pid namespace as shared (one of them is this run)', async () => {
    const backend = fakeBackend({ gpuProcesses: () => nvmlList([python, { pid: 9, name: '' }], false) });
    const { result } = await (await startMeasuredRun({ ...request, gpuAccess: 'shared' }, backend)).done;
    expect(result.points.every((p) => p.gpuShared === true)).toBe(true);
  });

  it('--exclusive waits for the GPU to be free, then refuses naming the process', async () => {
    const lockDir = mkdtempSync(path.join(tmpdir(), 'sb-lock-'));
    const busy = fakeBackend({ gpuProcesses: () => nvmlList([python]) });
    const refused = startMeasuredRun(
      { ...request, gpuAccess: 'exclusive', gpuWaitS: 0.6 },
      busy,
      {},
      { lockDir },
    );
    await expect(refused).rejects.toBeInstanceOf(PlanError);
    await expect(refused).rejects.toThrow(/gpuAccess: GPU .* not free .* 777 python3 \(2\.0 GiB\)/);
    expect(busy.started).toHaveLength(0);
    // Free after two queries: the run starts, unflagged.
    const freed = fakeBackend({ gpuProcesses: (call) => nvmlList(call < 2 ? [python] : []) });
    const run = await startMeasuredRun(
      { ...request, gpuAccess: 'exclusive', gpuWaitS: 5 },
      freed,
      {},
      { lockDir },
    );
    const { result } = await run.done;
    expect(result.points.every((p) => p.gpuShared === false)).toBe(true);
    expect(result.gpuSharing!.waitedMs).toBeGreaterThan(0);
  });
});

/** Runs test/unit/measure/fixtures/lock-holder.ts: takes the GPU lock, prints "locked", holds it `holdMs`. */
function holder(lockDir: string, holdMs: number) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures/lock-holder.ts'), lockDir, String(holdMs)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const locked = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => String(d).includes('locked') && resolve());
    child.on('exit', (code) => reject(new Error(`lock holder exited ${code}`)));
  });
  const exited = new Promise<number | null>((r) => child.on('exit', r));
  return { child, locked, exited };
}

describe('two product processes on one GPU (real processes, lock in a temp folder)', () => {
  it('the second waits for the first, naming its pid, then measures', async () => {
    const lockDir = mkdtempSync(path.join(tmpdir(), 'sb-lock-'));
    const first = holder(lockDir, 1500);
    await first.locked;
    const waits: (number | null)[] = [];
    const run = await startMeasuredRun(
      { ...request, gpuWaitS: 20 },
      fakeBackend(),
      { onGpuWait: (w) => waits.push(w.holderPid) },
      { lockDir },
    );
    expect(await first.exited).toBe(0);
    expect(waits).toContain(first.child.pid);
    const { result } = await run.done;
    expect(result.gpuSharing!.waitedMs).toBeGreaterThan(1000);
  }, 30_000);

  it('the second refuses after its wait, naming the holder; --shared measures beside it', async () => {
    const lockDir = mkdtempSync(path.join(tmpdir(), 'sb-lock-'));
    const first = holder(lockDir, 4000);
    await first.locked;
    const refused = startMeasuredRun({ ...request, gpuWaitS: 0.5 }, fakeBackend(), {}, { lockDir });
    await expect(refused).rejects.toThrow(new RegExp(`pid ${first.child.pid}\\) is measuring`));
    const beside = await startMeasuredRun(
      { ...request, gpuAccess: 'shared' },
      fakeBackend(),
      {},
      { lockDir },
    );
    expect((await beside.done).result.gpuSharing!.access).toBe('shared');
    first.child.kill();
    await first.exited;
  }, 30_000);
});

describe("the product's own waiting process is not a sharer", () => {
  it("a process waiting for the lock marks itself, and the holder leaves it out of the GPU's processes", async () => {
    const lockDir = mkdtempSync(path.join(tmpdir(), 'sb-lock-'));
    const mine = await takeGpuLock(H200, 1000, () => {}, lockDir);
    if ('busy' in mine) throw new Error('the lock was busy');
    const second = holder(lockDir, 0);
    const pid = second.child.pid!;
    for (let i = 0; i < 100 && !waitingPids(H200, lockDir).includes(pid); i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(waitingPids(H200, lockDir)).toEqual([pid]);
    const judged = withoutWaiters(nvmlList([{ pid, name: 'node' }, python]), waitingPids(H200, lockDir));
    expect(judged.waited).toEqual([pid]);
    expect(judged.list!.processes.map((p) => p.pid)).toEqual([4242, 777]);
    // Gone once it has the lock: a process measuring is a sharer again.
    await mine.release();
    await second.locked;
    expect(await second.exited).toBe(0);
    expect(waitingPids(H200, lockDir)).toEqual([]);
  }, 30_000);

  it('a run beside a waiting product process is not flagged, and its notes name the waiter', async () => {
    const lockDir = mkdtempSync(path.join(tmpdir(), 'sb-lock-'));
    writeFileSync(path.join(lockDir, `${lockName(H200)}.waiting-31337`), '31337');
    const backend = fakeBackend({ gpuProcesses: () => nvmlList([{ pid: 31337, name: 'node' }]) });
    const { result } = await (await startMeasuredRun({ ...request }, backend, {}, { lockDir })).done;
    expect(result.points.every((p) => p.gpuShared === false)).toBe(true);
    expect(result.gpuSharing!.processes).toEqual([]);
    expect(result.notes.join(' ')).toMatch(/pid 31337\) waited for this GPU .* not flagged as shared/);
    // Another program with the same list is a sharer.
    const other = fakeBackend({ gpuProcesses: () => nvmlList([{ pid: 31338, name: 'python3' }]) });
    const flagged = (await (await startMeasuredRun({ ...request }, other, {}, { lockDir })).done).result;
    expect(flagged.points.every((p) => p.gpuShared === true)).toBe(true);
  });
});
