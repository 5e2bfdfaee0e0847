/**
 * The desktop shell: main owns the measuring process (a utility process, supervised by
 * electron/worker), the service, the IPC and the windows. Main never loads the addon, so a GPU fault, a driver
 * hang or a missing addon never takes the window down; the Device view explains what is wrong.
 *
 * Result files the system hands the app (command line, file manager, a second instance's arguments, macOS
 * 'open-file') are imported through the same checks as File > Import… and shown. A window whose page process dies
 * is reloaded. The measuring process logs to the app's log folder. DevTools exist only in development builds.
 * Menus and dialogs are in the UI's language: the system's at start (app.getLocale()), then whatever the page says
 * through setLocale, which rebuilds the menu.
 */
import path from 'node:path';

import { app, BrowserWindow, dialog, ipcMain, Menu, session, type SaveDialogOptions } from 'electron';

import { EXPORT_PROGRESS_CHANNEL, RUN_EVENT_CHANNEL, type Locale } from '../contract';
import { APP_VERSION } from '../core/app-info';
import { createWorkbenchService } from '../core/service/create-service';
import { createDispatch } from '../core/service/dispatch';
import { ok } from '../core/service/failure';
import { LocaleSchema, parse } from '../core/service/validate';
import { pickLocale } from '../model/words/locale';
import { defaultResultsDir } from '../core/service/paths';
import type { ResultFormatter, SupervisedBackend } from '../core/service/ports';
import type { WorkbenchService } from '../core/service/service';
import type { ShellWords } from '../model/words/shell';
import { createWorkerBackend } from '../worker/worker-backend';
import { registerAppScheme, serveAppScheme } from './app-protocol';
import { desktopPaths, type DesktopPaths } from './desktop-paths';
import { desktopExport, type DesktopExportDeps } from './export';
import { appSenderCheck, registerIpc } from './ipc';
import { menuTemplate } from './menu';
import { menuActions } from './menu-actions';
import { resultOpener } from './open-results';
import { resultFilesInArgv } from './open-files';
import { htmlToPdf } from './pdf';
import { reloadAfterRendererGone } from './renderer-recovery';
import { denyPermissions, hardenWebContents } from './security';
import { shellWords } from './shell-text';
import { utilityForkWorker } from './utility-worker';
import { createMainWindow } from './window';

export interface DesktopOptions {
  /** The single-file HTML report builder (also used for PDF); absent until the report module exists. */
  htmlReport?: ResultFormatter['htmlReport'];
  /** The built report page: exports, the HTML report included, are then made in a worker thread. */
  reportDir?: string;
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
  // macOS hands documents over with 'open-file', possibly before the app is ready: they wait for boot.
  const early: string[] = [];
  let openFiles: (files: string[]) => void = (files) => {
    early.push(...files);
  };
  app.on('open-file', (event, file) => {
    event.preventDefault();
    openFiles([file]);
  });
  app
    .whenReady()
    .then(() => {
      openFiles = boot(opts);
      openFiles([...early, ...resultFilesInArgv(process.argv, process.cwd())]);
    })
    .catch((err: unknown) => {
      dialog.showErrorBox(
        shellWords(systemLocale()).couldNotStart,
        err instanceof Error ? (err.stack ?? err.message) : String(err),
      );
      app.quit();
    });
}

/** The system's language among the UI's (Electron's app.getLocale(), as the page maps navigator.languages). */
function systemLocale(): Locale {
  return pickLocale([app.getLocale()]);
}

