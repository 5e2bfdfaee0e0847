/**
 * One run at a time, live or replayed, through one event path: `started`, batches of `points`, then exactly one of
 * `finished` / `cancelled` / `failed`. Live runs are saved to the library as they end (a failed or cancelled run
 * keeps its finished points as a partial result). A crash or watchdog kill of the measuring process fails the run
 * with WORKER_CRASHED; a sticky CUDA error restarts the process. The reply to `startLive`/`startReplay` is always
 * delivered before the run's first event (events are held until the next macrotask).
 */
import { randomUUID } from 'node:crypto';

import type {
  ErrorCode,
  Failure,
  HostText,
  ReplayRequest,
  Result,
  RunEvent,
  RunRequest,
} from '../../contract';
import type { MeasureBackend } from '../../model/measure/backend';
import type { Provenance, ResultFile } from '../../model/results/schema';
import { hostText, word } from '../../model/words/host-text';
import { failText, ok, toFailure } from './failure';
import { PointBatcher, type BatcherOptions } from './point-batcher';
import { isSupervised, type MeasureCore, type MeasuredRun, type ResultsStore } from './ports';
import { replayPoints } from './replay';
import type { RunEventHub } from './run-events';

export interface RunManagerDeps {
  backend: MeasureBackend;
  measure: MeasureCore;
  library: ResultsStore;
  events: RunEventHub;
  batch?: BatcherOptions;
  scheduleFlag?: Provenance['scheduleFlag'];
  /** Problems that have no caller to report to (a result that could not be saved). */
  log?: (message: string) => void;
}

/** How a live run's `done` settled: its result, or (should it reject) the error. */
type LiveOutcome =
  { result: ResultFile; sticky: boolean; error: null } | { result: null; sticky: false; error: Failure };

interface Slot {
  runId: string;
  replay: boolean;
  cancel: () => void;
  cancelRequested: boolean;
  /** Set when the measuring process crashed or was killed during this run: its message, coded where it is. */
  crash: Pick<Failure, 'message' | 'text'> | null;
  /** Events wait here until the caller has its reply. */
  held: RunEvent[] | null;
}

export class RunManager {
  private active: Slot | null = null;
  private readonly log: (message: string) => void;

  constructor(private readonly deps: RunManagerDeps) {
    this.log = deps.log ?? ((m) => console.warn(`syncbench: ${m}`));
    if (isSupervised(deps.backend)) {
      deps.backend.onCrash((crash) => {
        if (this.active && !this.active.replay)
          this.active.crash = { message: crash.message, text: crash.text };
      });
    }
  }

  /** The id of the run in progress, or null. */
  get activeRunId(): string | null {
    return this.active?.runId ?? null;
  }

  /** Starts a measured run. BUSY while another run is in progress; PlanError codes before it starts. */
  async startLive(req: RunRequest): Promise<Result<{ runId: string }>> {
    const slot = this.claim(false);
    if (!slot) return this.busy();
    const batcher = this.batcher(slot);
    const label = await this.liveLabel(req.device ?? 0);
    let started = false;
    let run: MeasuredRun;
    try {
      run = await this.deps.measure.startMeasuredRun(
        req,
        this.deps.backend,
        {
          onStarted: (plan, totalPoints) => {
            started = true;
            batcher.start();
            this.emit(slot, {
              type: 'started',
              runId: slot.runId,
              replay: false,
              plan,
              totalPoints,
              sourceLabel: label,
            });
          },
          onPoint: (point, done, total) => batcher.push(point, done, total),
        },
        { scheduleFlag: this.deps.scheduleFlag ?? 'auto' },
      );
    } catch (err) {
      const failure = slot.crash ? crashFailure(slot.crash) : toFailure(err);
      if (started) {
        this.end(slot, failedEvent(slot.runId, failure, slot.crash !== null, null));
        this.release(slot);
        return ok({ runId: slot.runId });
      }
      this.active = null;
      return failure;
    }
    slot.cancel = () => run.cancel();
    if (slot.cancelRequested) run.cancel();
    void run.done
      .then(
        (done): LiveOutcome => ({ ...done, error: null }),
        (err: unknown): LiveOutcome => ({ result: null, sticky: false, error: toFailure(err) }),
      )
      .then(async (outcome) => {
        batcher.flush();
        let last: RunEvent;
        try {
          last = await this.liveEnd(slot, outcome);
        } catch (err) {
          // A bug below must neither keep the slot taken nor reject unhandled (which would end the process).
          last = failedEvent(slot.runId, toFailure(err), false, outcome.result);
        }
        this.end(slot, last);
      });
    this.release(slot);
    return ok({ runId: slot.runId });
  }

  /** Streams a saved result through the run events at its recorded pace × speed. BUSY / NOT_FOUND. */
  async startReplay(req: ReplayRequest): Promise<Result<{ runId: string }>> {
    const slot = this.claim(true);
    if (!slot) return this.busy();
    let result: ResultFile;
    try {
      result = await this.deps.library.get(req.resultId);
    } catch (err) {
      this.active = null;
      return toFailure(err);
    }
    const batcher = this.batcher(slot);
    this.emit(slot, {
      type: 'started',
      runId: slot.runId,
      replay: true,
      plan: result.plan,
      totalPoints: result.points.length,
      sourceLabel: `replay of ${result.name}`,
    });
    batcher.start();
    const stream = replayPoints(result.points, req.speed, (point, done, total) =>
      batcher.push(point, done, total),
    );
    slot.cancel = () => stream.cancel();
    void stream.done.then((status) => {
      batcher.flush();
      const base = { runId: slot.runId, replay: true } as const;
      this.end(
        slot,
        status === 'complete'
          ? { ...base, type: 'finished', result, savedId: req.resultId }
          : { ...base, type: 'cancelled', result: null, savedId: null },
      );
    });
    this.release(slot);
    return ok({ runId: slot.runId });
  }

