import { defineStore } from 'pinia';
import { markRaw } from 'vue';
import type { Failure, RunEvent, RunRequest } from '../../electron/contract';
import { useApi } from '../api/current';
import { hostShown, uiShown, type ShownMessage } from '../i18n/shown-message';
import { useResultsStore } from './results';
import { useModes } from './runs/modes';
import { createPointBatcher, type PointBatch } from './runs/point-batcher';
import { runEnd } from './runs/run-end';
import { useRunOnScreen, type RunState } from './runs/run-on-screen';

/**
 * The modes the host offers (runs/modes.ts) and the current run. Points arrive in batches, gathered by
 * runs/point-batcher.ts (RunEvent 'points'); they are appended to
 * one raw array (outside Vue’s deep reactivity, docs/architecture.md) and `batches` counts the appends, so a chart adds
 * each batch without re-reading what it already drew.
 */
export const useRunsStore = defineStore('runs', () => {
  const { modes, modesError, loadModes, modeInfo } = useModes();
  const { run, points, batches, result, begin, snapshot, adoptRunId } = useRunOnScreen();

  /** Starts a measurement; resolves to the failure (with field errors) when the host refused it, else null. */
  async function startRun(request: RunRequest): Promise<Failure | null> {
    const before = snapshot();
    begin(false, request.mode);
    return adoptRunId(await useApi().startRun(request), before);
  }

  /** Streams a saved result through the live path: speed 1 = its recorded pace, 0 = as fast as possible. */
  async function startReplay(resultId: string, name: string, speed: number): Promise<Failure | null> {
    const before = snapshot();
    begin(true, `replay of ${name}`);
    return adoptRunId(await useApi().startReplay({ resultId, speed }), before);
  }

  /** Asks the host to stop the current run after the point in progress; returns why it could not, or null. */
  async function cancel(): Promise<ShownMessage | null> {
    const runId = run.value?.runId;
    if (!runId) return uiShown('storeWords.noRun');
    const reply = await useApi().cancelRun(runId);
    return reply.ok ? null : hostShown(reply);
  }

  /** Applies a batch of points to the run it belongs to, if that is still the one on screen. */
  function applyPoints(batch: PointBatch): void {
    const state = run.value;
    if (!state || state.runId !== batch.runId) return;
    points.value.push(...batch.points);
    batches.value += 1;
    Object.assign(state, { done: batch.done, total: batch.total, etaMs: batch.etaMs });
  }
  const batcher = createPointBatcher(applyPoints);

  /** Applies one event from the host to the current run. */
  function handleEvent(event: RunEvent): void {
    if (event.type !== 'points') batcher.flush();
    if (event.type === 'started') {
      begin(event.replay, event.sourceLabel);
      Object.assign(run.value as RunState, {
        runId: event.runId,
        plan: event.plan,
        phase: 'running',
        total: event.totalPoints,
      });
      return;
    }
    const state = run.value;
    if (!state || state.runId !== event.runId) return;
    if (event.type === 'points') {
      batcher.queue(event);
      return;
    }
    const end = runEnd(event);
    Object.assign(state, { phase: end.phase, etaMs: end.etaMs, savedId: end.savedId });
    if (end.message !== null) state.message = end.message;
    result.value = end.result ? markRaw(end.result) : null;
    if (end.savedId) void useResultsStore().load();
  }

  useApi().onRunEvent(handleEvent);

  return {
    modes,
    modesError,
    run,
    points,
    batches,
    result,
    loadModes,
    modeInfo,
    startRun,
    startReplay,
    cancel,
  };
});