/** Builds the app once Electron is ready; returns how to open result files (imported, then shown). */
function boot(opts: DesktopOptions): (files: string[]) => void {
  const paths = desktopPaths();
  const development = !app.isPackaged;
  let locale = systemLocale();
  const words = () => shellWords(locale);
  denyPermissions(session.defaultSession);
  serveAppScheme(paths.rendererDir);
  const { backend, service } = startService(paths, opts);

  const windows = new Set<BrowserWindow>();
  const focused = () => BrowserWindow.getFocusedWindow() ?? [...windows][0] ?? null;
  let lastOpenedId: string | null = null;
  const exportDeps: DesktopExportDeps = { service, htmlToPdf, chooseFile: saveDialogChooser(words, focused) };

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
      setLocale: async (raw) => {
        const p = parse(LocaleSchema, raw, 'locale');
        if (!p.ok) return p;
        if (p.value !== locale) {
          locale = p.value;
          setMenu();
        }
        return ok(null);
      },
    },
  );
  registerIpc(
    ipcMain,
    dispatch,
    appSenderCheck(() => new Set([...windows].map((w) => w.webContents.id))),
  );
  forwardEvents(service, windows);

  const actions = menuActions({
    service,
    exportDeps,
    window: focused,
    lastOpenedId: () => lastOpenedId,
    docsDir: paths.docsDir,
    words,
  });
  /** Sets the application menu in the current words (again after a switch of language). */
  function setMenu(): void {
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(menuTemplate(actions, process.platform, 'Sync Workbench', development, words())),
    );
  }
  setMenu();

  const open = () => openWindow(paths, development, windows, words);
  open();
  const openFiles = resultOpener({ service, window: () => focused() ?? open(), words });
  onAppEvents({ windows, focused, open, openFiles, dispose: () => void backend.dispose() });
  return openFiles;
}

/** The measuring process (a utility process running the worker script) and the service over it. */
function startService(
  paths: DesktopPaths,
  opts: DesktopOptions,
): { backend: SupervisedBackend; service: WorkbenchService } {
  const env = { ...process.env, ...(paths.addon ? { SYNCBENCH_ADDON: paths.addon } : {}) };
  const backend = createWorkerBackend({
    fork: utilityForkWorker({ script: paths.workerScript, env, logDir: app.getPath('logs') }),
  });
  const service = createWorkbenchService({
    backend,
    resultsDir: defaultResultsDir(),
    resourcesDir: paths.resourcesDir,
    ...(opts.htmlReport ? { htmlReport: opts.htmlReport } : {}),
    ...(opts.reportDir ? { reportDir: opts.reportDir } : {}),
  });
  return { backend, service };
}

/** File > Export…'s save dialog (on the focused window, in the Documents folder); null when cancelled. */
function saveDialogChooser(
  words: () => ShellWords,
  focused: () => BrowserWindow | null,
): DesktopExportDeps['chooseFile'] {
  return async (defaultName, formats) => {
    const options: SaveDialogOptions = {
      title: words().exportTitle,
      defaultPath: path.join(app.getPath('documents'), defaultName),
      filters: formats.map((f) => ({
        name: words().formatNames[f],
        extensions: f === 'json' ? ['syncbench.json', 'json'] : [f],
      })),
    };
    const win = focused();
    const r = await (win ? dialog.showSaveDialog(win, options) : dialog.showSaveDialog(options));
    return r.canceled || !r.filePath ? null : r.filePath;
  };
}

/** Sends every run event and export progress event to every open window. */
function forwardEvents(service: WorkbenchService, windows: ReadonlySet<BrowserWindow>): void {
  service.onRunEvent((event) => {
    for (const win of windows) if (!win.isDestroyed()) win.webContents.send(RUN_EVENT_CHANNEL, event);
  });
  service.onExportProgress((event) => {
    for (const win of windows) if (!win.isDestroyed()) win.webContents.send(EXPORT_PROGRESS_CHANNEL, event);
  });
}

/** Opens a main window, kept in `windows` until closed; its page is reloaded when its process dies. */
function openWindow(
  paths: DesktopPaths,
  development: boolean,
  windows: Set<BrowserWindow>,
  words: () => ShellWords,
): BrowserWindow {
  const win = createMainWindow(paths.preload, { devTools: development, icon: paths.icon ?? undefined });
  windows.add(win);
  win.on('closed', () => windows.delete(win));
  reloadAfterRendererGone(win.webContents, {
    giveUp: (message) => dialog.showErrorBox('Sync Workbench', message),
    words,
  });
  return win;
}

/** The app's life: a window again on macOS's 'activate', a second instance's files, quitting, the worker's end. */
function onAppEvents(deps: {
  windows: ReadonlySet<BrowserWindow>;
  focused: () => BrowserWindow | null;
  open: () => BrowserWindow;
  openFiles: (files: string[]) => void;
  dispose: () => void;
}): void {
  app.on('activate', () => {
    if (deps.windows.size === 0) deps.open();
  });
  app.on('second-instance', (_event, argv, workingDirectory) => {
    const win = deps.focused();
    if (win?.isMinimized()) win.restore();
    win?.focus();
    deps.openFiles(resultFilesInArgv(argv, workingDirectory));
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('will-quit', deps.dispose);
}