  /** Asks the run to stop; its `cancelled` event follows. NOT_FOUND when `runId` is not the run in progress. */
  cancel(runId: string): Result<null> {
    const slot = this.active;
    if (!slot || slot.runId !== runId) return failText('NOT_FOUND', 'run.notFound', { id: runId });
    slot.cancelRequested = true;
    slot.cancel();
    return ok(null);
  }

  private claim(replay: boolean): Slot | null {
    if (this.active) return null;
    this.active = {
      runId: randomUUID(),
      replay,
      cancel: () => undefined,
      cancelRequested: false,
      crash: null,
      held: [],
    };
    return this.active;
  }

  private busy(): Result<never> {
    return failText('BUSY', 'run.busy');
  }

  private batcher(slot: Slot): PointBatcher {
    return new PointBatcher(
      (batch) => this.emit(slot, { type: 'points', runId: slot.runId, replay: slot.replay, ...batch }),
      this.deps.batch,
    );
  }

  /** Lets the held events go after the caller's reply (next macrotask). */
  private release(slot: Slot): void {
    setImmediate(() => {
      const held = slot.held ?? [];
      slot.held = null;
      for (const event of held) this.deps.events.emit(event);
    });
  }

  private emit(slot: Slot, event: RunEvent): void {
    if (slot.held) slot.held.push(event);
    else this.deps.events.emit(event);
  }

  /** Frees the slot, then emits the run's last event (so a listener may start the next run at once). */
  private end(slot: Slot, event: RunEvent): void {
    if (this.active === slot) this.active = null;
    this.emit(slot, event);
  }

  private async liveLabel(ordinal: number): Promise<string> {
    try {
      const status = await this.deps.measure.deviceStatus(this.deps.backend);
      const name = status.devices.find((d) => d.ordinal === ordinal)?.name;
      return `${name ?? `GPU ${ordinal}`} (live)`;
    } catch {
      return `GPU ${ordinal} (live)`;
    }
  }

  /** The terminal event of a live run: saves the result, restarts the process after a sticky error. */
  private async liveEnd(slot: Slot, outcome: LiveOutcome): Promise<RunEvent> {
    const base = { runId: slot.runId, replay: false } as const;
    const { result } = outcome;
    let restarted = slot.crash !== null;
    if (outcome.sticky) restarted = await this.restartAfterSticky();
    const savedId =
      result && (result.status === 'complete' || result.points.length > 0) ? await this.save(result) : null;
    if (result?.status === 'complete') return { ...base, type: 'finished', result, savedId };
    if (result?.status === 'cancelled' && !slot.crash) return { ...base, type: 'cancelled', result, savedId };
    const failure =
      outcome.error ?? (result?.error ? toFailure(result.error) : failText('INTERNAL', 'run.unknownFailure'));
    const crashed = slot.crash !== null || failure.code === 'WORKER_CRASHED';
    const code: ErrorCode = crashed ? 'WORKER_CRASHED' : failure.code;
    const cause = failedText(slot.crash ? crashFailure(slot.crash) : failure);
    const { message, text } = outcome.sticky
      ? hostText(restarted ? 'run.contextLostRestarted' : 'run.contextLostRestartApp', {
          detail: cause.code === 'run.failed' ? cause.params.detail! : cause,
        })
      : { message: slot.crash?.message ?? failure.message, text: cause };
    return {
      ...base,
      type: 'failed',
      code,
      message,
      text,
      workerRestarted: restarted || (crashed && isSupervised(this.deps.backend)),
      partial: result && result.points.length > 0 ? result : null,
      savedId,
    };
  }

  private async restartAfterSticky(): Promise<boolean> {
    if (!isSupervised(this.deps.backend)) return false;
    try {
      await this.deps.backend.restart(word('run.stickyRestart'));
      return true;
    } catch (err) {
      this.log(`the measuring process could not be restarted: ${(err as Error).message}`);
      return false;
    }
  }

  private async save(result: ResultFile): Promise<string | null> {
    try {
      return (await this.deps.library.save(result)).id;
    } catch (err) {
      this.log(`the result "${result.name}" could not be saved: ${(err as Error).message}`);
      return null;
    }
  }
}

/** A run failed by a crash of the measuring process: WORKER_CRASHED with the crash's message. */
function crashFailure(crash: Pick<Failure, 'message' | 'text'>): Failure {
  return crash.text
    ? { ok: false, code: 'WORKER_CRASHED', message: crash.message, text: crash.text }
    : { ok: false, code: 'WORKER_CRASHED', message: crash.message };
}

/**
 * The coded message of a failed run: the failure's own code where it has one, else its English words (a CUDA
 * error's, from the native addon) as `{ en }` prose in `run.failed`, whose English is those words alone.
 */
function failedText(failure: Failure): HostText {
  return failure.text ?? word('run.failed', { detail: { en: failure.message } });
}

/**
 * The 'failed' event of a live run that ended before its outcome was saved (nothing saved): `failure`'s code and
 * words, whether the measuring process was restarted, and the points measured so far (`partial`, or null).
 */
function failedEvent(
  runId: string,
  failure: Failure,
  workerRestarted: boolean,
  partial: ResultFile | null,
): RunEvent {
  return {
    type: 'failed',
    runId,
    replay: false,
    code: failure.code,
    message: failure.message,
    text: failedText(failure),
    workerRestarted,
    partial,
    savedId: null,
  };
}
