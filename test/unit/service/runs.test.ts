import { describe, expect, it } from 'vitest';

import type { RunEvent } from '../../../electron/contract';
import { PlanError } from '../../../electron/model/modes/plan-error';
import { hostText, word } from '../../../electron/model/words/host-text';
import { makePoint, makeResult } from './doubles';
import { setup } from './setup';

const req = { mode: 'sweep', params: { iters: 256 } };

function valueOf<T>(r: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!r.ok) throw new Error(`expected ok, got ${r.message}`);
  return r.value;
}

describe('live runs', () => {
  it('replies first, then started, every point in order in batches, then finished with the saved id', async () => {
    const t = setup();
    t.measure.script = { points: 7, intervalMs: 2 };
    const ended = t.ended();
    const reply = await t.service.startRun(req);
    const { runId } = valueOf(reply);
    expect(t.events).toHaveLength(0);
    const end = await ended;
    const started = t.events[0] as Extract<RunEvent, { type: 'started' }>;
    expect(started).toMatchObject({
      type: 'started',
      runId,
      replay: false,
      totalPoints: 7,
      sourceLabel: 'NVIDIA H200 (live)',
    });
    expect(t.pointsOf(runId)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const batches = t.events.filter((e) => e.type === 'points');
    expect(batches.at(-1)).toMatchObject({ done: 7, total: 7, etaMs: 0 });
    expect(end).toMatchObject({ type: 'finished', runId, replay: false });
    if (end.type !== 'finished') throw new Error('unreachable');
    expect(end.savedId).toMatch(/^saved-/);
    expect(t.library.files.get(end.savedId!)?.points).toHaveLength(7);
    expect(t.service.activeRunId).toBeNull();
  });

  it('batches a fast stream: 1,000 points at once go out in a handful of messages', async () => {
    const t = setup();
    t.measure.script = { points: 1000, intervalMs: 0 };
    const ended = t.ended();
    const { runId } = valueOf(await t.service.startRun(req));
    await ended;
    const batches = t.events.filter((e) => e.type === 'points');
    expect(t.pointsOf(runId)).toHaveLength(1000);
    expect(batches.length).toBeLessThanOrEqual(12);
    expect(batches.every((b) => b.type === 'points' && b.points.length <= 100)).toBe(true);
  });

  it('sends a slow stream at most every ~50 ms and reports the time left', async () => {
    const t = setup();
    t.measure.script = { points: 60, intervalMs: 5 };
    const ended = t.ended();
    const { runId } = valueOf(await t.service.startRun(req));
    await ended;
    const batches = t.events.filter((e) => e.type === 'points');
    expect(t.pointsOf(runId)).toHaveLength(60);
    expect(batches.length).toBeGreaterThan(2);
    expect(batches.length).toBeLessThan(20);
    const first = batches[0];
    expect(first?.type === 'points' && first.etaMs).toBeGreaterThan(0);
  });

  it('refuses a second run while one is in progress (BUSY), live or replay', async () => {
    const t = setup();
    t.measure.script = { points: 2, end: 'hang' };
    const { runId } = valueOf(await t.service.startRun(req));
    expect(await t.service.startRun(req)).toMatchObject({
      ok: false,
      code: 'BUSY',
      message: 'A run is already in progress: cancel it or wait until it ends.',
      text: { code: 'run.busy', params: {} },
    });
    t.library.add(makeResult([makePoint(0)], { id: 'result-replayme' }));
    expect(await t.service.startReplay({ resultId: 'result-replayme', speed: 0 })).toMatchObject({
      ok: false,
      code: 'BUSY',
    });
    const ended = t.ended();
    expect(await t.service.cancelRun(runId)).toEqual({ ok: true, value: null });
    await ended;
    expect(await t.service.startRun(req)).toMatchObject({ ok: true });
  });

  it('refuses two simultaneous starts: exactly one wins', async () => {
    const t = setup();
    t.measure.script = { points: 1, end: 'hang' };
    const replies = await Promise.all([t.service.startRun(req), t.service.startRun(req)]);
    expect(replies.map((r) => (r.ok ? 'ok' : r.code)).sort()).toEqual(['BUSY', 'ok']);
  });

  it('cancels: the cancelled event carries the partial result, saved', async () => {
    const t = setup();
    t.measure.script = { points: 3, end: 'hang' };
    const { runId } = valueOf(await t.service.startRun(req));
    await new Promise((r) => setTimeout(r, 20));
    expect(await t.service.cancelRun('some-other-run')).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
      message: 'No run with id some-other-run is in progress.',
      text: { code: 'run.notFound', params: { id: 'some-other-run' } },
    });
    const ended = t.ended();
    await t.service.cancelRun(runId);
    const end = await ended;
    expect(end.type).toBe('cancelled');
    if (end.type !== 'cancelled') throw new Error('unreachable');
    expect(end.result?.points).toHaveLength(3);
    expect(t.library.files.get(end.savedId!)?.status).toBe('cancelled');
  });

  it('a plan error answers the call with its code and field messages, and frees the slot', async () => {
    const t = setup();
    t.measure.script = {
      planError: PlanError.fields({
        nblocks: { code: 'plan.outOfRange', params: { value: 500, range: '1 to 264' } },
      }),
    };
    const r = await t.service.startRun(req);
    expect(r).toMatchObject({
      ok: false,
      code: 'INVALID',
      fieldErrors: { nblocks: '500 is out of range; allowed: 1 to 264' },
      fieldTexts: { nblocks: { code: 'plan.outOfRange' } },
    });
    t.measure.script = { planError: new PlanError('NO_GPU', 'No NVIDIA driver is installed') };
    expect(await t.service.startRun(req)).toMatchObject({ ok: false, code: 'NO_GPU' });
    await new Promise((r) => setImmediate(r));
    expect(t.events).toHaveLength(0);
    expect(t.service.activeRunId).toBeNull();
  });

  it('a CUDA failure keeps the finished points as a saved partial result', async () => {
    const t = setup();
    t.measure.script = { points: 4, end: { code: 'SB_CUDA', message: 'unspecified launch failure' } };
    const ended = t.ended();
    await t.service.startRun(req);
    const end = await ended;
    expect(end).toMatchObject({ type: 'failed', code: 'CUDA', workerRestarted: false });
    if (end.type !== 'failed') throw new Error('unreachable');
    // The addon's words are English prose inside a coded frame, whose English is those words alone.
    expect(end.text).toEqual({ code: 'run.failed', params: { detail: { en: end.message } } });
    expect(end.message).toContain('unspecified launch failure');
    expect(end.partial?.points).toHaveLength(4);
    expect(t.library.files.get(end.savedId!)?.status).toBe('failed');
    expect(t.backend.restarts).toHaveLength(0);
  });

  it('a sticky CUDA error restarts the measuring process', async () => {
    const t = setup();
    t.measure.script = { points: 2, end: { code: 'SB_CUDA', message: 'illegal address', sticky: true } };
    const ended = t.ended();
    await t.service.startRun(req);
    const end = await ended;
    expect(t.backend.restarts).toEqual([word('run.stickyRestart')]);
    expect(end).toMatchObject({ type: 'failed', code: 'CUDA', workerRestarted: true });
    if (end.type !== 'failed') throw new Error('unreachable');
    expect(end.message).toMatch(
      /illegal address The CUDA context was lost; the measuring process was restarted\.$/,
    );
    const detail = end.message.replace(/ The CUDA context was lost.*$/, '');
    expect(end.text).toEqual({ code: 'run.contextLostRestarted', params: { detail: { en: detail } } });
  });

  it('a crash of the measuring process fails the run with WORKER_CRASHED; earlier results stay', async () => {
    const t = setup();
    t.measure.script = { points: 3 };
    let ended = t.ended();
    await t.service.startRun(req);
    const first = await ended;
    const firstId = first.type === 'finished' ? first.savedId : null;
    t.measure.script = { points: 2, end: 'hang' };
    ended = t.ended();
    await t.service.startRun(req);
    await new Promise((r) => setTimeout(r, 20));
    const crash = hostText('worker.crashedRestarted', { reason: word('worker.silent', { seconds: 60 }) });
    const why = crash.message;
    expect(why).toBe(
      'The measuring process stopped reporting for 60 s during a run and was ended; it was restarted.',
    );
    t.backend.crash(why, crash.text);
    t.measure.abort('WORKER_CRASHED', why);
    const end = await ended;
    expect(end).toMatchObject({
      type: 'failed',
      code: 'WORKER_CRASHED',
      message: why,
      text: crash.text,
      workerRestarted: true,
    });
    if (end.type !== 'failed') throw new Error('unreachable');
    expect(end.partial?.points).toHaveLength(2);
    expect(t.library.files.get(firstId!)?.status).toBe('complete');
    expect(t.library.files.get(end.savedId!)?.points).toHaveLength(2);
  });

  it('reports a result that could not be saved (savedId null) without losing the event', async () => {
    const t = setup();
    t.library.failSave = true;
    t.measure.script = { points: 1 };
    const ended = t.ended();
    await t.service.startRun(req);
    expect(await ended).toMatchObject({ type: 'finished', savedId: null });
    expect(t.logs.join('\n')).toContain('disk full');
  });
});

