import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./electron-fake'));
vi.mock('electron-window-state', () => import('./window-state-fake'));

import { APP_ENTRY_URL } from '../../../electron/main/app-url';
import { createMainWindow } from '../../../electron/main/window';
import { BrowserWindow } from './electron-fake';
import { manage } from './window-state-fake';

describe('main window', () => {
  const win = createMainWindow('/app/dist/electron/preload.cjs') as unknown as BrowserWindow;

  it('is sandboxed, context-isolated, without Node, with the preload as its only bridge', () => {
    expect(win.options.webPreferences).toMatchObject({
      preload: '/app/dist/electron/preload.cjs',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      webviewTag: false,
      allowRunningInsecureContent: false,
    });
  });

  it('opens the app page (not file://) at the remembered size, and remembers it', () => {
    expect(win.loadURL).toHaveBeenCalledWith(APP_ENTRY_URL);
    expect(APP_ENTRY_URL).toBe('app://workbench/index.html');
    expect(win.options).toMatchObject({ x: 10, y: 20, width: 1280, height: 800, show: false });
    expect(manage).toHaveBeenCalledWith(win);
    win.emit('ready-to-show');
    expect(win.show).toHaveBeenCalled();
  });
});
