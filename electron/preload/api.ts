/**
 * The contract API over Electron IPC, built from the contract's runtime allowlist: one `invoke` per method of
 * API_METHODS on `CHANNEL_PREFIX + method`, run events from RUN_EVENT_CHANNEL, export progress from
 * EXPORT_PROGRESS_CHANNEL and files the system opened from OPEN_RESULT_CHANNEL. Nothing else of IPC is reachable
 * from the page (no raw ipcRenderer, no channel names chosen by the caller).
 */
import {
  API_METHODS,
  CHANNEL_PREFIX,
  EXPORT_PROGRESS_CHANNEL,
  OPEN_RESULT_CHANNEL,
  RUN_EVENT_CHANNEL,
  type ExportProgressEvent,
  type OpenedResult,
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
  const subscribe =
    <T>(name: string, channel: string) =>
    (listener: (value: T) => void) => {
      if (typeof listener !== 'function') throw new TypeError(`${name} needs a function`);
      const forward = (_event: unknown, value: unknown) => listener(value as T);
      ipc.on(channel, forward);
      return () => void ipc.removeListener(channel, forward);
    };
  api.onRunEvent = subscribe<RunEvent>('onRunEvent', RUN_EVENT_CHANNEL);
  api.onExportProgress = subscribe<ExportProgressEvent>('onExportProgress', EXPORT_PROGRESS_CHANNEL);
  api.onOpenResult = subscribe<OpenedResult>('onOpenResult', OPEN_RESULT_CHANNEL);
  return Object.freeze(api) as unknown as WorkbenchApi;
}