describe('replay', () => {
  it('streams a saved result at the recorded pace, labelled as a replay on every event', async () => {
    const t = setup();
    const source = t.library.add(
      makeResult(
        Array.from({ length: 10 }, (_, i) => makePoint(i, 20)),
        { name: 'H200 sweep' },
      ),
    );
    const ended = t.ended();
    const started = performance.now();
    const { runId } = valueOf(await t.service.startReplay({ resultId: source.id, speed: 1 }));
    const end = await ended;
    expect(performance.now() - started).toBeGreaterThanOrEqual(180);
    expect(t.events.every((e) => e.replay)).toBe(true);
    expect(t.events[0]).toMatchObject({
      type: 'started',
      runId,
      totalPoints: 10,
      sourceLabel: 'replay of H200 sweep',
    });
    expect(t.pointsOf(runId)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(end).toMatchObject({ type: 'finished', replay: true, savedId: source.id });
    expect(t.library.files.size).toBe(1);
  });

  it('speed scales the pace; speed 0 is as fast as possible', async () => {
    const t = setup();
    const source = t.library.add(makeResult(Array.from({ length: 1000 }, (_, i) => makePoint(i, 1000))));
    const ended = t.ended();
    const started = performance.now();
    const { runId } = valueOf(await t.service.startReplay({ resultId: source.id, speed: 0 }));
    await ended;
    expect(performance.now() - started).toBeLessThan(2000);
    expect(t.pointsOf(runId)).toHaveLength(1000);
  });

  it('cancels a replay', async () => {
    const t = setup();
    const source = t.library.add(makeResult(Array.from({ length: 100 }, (_, i) => makePoint(i, 50))));
    const { runId } = valueOf(await t.service.startReplay({ resultId: source.id, speed: 1 }));
    await new Promise((r) => setTimeout(r, 120));
    const ended = t.ended();
    await t.service.cancelRun(runId);
    expect(await ended).toMatchObject({ type: 'cancelled', replay: true, result: null, savedId: null });
    expect(t.pointsOf(runId).length).toBeLessThan(100);
  });

  it('NOT_FOUND for an unknown result, INVALID for a negative speed', async () => {
    const t = setup();
    expect(await t.service.startReplay({ resultId: 'nope-nope', speed: 1 })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect(await t.service.startReplay({ resultId: 'nope-nope', speed: -1 })).toMatchObject({
      ok: false,
      code: 'INVALID',
      fieldErrors: { speed: expect.any(String) },
    });
    expect(t.service.activeRunId).toBeNull();
  });
});
