/**
 * The memory budget that the browser shell's replies being built and export threads reserve from
 * (memory-budget.ts, docs/architecture.md#browser-shell-bounds): what fits is granted, the rest waits in the order
 * it asked, one alone always runs, one over the refusal bound is BUSY at once, and a wait given up holds nothing.
 * And an export thread (export-pool.ts) starts only once its memory is reserved, and gives it back when it ends.
 */
import { describe, expect, it } from 'vitest';

import { exportMemoryBytes } from '../../../electron/core/service/export-memory';
import { ExportCancelledError, exportOffThread } from '../../../electron/core/service/export-pool';
import type { ExportJob } from '../../../electron/core/service/export-task';
import { MemoryBoundError, MemoryBudget } from '../../../electron/core/service/memory-budget';
import { syntheticSweep } from '../../fixtures/synthetic-sweep';

/** Whether `promise` has settled after the pending callbacks ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('MemoryBudget', () => {
  it('grants what fits, queues the rest in order, and wakes them as bytes come back', async () => {
    let freed = 0;
    const budget = new MemoryBudget(100, 200, () => (freed += 1));
    const a = await budget.reserve(60);
    const b = budget.reserve(50); // 110 > 100: waits
    const c = budget.reserve(10); // would fit, but asked after b: waits its turn
    expect(await settled(b)).toBe(false);
    expect(await settled(c)).toBe(false);
    expect(budget.held).toBe(60);
    expect(budget.waiting).toBe(2);
    a();
    a(); // twice gives back once
    const releaseB = await b;
    const releaseC = await c;
    expect(budget.held).toBe(60);
    expect(freed).toBe(1);
    releaseB();
    releaseC();
    expect(budget.held).toBe(0);
    expect(budget.highWater).toBe(60);
  });

  it('lets one reservation over the limit run alone, and refuses one over the refusal bound at once', async () => {
    const budget = new MemoryBudget(100, 200);
    const small = await budget.reserve(10);
    const big = budget.reserve(150);
    expect(await settled(big)).toBe(false);
    small();
    const releaseBig = await big;
    expect(budget.held).toBe(150);
    expect(budget.fits(1)).toBe(false);
    releaseBig();
    await expect(budget.reserve(201)).rejects.toBeInstanceOf(MemoryBoundError);
    await expect(budget.reserve(201)).rejects.toMatchObject({ code: 'BUSY' });
    expect(budget.held).toBe(0);
  });

  it('drops a wait whose signal aborts; the ones behind it are granted', async () => {
    const budget = new MemoryBudget(100);
    const first = await budget.reserve(90);
    const controller = new AbortController();
    const blocked = budget.reserve(50, controller.signal);
    const behind = budget.reserve(5);
    expect(await settled(behind)).toBe(false);
    controller.abort();
    await expect(blocked).rejects.toMatchObject({ code: 'CANCELLED' });
    (await behind)();
    first();
    expect(budget.held).toBe(0);
    expect(budget.waiting).toBe(0);
  });
});

describe('export threads reserve their memory', () => {
  const bytes = Buffer.from(JSON.stringify(syntheticSweep(40, 1)), 'utf8');
  const job: ExportJob = {
    format: 'csv',
    locale: 'en',
    inputs: [{ name: 'a.json', bytes }],
    referenceIds: [],
    reportAssets: null,
    encoding: 'text',
  };

  it('estimates 64 MiB plus 5 bytes per input byte', () => {
    expect(exportMemoryBytes(job)).toBe(64 * 1024 * 1024 + 5 * bytes.length);
  });

  it('waits for room before the thread starts, holds it while it runs, gives it back after', async () => {
    const need = exportMemoryBytes(job);
    const budget = new MemoryBudget(need + 1);
    const other = await budget.reserve(10);
    let started = false;
    const work = exportOffThread(
      { ...job, inputs: [{ name: 'a.json', bytes: Buffer.from(bytes) }] },
      {
        memory: budget,
        onWorker: () => {
          started = true;
          expect(budget.held).toBe(need);
        },
      },
    );
    expect(await settled(work)).toBe(false);
    expect(started).toBe(false);
    other();
    expect((await work).length).toBeGreaterThan(0);
    expect(started).toBe(true);
    expect(budget.held).toBe(0);
  }, 60_000);

  it('a client that leaves while its export waits cancels it; no thread starts', async () => {
    const budget = new MemoryBudget(exportMemoryBytes(job));
    const other = await budget.reserve(10);
    const controller = new AbortController();
    let started = false;
    const work = exportOffThread(job, {
      memory: budget,
      signal: controller.signal,
      onWorker: () => (started = true),
    });
    controller.abort();
    await expect(work).rejects.toBeInstanceOf(ExportCancelledError);
    other();
    expect(started).toBe(false);
    expect(budget.held).toBe(0);
  });
});
