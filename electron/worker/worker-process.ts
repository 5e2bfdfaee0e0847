/**
 * The app's handle on one measuring process, whatever started it: Node's `child_process.fork` (browser shell,
 * CLI, tests) or Electron's `utilityProcess.fork` (desktop; adapter in electron/main/utility-worker.ts).
 */
import { fork } from 'node:child_process';

import type { ToHost } from './protocol';

export interface WorkerExit {
  code: number | null;
  signal: string | null;
}

export interface WorkerProcess {
  send(message: ToHost): void;
  onMessage(listener: (message: unknown) => void): void;
  /** Called once when the process is gone (exited, killed, or could not start). */
  onExit(listener: (exit: WorkerExit) => void): void;
  /** Ends the process at once (SIGKILL where the platform has it). */
  kill(): void;
}

/** Starts a fresh measuring process; called again for every restart. */
export type ForkWorker = () => WorkerProcess;

export interface NodeForkOptions {
  /** Node options for the child, e.g. `['--import', 'tsx']` to run a TypeScript host in tests. */
  execArgv?: string[];
  env?: NodeJS.ProcessEnv;
}

/** A ForkWorker that runs `script` with `child_process.fork` (advanced serialization, output inherited). */
export function nodeForkWorker(script: string, opts: NodeForkOptions = {}): ForkWorker {
  return () => {
    const child = fork(script, [], {
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      execArgv: opts.execArgv ?? [],
      env: opts.env ?? process.env,
    });
    let exited = false;
    const exitListeners: Array<(exit: WorkerExit) => void> = [];
    const exit = (info: WorkerExit) => {
      if (exited) return;
      exited = true;
      for (const listener of exitListeners) listener(info);
    };
    child.on('exit', (code, signal) => exit({ code, signal }));
    child.on('error', () => exit({ code: null, signal: null }));
    return {
      send: (message) => {
        if (child.connected) child.send(message);
      },
      onMessage: (listener) => child.on('message', listener),
      onExit: (listener) => exitListeners.push(listener),
      kill: () => void child.kill('SIGKILL'),
    };
  };
}
