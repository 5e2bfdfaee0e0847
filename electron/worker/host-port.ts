/**
 * The measuring process's end of the channel to the app: Electron's `process.parentPort` when it runs as a
 * utility process, Node's IPC (`process.send`) when it was started with `child_process.fork`.
 */
import type { FromHost } from './protocol';

export interface HostPort {
  send(message: FromHost): void;
  onMessage(listener: (message: unknown) => void): void;
}

interface ElectronParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

/**
 * The port to the parent process. Throws when there is none (the script was started by hand). When the parent of
 * a forked process goes away, this process exits.
 */
export function parentPort(): HostPort {
  const electronPort = (process as { parentPort?: ElectronParentPort }).parentPort;
  if (electronPort) {
    return {
      send: (message) => electronPort.postMessage(message),
      onMessage: (listener) => electronPort.on('message', (event) => listener(event.data)),
    };
  }
  const send = process.send?.bind(process);
  if (!send) {
    throw new Error(
      'The measuring process must be started by Sync Workbench (it has no channel to its parent).',
    );
  }
  process.on('disconnect', () => process.exit(0));
  return {
    send: (message) => void send(message),
    onMessage: (listener) => process.on('message', listener),
  };
}
