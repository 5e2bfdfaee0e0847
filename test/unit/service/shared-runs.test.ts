/**
 * Identical exports in flight share one run (shared-runs.ts): one start for a burst, a copy for each caller that
 * joined, cancelling one caller leaves the others their bytes, and the run is cancelled only when all have left.
 */
import { describe, expect, it } from 'vitest';

import type { ExportRunOptions } from '../../../electron/core/service/export-pool';
import type { ExportProgress } from '../../../electron/core/service/export-task';
import { SharedRuns } from '../../../electron/core/service/shared-runs';

/** A run the test ends by hand, recording the options it was started with. */
function manualStart() {
  const started: ExportRunOptions[] = [];
  let finish: (bytes: Uint8Array) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const start = (options: ExportRunOptions) => {
    started.push(options);
    return new Promise<Uint8Array>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return { started, start, finish: (b: Uint8Array) => finish(b), fail: (e: Error) => fail(e) };
}

describe('SharedRuns', () => {
  it('starts one run for callers of one key and gives each its own bytes', async () => {
    const runs = new SharedRuns();
    const run = manualStart();
    const otherRun = manualStart();
    const first = runs.run('k', {}, run.start);
    const second = runs.run('k', {}, run.start);
    const other = runs.run('other', {}, otherRun.start);
    expect(run.started).toHaveLength(1);
    expect(otherRun.started).toHaveLength(1);
    const made = new Uint8Array([1, 2, 3]);
    run.finish(made);
    otherRun.finish(new Uint8Array(0));
    await other;
    expect(await first).toBe(made);
    const copy = await second;
    expect(copy).not.toBe(made);
    expect([...copy]).toEqual([1, 2, 3]);
    expect(runs.size).toBe(0);
  });

  it('passes progress to every caller waiting', async () => {
    const runs = new SharedRuns();
    const run = manualStart();
    const seen: string[] = [];
    const a = runs.run('k', { onProgress: (p: ExportProgress) => seen.push(`a:${p.stage}`) }, run.start);
    const b = runs.run('k', { onProgress: (p: ExportProgress) => seen.push(`b:${p.stage}`) }, run.start);
    run.started[0]!.onProgress!({ stage: 'build', done: 0, total: 1 });
    run.finish(new Uint8Array(1));
    await Promise.all([a, b]);
    expect(seen).toEqual(['a:build', 'b:build']);
  });

  it('lets one caller cancel while the others wait, and cancels the run when all have', async () => {
    const runs = new SharedRuns();
    const run = manualStart();
    const leaving = new AbortController();
    const staying = new AbortController();
    const a = runs.run('k', { signal: leaving.signal }, run.start);
    const b = runs.run('k', { signal: staying.signal }, run.start);
    leaving.abort();
    await expect(a).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(run.started[0]!.signal!.aborted).toBe(false);
    run.finish(new Uint8Array([7]));
    expect([...(await b)]).toEqual([7]);

    const alone = new AbortController();
    const c = runs.run('k', { signal: alone.signal }, run.start);
    expect(run.started).toHaveLength(2);
    alone.abort();
    await expect(c).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(run.started[1]!.signal!.aborted).toBe(true);
    // A caller after everyone left starts a run of its own rather than joining the cancelled one.
    const d = runs.run('k', {}, run.start);
    expect(run.started).toHaveLength(3);
    run.finish(new Uint8Array([9]));
    expect([...(await d)]).toEqual([9]);
  });

  it('gives the run error to every caller, and refuses a caller already cancelled', async () => {
    const runs = new SharedRuns();
    const run = manualStart();
    const a = runs.run('k', {}, run.start);
    const b = runs.run('k', {}, run.start);
    run.fail(new Error('disk gone'));
    await expect(a).rejects.toThrow('disk gone');
    await expect(b).rejects.toThrow('disk gone');
    await expect(runs.run('k', { signal: AbortSignal.abort() }, run.start)).rejects.toMatchObject({
      code: 'CANCELLED',
    });
    expect(run.started).toHaveLength(1);
  });
});
