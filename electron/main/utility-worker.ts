/**
 * The measuring process in the desktop shell: an Electron utility process running dist/worker.js, adapted to the
 * WorkerProcess interface of electron/worker so the same supervisor (watchdog, restart) drives it.
 */
import { utilityProcess } from 'electron';

import type { ForkWorker, WorkerExit, WorkerProcess } from '../worker/worker-process';

/** A ForkWorker that starts `script` with `utilityProcess.fork` and `env`. */
export function utilityForkWorker(script: string, env: NodeJS.ProcessEnv): ForkWorker {
  return (): WorkerProcess => {
    const exitListeners: Array<(exit: WorkerExit) => void> = [];
    let exited = false;
    const exit = (info: WorkerExit) => {
      if (exited) return;
      exited = true;
      for (const listener of exitListeners) listener(info);
    };
    let child: Electron.UtilityProcess;
    try {
      child = utilityProcess.fork(script, [], {
        serviceName: 'Sync Workbench measuring process',
        stdio: 'inherit',
        env,
      });
    } catch {
      const dead: WorkerProcess = {
        send: () => undefined,
        onMessage: () => undefined,
        onExit: (listener) => void setImmediate(() => listener({ code: null, signal: null })),
        kill: () => undefined,
      };
      return dead;
    }
    child.on('exit', (code) => exit({ code, signal: null }));
    return {
      send: (message) => {
        if (!exited) child.postMessage(message);
      },
      onMessage: (listener) => void child.on('message', listener),
      onExit: (listener) => void exitListeners.push(listener),
      kill: () => void child.kill(),
    };
  };
}
