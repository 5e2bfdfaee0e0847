/**
 * The app's MeasureBackend when the addon lives in a separate measuring process (docs/architecture.md): every
 * call and run is forwarded over the process channel, and the process is supervised.
 *
 * - Watchdog: a run that reports nothing (no point started or finished) for `watchdogMs` plus its longest per-point
 *   time limit, or a call that gets no answer within `callTimeoutMs`, gets the process killed.
 * - Cancel: the run is asked to stop; a run still going `cancelGraceMs` later (a kernel that never returns ignores
 *   the request) gets the process killed, so Cancel always ends the run within the grace period. The run then
 *   fails with WORKER_CRASHED and a message that says so; the measurement core keeps its finished points.
 * - A process that dies (exit, signal, watchdog) fails everything in flight with code WORKER_CRASHED, tells the
 *   `onCrash` listeners, and is started again at once; a process that dies before it is ready is started again on
 *   the next call instead (no restart loop when the worker script itself is broken).
 * - Crash loop: after `crashLoopCount` crashes within `crashWindowMs`, the restart waits `crashBackoffMs`,
 *   doubling with each further crash up to MAX_BACKOFF_MS; the crash message says so and calls made meanwhile fail
 *   with a message giving the time left.
 * - `restart()` replaces the process on purpose (after a sticky CUDA error).
 */
import { CANCEL_GRACE_MS, type HostText } from '../contract';
import type { AddonStatus } from '../model/measure/backend';
import type { NativePointSpec, NativeRunEvent, NativeRunHandle } from '../model/native/addon-types';
import type { SupervisedBackend, WorkerCrash } from '../core/service/ports';
import { hostText, word } from '../model/words/host-text';
import { fromWireError, isFromHost, type CallMethod, type FromHost, type ToHost } from './protocol';
import type { ForkWorker, WorkerExit, WorkerProcess } from './worker-process';

export interface WorkerBackendOptions {
  /** Starts a measuring process (nodeForkWorker, or the Electron utility-process adapter). */
  fork: ForkWorker;
  /** Silence allowed during a run, in ms, on top of the run's longest per-point `maxTimeMs` (default 60 000). */
  watchdogMs?: number;
  /** Longest wait for the answer to a call such as the device query, in ms (default 30 000). */
  callTimeoutMs?: number;
  /** Longest wait for a fresh process to announce itself, in ms (default 30 000). */
  startTimeoutMs?: number;
  /** How long a cancelled run may take to stop before its process is killed, in ms (default CANCEL_GRACE_MS). */
  cancelGraceMs?: number;
  /** Crashes within `crashWindowMs` that make a crash loop (default 3). */
  crashLoopCount?: number;
  /** The window of a crash loop, in ms (default 60 000). */
  crashWindowMs?: number;
  /** The first wait before a restart in a crash loop, in ms (default 5 000; doubles per further crash). */
  crashBackoffMs?: number;
}

/** The longest wait before restarting a process in a crash loop, in ms. */
export const MAX_BACKOFF_MS = 60_000;

/**
 * The error of everything in flight when the measuring process dies: code WORKER_CRASHED, its message made from the
 * coded `worker.*` text (english.ts) that it carries as `text` (the service's Failure passes it on).
 */
export class WorkerCrashedError extends Error {
  override readonly name = 'WorkerCrashedError';
  readonly code = 'WORKER_CRASHED';
  readonly sticky = false;
  readonly text: HostText;

  constructor(code: string, params: HostText['params'] = {}) {
    const coded = hostText(code, params);
    super(coded.message);
    this.text = coded.text;
  }
}

interface Live {
  proc: WorkerProcess;
  ready: Promise<void>;
  isReady: boolean;
  markReady(): void;
  failStart(err: Error): void;
}

