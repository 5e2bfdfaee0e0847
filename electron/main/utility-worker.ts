/**
 * The measuring process in the desktop shell: an Electron utility process running dist/worker.js, adapted to the
 * WorkerProcess interface of electron/worker so the same supervisor (watchdog, Cancel grace, crash back-off)
 * drives it.
 *
 * - `kill()` sends SIGKILL (Electron's own `UtilityProcess.kill()` sends SIGTERM, which a process stuck in a driver
 *   call may never act on); the exit then reports `signal: 'SIGKILL'`. Electron's 'exit' event carries only a
 *   number, so a signal the adapter did not send is reported as that number in `code`.
 * - The process's 'error' event (a fatal V8 error, emitted before it ends) is logged; the exit follows.
 * - Its stdout and stderr go to `<logDir>/measuring-process.log` (in the app's log folder), which a packaged app
 *   would otherwise lose; the file is rotated to `.1` past LOG_ROTATE_BYTES.
 */
import { createWriteStream, existsSync, mkdirSync, renameSync, statSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

import { utilityProcess } from 'electron';

import type { ForkWorker, WorkerExit, WorkerProcess } from '../worker/worker-process';

/** The log's size at which it is moved to `measuring-process.log.1` before a process starts, in bytes. */
export const LOG_ROTATE_BYTES = 5 * 1024 * 1024;
export const LOG_FILE_NAME = 'measuring-process.log';

/** The part of an Electron UtilityProcess the adapter uses (a real child can stand behind it in tests). */
export interface UtilityChild {
  readonly pid: number | undefined;
  readonly stdout: Readable | null;
  readonly stderr: Readable | null;
  postMessage(message: unknown): void;
  kill(): boolean;
  on(event: 'exit', listener: (code: number) => void): this;
  on(event: 'message', listener: (message: unknown) => void): this;
  on(event: 'error', listener: (type: string, location: string, report: string) => void): this;
}

/** `utilityProcess.fork` as the adapter calls it. */
export type UtilityFork = (
  modulePath: string,
  args: string[],
  options: { serviceName: string; stdio: 'pipe'; env: NodeJS.ProcessEnv; execArgv?: string[] },
) => UtilityChild;

export interface UtilityWorkerOptions {
  script: string;
  env: NodeJS.ProcessEnv;
  /** The app's log folder (`app.getPath('logs')`); null: the output is discarded. */
  logDir: string | null;
  /** Node options for the process (tests run a TypeScript host with `['--import', 'tsx']`). */
  execArgv?: string[];
  /** Default: Electron's `utilityProcess.fork`. */
  fork?: UtilityFork;
}

function openLog(logDir: string | null): WriteStream | null {
  if (!logDir) return null;
  try {
    mkdirSync(logDir, { recursive: true });
    const file = path.join(logDir, LOG_FILE_NAME);
    if (existsSync(file) && statSync(file).size > LOG_ROTATE_BYTES) renameSync(file, `${file}.1`);
    const stream = createWriteStream(file, { flags: 'a' });
    stream.on('error', () => undefined); // a full disk must not take the app down
    return stream;
  } catch {
    return null;
  }
}

/** A ForkWorker that starts `opts.script` as an Electron utility process. */
export function utilityForkWorker(opts: UtilityWorkerOptions): ForkWorker {
  const fork: UtilityFork =
    opts.fork ??
    ((modulePath, args, options) => utilityProcess.fork(modulePath, args, options) as UtilityChild);
  return (): WorkerProcess => {
    const exitListeners: Array<(exit: WorkerExit) => void> = [];
    let exited = false;
    let sentSignal: NodeJS.Signals | null = null;
    const log = openLog(opts.logDir);
    const note = (line: string) => log?.write(`[${new Date().toISOString()}] ${line}\n`);
    const exit = (info: WorkerExit) => {
      if (exited) return;
      exited = true;
      note(`exited (code ${info.code ?? 'none'}, signal ${info.signal ?? 'none'})`);
      log?.end();
      for (const listener of exitListeners) listener(info);
    };
    let child: UtilityChild;
    try {
      child = fork(opts.script, [], {
        serviceName: 'Sync Workbench measuring process',
        stdio: 'pipe',
        env: opts.env,
        ...(opts.execArgv ? { execArgv: opts.execArgv } : {}),
      });
    } catch (err) {
      note(`could not be started: ${(err as Error).message}`);
      const dead: WorkerProcess = {
        send: () => undefined,
        onMessage: () => undefined,
        onExit: (listener) => void setImmediate(() => listener({ code: null, signal: null })),
        kill: () => undefined,
      };
      log?.end();
      return dead;
    }
    note(`started ${opts.script}${child.pid ? ` (pid ${child.pid})` : ''}`);
    if (log) {
      child.stdout?.pipe(log, { end: false });
      child.stderr?.pipe(log, { end: false });
    }
    child.on('error', (type, location, report) => note(`fatal error ${type} at ${location}: ${report}`));
    child.on('exit', (code) =>
      exit(sentSignal ? { code: null, signal: sentSignal } : { code, signal: null }),
    );
    return {
      send: (message) => {
        if (!exited) child.postMessage(message);
      },
      onMessage: (listener) => void child.on('message', listener),
      onExit: (listener) => void exitListeners.push(listener),
      kill: () => {
        if (exited) return;
        try {
          if (child.pid) {
            sentSignal = 'SIGKILL';
            process.kill(child.pid, 'SIGKILL');
          } else {
            // Not spawned yet (no pid): Electron's own kill, which is SIGTERM.
            sentSignal = 'SIGTERM';
            child.kill();
          }
        } catch {
          // already gone: its exit event follows
        }
      },
    };
  };
}
