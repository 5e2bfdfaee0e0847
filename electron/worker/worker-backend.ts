/**
 * The app's MeasureBackend when the addon lives in a separate measuring process (docs/architecture.md): every
 * call and run is forwarded over the process channel, and the process is supervised.
 *
 * - Watchdog: a run that reports nothing (no point started or finished) for `watchdogMs` plus its longest per-point
 *   time limit, or a call that gets no answer within `callTimeoutMs`, gets the process killed.
 * - A process that dies (exit, signal, watchdog) fails everything in flight with code WORKER_CRASHED, tells the
 *   `onCrash` listeners, and is started again at once; a process that dies before it is ready is started again on
 *   the next call instead (no restart loop when the worker script itself is broken).
 * - `restart()` replaces the process on purpose (after a sticky CUDA error).
 */
import type { AddonStatus } from '../core/measure/backend';
import type { NativePointSpec, NativeRunEvent, NativeRunHandle } from '../core/native/addon-types';
import type { SupervisedBackend, WorkerCrash } from '../core/service/ports';
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
}

/** The error of everything in flight when the measuring process dies: code WORKER_CRASHED. */
export class WorkerCrashedError extends Error {
  override readonly name = 'WorkerCrashedError';
  readonly code = 'WORKER_CRASHED';
  readonly sticky = false;
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
}

function describeExit(exit: WorkerExit): string {
  if (exit.signal) return `was killed by signal ${exit.signal}`;
  if (exit.code === null) return 'could not be started';
  return `exited unexpectedly (code ${exit.code})`;
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

  constructor(
    private readonly fork: ForkWorker,
    opts: Omit<WorkerBackendOptions, 'fork'>,
  ) {
    this.watchdogMs = opts.watchdogMs ?? 60_000;
    this.callTimeoutMs = opts.callTimeoutMs ?? 30_000;
    this.startTimeoutMs = opts.startTimeoutMs ?? 30_000;
  }

  async addonStatus(): Promise<AddonStatus> {
    try {
      return await this.call<AddonStatus>('addonStatus', []);
    } catch (err) {
      if ((err as { code?: unknown }).code !== 'WORKER_CRASHED') throw err;
      const reason = `${(err as Error).message} The GPU cannot be used until it starts.`;
      return { loaded: false, reason, cudaRuntimeBuild: null, architectures: null };
    }
  }

  queryDevices = () => this.call<Awaited<ReturnType<SupervisedBackend['queryDevices']>>>('queryDevices', []);
  workloads = () => this.call<Awaited<ReturnType<SupervisedBackend['workloads']>>>('workloads', []);
  occupancy = (opts: Parameters<SupervisedBackend['occupancy']>[0]) =>
    this.call<Awaited<ReturnType<SupervisedBackend['occupancy']>>>('occupancy', [opts]);
  maxActiveClusters = (opts: Parameters<SupervisedBackend['maxActiveClusters']>[0]) =>
    this.call<Awaited<ReturnType<SupervisedBackend['maxActiveClusters']>>>('maxActiveClusters', [opts]);

  startRun(points: NativePointSpec[], onEvent: (event: NativeRunEvent) => void): NativeRunHandle {
    const id = this.nextId++;
    const limitMs = this.watchdogMs + Math.max(0, ...points.map((p) => p.maxTimeMs));
    let cancelled = false;
    let sentTo: Live | null = null;
    const done = new Promise<{ status: 'complete' | 'cancelled'; pointsDone: number }>((resolve, reject) => {
      this.runs.set(id, { onEvent, resolve, reject, limitMs, timer: null });
    });
    void (async () => {
      try {
        const live = this.ensure();
        await live.ready;
        if (!this.runs.has(id) || this.current !== live) return;
        live.proc.send({ t: 'run', id, points });
        sentTo = live;
        this.arm(live, id);
        if (cancelled) live.proc.send({ t: 'cancel', id });
      } catch (err) {
        this.settleRun(id)?.reject(err as Error);
      }
    })();
    return {
      cancel: () => {
        cancelled = true;
        if (sentTo && sentTo === this.current && this.runs.has(id)) sentTo.proc.send({ t: 'cancel', id });
      },
      done,
    };
  }

  async restart(reason: string): Promise<void> {
    const old = this.current;
    if (old) {
      this.current = null;
      old.proc.kill();
      this.failInFlight(new WorkerCrashedError(`The measuring process was restarted: ${reason}.`));
    }
    await this.ensure().ready;
  }

  onCrash(listener: (crash: WorkerCrash) => void): () => void {
    this.crashListeners.add(listener);
    return () => this.crashListeners.delete(listener);
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    const old = this.current;
    this.current = null;
    old?.proc.kill();
    this.failInFlight(new WorkerCrashedError('The app is closing; the measuring process was ended.'));
  }

  private ensure(): Live {
    if (this.disposed) throw new WorkerCrashedError('The measuring process was shut down with the app.');
    return this.current ?? this.spawn();
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
      () => this.fail(live, `did not start within ${Math.round(this.startTimeoutMs / 1000)} s`),
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
      if (this.current !== live)
        throw new WorkerCrashedError('The measuring process was restarted; try again.');
      const id = this.nextId++;
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(
          () => this.fail(live, `did not answer ${method} within ${Math.round(this.callTimeoutMs / 1000)} s`),
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
      () =>
        this.fail(
          live,
          `stopped reporting for ${Math.round(run.limitMs / 1000)} s during a run and was ended`,
        ),
      run.limitMs,
    );
  }

  private settleRun(id: number): PendingRun | undefined {
    const run = this.runs.get(id);
    if (!run) return undefined;
    if (run.timer) clearTimeout(run.timer);
    this.runs.delete(id);
    return run;
  }

  /** The process `live` died or must die: kill it, fail what is in flight, tell listeners, start a new one. */
  private fail(live: Live, reason: string): void {
    if (this.current !== live) return;
    this.current = null;
    live.proc.kill();
    const restart = live.isReady && !this.disposed;
    const message = `The measuring process ${reason}${restart ? '; it was restarted' : ''}.`;
    const err = new WorkerCrashedError(message);
    live.failStart(err);
    for (const listener of [...this.crashListeners]) {
      try {
        listener({ message });
      } catch {
        // A listener's bug must not keep the process from being replaced.
      }
    }
    this.failInFlight(err);
    if (restart) this.spawn();
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
