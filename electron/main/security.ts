/**
 * Locks down every web contents of the app (Electron security checklist): no navigation away from the app, no new
 * windows (https links to an allowlisted host open in the user's browser instead, see external-links.ts), no
 * <webview>, no permission grants.
 */
import { shell, type Session, type WebContents } from 'electron';

import { isAllowedExternal } from './external-links';

function openExternally(url: string): void {
  if (isAllowedExternal(url)) void shell.openExternal(url);
}

/** Blocks navigation and new windows of `contents`. */
export function hardenWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    event.preventDefault();
    openExternally(url);
  });
  contents.setWindowOpenHandler(({ url }) => {
    openExternally(url);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Refuses every permission request (camera, notifications, …) of `session`. */
export function denyPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}
