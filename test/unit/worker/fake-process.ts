/**
 * An in-memory measuring process for supervisor tests with fake timers: records what the app sends and kills, and
 * lets the test answer, become ready, or die.
 */
import type { ToHost } from '../../../electron/worker/protocol';
import type { WorkerExit, WorkerProcess } from '../../../electron/worker/worker-process';

export class FakeProcess implements WorkerProcess {
  readonly sent: ToHost[] = [];
  kills = 0;
  private readonly messageListeners: Array<(message: unknown) => void> = [];
  private readonly exitListeners: Array<(exit: WorkerExit) => void> = [];
  private gone = false;

  send(message: ToHost): void {
    this.sent.push(message);
  }
  onMessage(listener: (message: unknown) => void): void {
    this.messageListeners.push(listener);
  }
  onExit(listener: (exit: WorkerExit) => void): void {
    this.exitListeners.push(listener);
  }
  /** Like the real adapters: SIGKILL, and the exit follows. */
  kill(): void {
    this.kills++;
    this.die({ code: null, signal: 'SIGKILL' });
  }

  /** A message from the process to the app. */
  emit(message: unknown): void {
    for (const listener of this.messageListeners) listener(message);
  }
  ready(): void {
    this.emit({ t: 'ready', pid: 1 });
  }
  die(exit: WorkerExit): void {
    if (this.gone) return;
    this.gone = true;
    for (const listener of this.exitListeners) listener(exit);
  }
}

/** A ForkWorker over FakeProcesses, keeping every one it started. */
export function fakeFork() {
  const procs: FakeProcess[] = [];
  return {
    procs,
    fork: () => {
      const p = new FakeProcess();
      procs.push(p);
      return p;
    },
  };
}
