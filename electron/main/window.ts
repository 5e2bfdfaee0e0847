/**
 * The main window: sandboxed, context-isolated, no Node in the page, the preload as the only bridge, DevTools only
 * in development (an unpackaged run); its size, position and maximized state remembered between launches
 * (electron-window-state). Usable at 1280×800.
 */
import { BrowserWindow } from 'electron';
import windowStateKeeper from 'electron-window-state';

import { APP_ENTRY_URL } from './app-url';

/** The webPreferences of every app window (exported for the tests); `devTools` only in development builds. */
export function securePreferences(preload: string, devTools = false): Electron.WebPreferences {
  return {
    preload,
    devTools,
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: false,
  };
}

/** Opens the workbench window on the app page; shown when its first paint is ready. */
export function createMainWindow(
  preload: string,
  opts: { devTools?: boolean; icon?: string } = {},
): BrowserWindow {
  const state = windowStateKeeper({ defaultWidth: 1280, defaultHeight: 800 });
  const win = new BrowserWindow({
    x: state.x,
    y: state.y,
    width: state.width,
    height: state.height,
    minWidth: 960,
    minHeight: 640,
    show: false,
    title: 'Sync Workbench',
    ...(opts.icon ? { icon: opts.icon } : {}),
    webPreferences: securePreferences(preload, opts.devTools ?? false),
  });
  state.manage(win);
  win.once('ready-to-show', () => win.show());
  void win.loadURL(APP_ENTRY_URL);
  return win;
}
