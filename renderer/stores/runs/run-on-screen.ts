import { markRaw, ref, shallowRef } from 'vue';
import type { Failure } from '../../../electron/contract';
import type { Plan, Point, ResultFile } from '../../../electron/model/results/schema';
import type { ShownMessage } from '../../i18n/shown-message';

export type RunPhase = 'starting' | 'running' | 'finished' | 'cancelled' | 'failed';

/** The run on screen: a live measurement or a replay of a saved result. */
export interface RunState {
  runId: string | null;
  replay: boolean;
  /** "H200 (live)" or "replay of <name>", from the host. */
  sourceLabel: string;
  plan: Plan | null;
  phase: RunPhase;
  done: number;
  total: number;
  etaMs: number | null;
  /** Why the run failed, in the host's words with its code. */
  message: ShownMessage | null;
  /** Library id of the saved result, once the host saved it. */
  savedId: string | null;
}

/**
 * What the Run view shows of the current run: its state, the points so far (one raw array outside Vue's deep
 * reactivity; `batches` counts the appends) and the result once it ended. `begin` clears it for a new run; a start
 * the host refuses puts back what was on screen before (`adoptRunId`).
 */
export function useRunOnScreen() {
  const run = ref<RunState | null>(null);
  const points = shallowRef<Point[]>(markRaw([]));
  const batches = ref(0);
  const result = shallowRef<ResultFile | null>(null);

  /** Clears the screen for a run that is starting (a measurement or a replay). */
  function begin(replay: boolean, sourceLabel: string): void {
    run.value = {
      runId: null,
      replay,
      sourceLabel,
      plan: null,
      phase: 'starting',
      done: 0,
      total: 0,
      etaMs: null,
      message: null,
      savedId: null,
    };
    points.value = markRaw([]);
    result.value = null;
    batches.value = 0;
  }

  /** What is on screen, to put back when a start is refused. */
  function snapshot() {
    return { run: run.value, points: points.value, batches: batches.value, result: result.value };
  }

  /**
   * Takes the host's answer to a start. A refusal (no run began: the caller shows why) puts back what was on screen
   * before, so no empty run, chart or export is left behind.
   */
  function adoptRunId(
    reply: { ok: true; value: { runId: string } } | Failure,
    before: ReturnType<typeof snapshot>,
  ): Failure | null {
    const state = run.value;
    if (!reply.ok) {
      if (state && state.runId === null) {
        run.value = before.run;
        points.value = before.points;
        batches.value = before.batches;
        result.value = before.result;
      }
      return reply;
    }
    if (state && state.runId === null) state.runId = reply.value.runId;
    return null;
  }

  return { run, points, batches, result, begin, snapshot, adoptRunId };
}
