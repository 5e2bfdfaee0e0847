/**
 * The desktop shell's IPC: one `ipcMain.handle` per API method (CHANNEL_PREFIX + method). Every call's sender is
 * checked (one of the app's own windows, showing an app:// page) before the payload reaches the service, which
 * validates it; a refused sender gets FORBIDDEN. Handlers never throw (Electron would keep only the message).
 */
import type { IpcMain, IpcMainInvokeEvent } from 'electron';

import { API_METHODS, CHANNEL_PREFIX } from '../contract';
import type { Dispatch } from '../core/service/dispatch';
import { fail } from '../core/service/failure';
import { isAppUrl } from './app-url';

/** Whether `event` comes from a window of this app showing the app's own page. */
export type SenderCheck = (event: IpcMainInvokeEvent) => boolean;

/** A SenderCheck trusting the top frame of the web contents whose ids `trustedIds()` lists, on an app:// page. */
export function appSenderCheck(trustedIds: () => ReadonlySet<number>): SenderCheck {
  return (event) => {
    const frame = event.senderFrame;
    return (
      trustedIds().has(event.sender.id) &&
      frame !== null &&
      frame === event.sender.mainFrame &&
      isAppUrl(frame.url)
    );
  };
}

/** Registers the handlers; returns a function that removes them. */
export function registerIpc(
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>,
  dispatch: Dispatch,
  trusted: SenderCheck,
) {
  for (const method of API_METHODS) {
    ipcMain.handle(CHANNEL_PREFIX + method, async (event, ...args: unknown[]) => {
      if (!trusted(event)) {
        return fail('FORBIDDEN', `IPC from ${event.senderFrame?.url ?? 'an unknown frame'} is not allowed.`);
      }
      return dispatch(method, args);
    });
  }
  return () => {
    for (const method of API_METHODS) ipcMain.removeHandler(CHANNEL_PREFIX + method);
  };
}