interface PendingCall {
  resolve(value: unknown): void;
  reject(err: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

interface PendingRun {
  onEvent(event: NativeRunEvent): void;
  resolve(value: { status: 'complete' | 'cancelled'; pointsDone: number }): void;
  reject(err: Error): void;
  limitMs: number;
  timer: ReturnType<typeof setTimeout> | null;
  /** Kills the process when a cancelled run has not stopped within the grace period. */
  cancelTimer: ReturnType<typeof setTimeout> | null;
}

/** A time in seconds to one decimal, "5 s" (`worker.seconds`). */
const seconds = (ms: number) => word('worker.seconds', { value: Math.round(ms / 100) / 10 });

/** How the process ended, as the clause of `worker.crashed*`. */
function describeExit(exit: WorkerExit): HostText {
  if (exit.signal) return word('worker.killedBySignal', { signal: exit.signal });
  if (exit.code === null) return word('worker.couldNotStart');
  return word('worker.exited', { code: exit.code });
}

class WorkerBackend implements SupervisedBackend {
  private current: Live | null = null;
  private nextId = 1;
  private disposed = false;
  private readonly calls = new Map<number, PendingCall>();
  private readonly runs = new Map<number, PendingRun>();
  private readonly crashListeners = new Set<(crash: WorkerCrash) => void>();
  private readonly watchdogMs: number;
  private readonly callTimeoutMs: number;
  private readonly startTimeoutMs: number;
  private readonly cancelGraceMs: number;
  private readonly crashLoopCount: number;
  private readonly crashWindowMs: number;
  private readonly crashBackoffMs: number;
  /** When the recent crashes happened (Date.now()), within the crash window. */
  private crashTimes: number[] = [];
  private backoff: { timer: ReturnType<typeof setTimeout>; until: number; crashes: number } | null = null;

  constructor(
    private readonly fork: ForkWorker,
    opts: Omit<WorkerBackendOptions, 'fork'>,
  ) {
    this.watchdogMs = opts.watchdogMs ?? 60_000;
    this.callTimeoutMs = opts.callTimeoutMs ?? 30_000;
    this.startTimeoutMs = opts.startTimeoutMs ?? 30_000;
    this.cancelGraceMs = opts.cancelGraceMs ?? CANCEL_GRACE_MS;
    this.crashLoopCount = opts.crashLoopCount ?? 3;
    this.crashWindowMs = opts.crashWindowMs ?? 60_000;
    this.crashBackoffMs = opts.crashBackoffMs ?? 5_000;
  }

  async addonStatus(): Promise<AddonStatus> {
    try {
      return await this.call<AddonStatus>('addonStatus', []);
    } catch (err) {
      if ((err as { code?: unknown }).code !== 'WORKER_CRASHED') throw err;
      const cause = (err as { text?: HostText }).text ?? { en: (err as Error).message };
      const { message, text } = hostText('worker.noGpuUntilStarted', { reason: cause });
      return {
        loaded: false,
        reason: message,
        reasonText: text,
        cudaRuntimeBuild: null,
        architectures: null,
      };
    }
  }

  queryDevices = () => this.call<Awaited<ReturnType<SupervisedBackend['queryDevices']>>>('queryDevices', []);
  workloads = () => this.call<Awaited<ReturnType<SupervisedBackend['workloads']>>>('workloads', []);
  occupancy = (opts: Parameters<SupervisedBackend['occupancy']>[0]) =>
    this.call<Awaited<ReturnType<SupervisedBackend['occupancy']>>>('occupancy', [opts]);
  maxActiveClusters = (opts: Parameters<SupervisedBackend['maxActiveClusters']>[0]) =>
    this.call<Awaited<ReturnType<SupervisedBackend['maxActiveClusters']>>>('maxActiveClusters', [opts]);

  gpuProcesses = (pciBusId: string) =>
    this.call<Awaited<ReturnType<SupervisedBackend['gpuProcesses']>>>('gpuProcesses', [pciBusId]);

  startRun(points: NativePointSpec[], onEvent: (event: NativeRunEvent) => void): NativeRunHandle {
    const id = this.nextId++;
    const limitMs = this.watchdogMs + Math.max(0, ...points.map((p) => p.maxTimeMs));
    let cancelled = false;
    let sentTo: Live | null = null;
    const done = new Promise<{ status: 'complete' | 'cancelled'; pointsDone: number }>((resolve, reject) => {
      this.runs.set(id, { onEvent, resolve, reject, limitMs, timer: null, cancelTimer: null });
    });
    void (async () => {
      try {
        const live = this.ensure();
        await live.ready;
        if (!this.runs.has(id) || this.current !== live) return;
        live.proc.send({ t: 'run', id, points });
        sentTo = live;
        this.arm(live, id);
        if (cancelled) this.askToStop(live, id);
      } catch (err) {
        this.settleRun(id)?.reject(err as Error);
      }
    })();
    return {
      cancel: () => {
        cancelled = true;
        if (sentTo && sentTo === this.current && this.runs.has(id)) this.askToStop(sentTo, id);
      },
      done,
    };
  }

  async restart(reason: HostText): Promise<void> {
    const old = this.current;
    if (old) {
      this.current = null;
      old.proc.kill();
      this.failInFlight(new WorkerCrashedError('worker.restartedBecause', { reason }));
    }
    await this.ensure().ready;
  }

  onCrash(listener: (crash: WorkerCrash) => void): () => void {
    this.crashListeners.add(listener);
    return () => this.crashListeners.delete(listener);
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    if (this.backoff) clearTimeout(this.backoff.timer);
    this.backoff = null;
    const old = this.current;
    this.current = null;
    old?.proc.kill();
    this.failInFlight(new WorkerCrashedError('worker.closing'));
  }

  private ensure(): Live {
    if (this.disposed) throw new WorkerCrashedError('worker.shutDown');
    if (this.backoff) {
      const left = Math.max(0, this.backoff.until - Date.now());
      throw new WorkerCrashedError('worker.crashLoop', {
        count: this.backoff.crashes,
        window: seconds(this.crashWindowMs),
        left: seconds(left),
      });
    }
    return this.current ?? this.spawn();
  }

  /** Sends the cancel request of run `id` and starts its grace period (once). */
  private askToStop(live: Live, id: number): void {
    const run = this.runs.get(id);
    if (!run || run.cancelTimer) return;
    live.proc.send({ t: 'cancel', id });
    run.cancelTimer = setTimeout(
      () => this.fail(live, word('worker.cancelKilled', { grace: seconds(this.cancelGraceMs) })),
      this.cancelGraceMs,
    );
  }

  private spawn(): Live {
    let markReady = () => undefined as void;
    let failStart = (_err: Error) => undefined as void;
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      failStart = reject;
    });
    ready.catch(() => undefined);
    const proc = this.fork();
    const live: Live = { proc, ready, isReady: false, markReady, failStart };
    this.current = live;
    const startTimer = setTimeout(
      () => this.fail(live, word('worker.notStarted', { seconds: Math.round(this.startTimeoutMs / 1000) })),
      this.startTimeoutMs,
    );
    proc.onMessage((message) => {
      if (this.current !== live || !isFromHost(message)) return;
      if (message.t === 'ready') {
        clearTimeout(startTimer);
        live.isReady = true;
        live.markReady();
      } else {
        this.onHostMessage(live, message);
      }
    });
    proc.onExit((exit) => {
      clearTimeout(startTimer);
      this.fail(live, describeExit(exit));
    });
    return live;
  }

