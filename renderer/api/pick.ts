import type { WorkbenchApi } from '../../electron/contract';
import { takePageToken } from './page-token';
import { createWsClient, wsUrlFromPage } from './ws-client';

declare global {
  interface Window {
    /** Exposed by the Electron preload (desktop shell); absent in the browser shell. */
    syncbench?: WorkbenchApi;
  }
}

/** The API of the shell that hosts this page: the preload bridge on the desktop, else the browser shell's WebSocket. */
export function pickApi(): WorkbenchApi {
  if (window.syncbench) return window.syncbench;
  return createWsClient({ url: wsUrlFromPage(window.location, takePageToken(window)) });
}
