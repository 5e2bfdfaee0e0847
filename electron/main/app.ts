/**
 * The desktop shell (issue 3 §1): main owns the measuring process (a utility process, supervised by
 * electron/worker), the service, the IPC and the windows. Main never loads the addon, so a GPU fault, a driver
 * hang or a missing addon never takes the window down; the Device view explains what is wrong.
 */
import path from 'node:path';

import { app, BrowserWindow, dialog, ipcMain, Menu, session, type SaveDialogOptions } from 'electron';

import { RUN_EVENT_CHANNEL } from '../contract';
import { APP_VERSION } from '../core/app-info';
import { createWorkbenchService } from '../core/service/create-service';
import { createDispatch } from '../core/service/dispatch';
import { defaultResultsDir } from '../core/service/paths';
import type { ResultFormatter } from '../core/service/ports';
import { createWorkerBackend } from '../worker/worker-backend';
import { registerAppScheme, serveAppScheme } from './app-protocol';
import { desktopPaths } from './desktop-paths';
import { desktopExport, FORMAT_NAMES, type DesktopExportDeps } from './export';
import { appSenderCheck, registerIpc } from './ipc';
import { menuTemplate } from './menu';
import { menuActions } from './menu-actions';
import { htmlToPdf } from './pdf';
import { denyPermissions, hardenWebContents } from './security';
import { utilityForkWorker } from './utility-worker';
import { createMainWindow } from './window';

export interface DesktopOptions {
  /** The single-file HTML report builder (also used for PDF); absent until the report module exists. */
  htmlReport?: ResultFormatter['htmlReport'];
}

/** Starts the desktop app. Call once, at the top level of the main bundle. */
export function startDesktop(opts: DesktopOptions = {}): void {
  registerAppScheme();
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.enableSandbox();
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
  app
    .whenReady()
    .then(() => boot(opts))
    .catch((err: unknown) => {
      dialog.showErrorBox(
        'Sync Workbench could not start',
        err instanceof Error ? (err.stack ?? err.message) : String(err),
      );
      app.quit();
    });
}

function boot(opts: DesktopOptions): void {
  const paths = desktopPaths();
  denyPermissions(session.defaultSession);
  serveAppScheme(paths.rendererDir);

  const env = { ...process.env, ...(paths.addon ? { SYNCBENCH_ADDON: paths.addon } : {}) };
  const backend = createWorkerBackend({ fork: utilityForkWorker(paths.workerScript, env) });
  const service = createWorkbenchService({
    backend,
    resultsDir: defaultResultsDir(),
    resourcesDir: paths.resourcesDir,
    ...(opts.htmlReport ? { htmlReport: opts.htmlReport } : {}),
  });

  const windows = new Set<BrowserWindow>();
  const focused = () => BrowserWindow.getFocusedWindow() ?? [...windows][0] ?? null;
  let lastOpenedId: string | null = null;

  const exportDeps: DesktopExportDeps = {
    service,
    htmlToPdf,
    chooseFile: async (defaultName, formats) => {
      const options: SaveDialogOptions = {
        title: 'Export',
        defaultPath: path.join(app.getPath('documents'), defaultName),
        filters: formats.map((f) => ({ name: FORMAT_NAMES[f], extensions: [f] })),
      };
      const win = focused();
      const r = await (win ? dialog.showSaveDialog(win, options) : dialog.showSaveDialog(options));
      return r.canceled || !r.filePath ? null : r.filePath;
    },
  };

  const dispatch = createDispatch(
    service,
    { kind: 'desktop', version: APP_VERSION },
    {
      exportResults: (req) => desktopExport(exportDeps, req),
      getResult: async (id) => {
        const r = await service.getResult(id);
        if (r.ok) lastOpenedId = r.value.id;
        return r;
      },
    },
  );
  registerIpc(
    ipcMain,
    dispatch,
    appSenderCheck(() => new Set([...windows].map((w) => w.webContents.id))),
  );
  service.onRunEvent((event) => {
    for (const win of windows) if (!win.isDestroyed()) win.webContents.send(RUN_EVENT_CHANNEL, event);
  });

  const actions = menuActions({
    service,
    exportDeps,
    window: focused,
    lastOpenedId: () => lastOpenedId,
    docsDir: paths.docsDir,
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(actions)));

  const open = () => {
    const win = createMainWindow(paths.preload);
    windows.add(win);
    win.on('closed', () => windows.delete(win));
  };
  open();
  app.on('activate', () => {
    if (windows.size === 0) open();
  });
  app.on('second-instance', () => {
    const win = focused();
    if (win?.isMinimized()) win.restore();
    win?.focus();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('will-quit', () => void backend.dispose());
}