  private call<T>(method: CallMethod, args: unknown[]): Promise<T> {
    return (async () => {
      const live = this.ensure();
      await live.ready;
      if (this.current !== live) throw new WorkerCrashedError('worker.restartedTryAgain');
      const id = this.nextId++;
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(
          () =>
            this.fail(
              live,
              word('worker.noAnswer', { method, seconds: Math.round(this.callTimeoutMs / 1000) }),
            ),
          this.callTimeoutMs,
        );
        this.calls.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
        const message: ToHost = { t: 'call', id, method, args };
        live.proc.send(message);
      });
    })();
  }

  private onHostMessage(live: Live, message: Exclude<FromHost, { t: 'ready' }>): void {
    if (message.t === 'reply') {
      const call = this.calls.get(message.id);
      if (!call) return;
      clearTimeout(call.timer);
      this.calls.delete(message.id);
      if (message.ok) call.resolve(message.value);
      else call.reject(fromWireError(message.error));
    } else if (message.t === 'run-event') {
      const run = this.runs.get(message.id);
      if (!run) return;
      this.arm(live, message.id);
      try {
        run.onEvent(message.event);
      } catch {
        // A listener's bug must not stop the run; the measurement core reports its own errors.
      }
    } else {
      const run = this.settleRun(message.id);
      if (!run) return;
      if (message.ok) run.resolve(message.value);
      else run.reject(fromWireError(message.error));
    }
  }

  /** (Re)starts the watchdog of run `id`. */
  private arm(live: Live, id: number): void {
    const run = this.runs.get(id);
    if (!run) return;
    if (run.timer) clearTimeout(run.timer);
    run.timer = setTimeout(
      () => this.fail(live, word('worker.silent', { seconds: Math.round(run.limitMs / 1000) })),
      run.limitMs,
    );
  }

  private settleRun(id: number): PendingRun | undefined {
    const run = this.runs.get(id);
    if (!run) return undefined;
    if (run.timer) clearTimeout(run.timer);
    if (run.cancelTimer) clearTimeout(run.cancelTimer);
    this.runs.delete(id);
    return run;
  }

  /**
   * The process `live` died or must die: kill it, fail what is in flight, tell listeners, start a new one (at once,
   * or after a back-off in a crash loop).
   */
  private fail(live: Live, reason: HostText): void {
    if (this.current !== live) return;
    this.current = null;
    live.proc.kill();
    const restart = live.isReady && !this.disposed;
    const delayMs = restart ? this.restartDelay() : 0;
    const err =
      delayMs > 0
        ? new WorkerCrashedError('worker.crashedBackoff', {
            reason,
            count: this.crashTimes.length,
            window: seconds(this.crashWindowMs),
            delay: seconds(delayMs),
          })
        : new WorkerCrashedError(restart ? 'worker.crashedRestarted' : 'worker.crashed', { reason });
    live.failStart(err);
    for (const listener of [...this.crashListeners]) {
      try {
        listener({ message: err.message, text: err.text });
      } catch {
        // A listener's bug must not keep the process from being replaced.
      }
    }
    this.failInFlight(err);
    if (delayMs > 0) this.restartLater(delayMs);
    else if (restart) this.spawn();
  }

  /** Records a crash; the wait before the restart: 0, or the back-off once the crashes make a loop. */
  private restartDelay(): number {
    const now = Date.now();
    this.crashTimes = [...this.crashTimes.filter((t) => now - t < this.crashWindowMs), now];
    const beyond = this.crashTimes.length - this.crashLoopCount;
    return beyond < 0 ? 0 : Math.min(MAX_BACKOFF_MS, this.crashBackoffMs * 2 ** beyond);
  }

  private restartLater(delayMs: number): void {
    const timer = setTimeout(() => {
      this.backoff = null;
      if (!this.disposed && !this.current) this.spawn();
    }, delayMs);
    this.backoff = { timer, until: Date.now() + delayMs, crashes: this.crashTimes.length };
  }

  private failInFlight(err: Error): void {
    for (const [id, call] of this.calls) {
      clearTimeout(call.timer);
      this.calls.delete(id);
      call.reject(err);
    }
    for (const id of [...this.runs.keys()]) this.settleRun(id)?.reject(err);
  }
}

/** A supervised MeasureBackend over measuring processes started by `opts.fork` (started on first use). */
export function createWorkerBackend(opts: WorkerBackendOptions): SupervisedBackend {
  const { fork, ...rest } = opts;
  return new WorkerBackend(fork, rest);
}
