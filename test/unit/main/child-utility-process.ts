/**
 * Electron's `utilityProcess.fork`, played by a real Node child process: same options, same events, same
 * `kill()` (SIGTERM), and an 'exit' that carries only a number, as Electron's does (the signal number for a
 * signalled child). The measuring process inside is the real host plumbing (it talks over Node's IPC).
 */
import { fork as forkChild } from 'node:child_process';
import { EventEmitter } from 'node:events';
import os from 'node:os';

import type { UtilityChild, UtilityFork } from '../../../electron/main/utility-worker';

export const childUtilityFork: UtilityFork = (modulePath, args, options) => {
  const child = forkChild(modulePath, args, {
    env: options.env,
    execArgv: options.execArgv ?? [],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const emitter = new EventEmitter() as EventEmitter & UtilityChild;
  Object.defineProperties(emitter, {
    pid: { get: () => child.pid },
    stdout: { value: child.stdout },
    stderr: { value: child.stderr },
  });
  emitter.postMessage = (message: unknown) => void (child.connected && child.send(message as object));
  emitter.kill = () => child.kill('SIGTERM');
  child.on('message', (message) => emitter.emit('message', message));
  child.on('exit', (code, signal) =>
    emitter.emit('exit', code ?? (signal ? os.constants.signals[signal] : 0)),
  );
  return emitter;
};
