/**
 * The contract API over Electron IPC, built from the contract's runtime allowlist: one `invoke` per method of
 * API_METHODS on `CHANNEL_PREFIX + method`, and run events from RUN_EVENT_CHANNEL. Nothing else of IPC is reachable
 * from the page (no raw ipcRenderer, no channel names chosen by the caller).
 */
import {
  API_METHODS,
  CHANNEL_PREFIX,
  RUN_EVENT_CHANNEL,
  type RunEvent,
  type WorkbenchApi,
} from '../contract';

/** The part of Electron's ipcRenderer the bridge uses. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/** A frozen `WorkbenchApi` whose methods invoke main over `ipc`. */
export function createBridgeApi(ipc: IpcRendererLike): WorkbenchApi {
  const api: Record<string, unknown> = {};
  for (const method of API_METHODS) {
    api[method] = (...args: unknown[]) => ipc.invoke(CHANNEL_PREFIX + method, ...args);
  }
  api.onRunEvent = (listener: (event: RunEvent) => void) => {
    if (typeof listener !== 'function') throw new TypeError('onRunEvent needs a function');
    const forward = (_event: unknown, runEvent: unknown) => listener(runEvent as RunEvent);
    ipc.on(RUN_EVENT_CHANNEL, forward);
    return () => void ipc.removeListener(RUN_EVENT_CHANNEL, forward);
  };
  return Object.freeze(api) as unknown as WorkbenchApi;
}
