/**
 * A stand-in for the `electron` module in main-process tests (importing the real one would try to find or
 * download Electron's binary). Records what main asks of Electron; tests drive events through it.
 */
import { EventEmitter } from 'node:events';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { vi } from 'vitest';

type Handler = (event: unknown, ...args: unknown[]) => unknown;

export const ipcHandlers = new Map<string, Handler>();
export const ipcMain = {
  handle: vi.fn((channel: string, handler: Handler) => void ipcHandlers.set(channel, handler)),
  removeHandler: vi.fn((channel: string) => void ipcHandlers.delete(channel)),
};

let nextId = 1;
export class FakeWebContents extends EventEmitter {
  readonly id = nextId++;
  openHandler: ((details: { url: string }) => { action: string }) | null = null;
  mainFrame = { url: 'app://workbench/index.html' };
  send = vi.fn();
  setWindowOpenHandler = vi.fn(
    (h: (details: { url: string }) => { action: string }) => void (this.openHandler = h),
  );
  printToPDF = vi.fn(async () => Buffer.from('%PDF-fake'));
  reload = vi.fn();
  isLoading = vi.fn(() => false);
}

export class BrowserWindow extends EventEmitter {
  static instances: BrowserWindow[] = [];
  static getFocusedWindow = vi.fn(() => null);
  readonly webContents = new FakeWebContents();
  loadURL = vi.fn(async () => undefined);
  loadFile = vi.fn(async () => undefined);
  show = vi.fn();
  destroy = vi.fn();
  isDestroyed = vi.fn(() => false);
  isMinimized = vi.fn(() => false);
  restore = vi.fn();
  focus = vi.fn();
  constructor(readonly options: Record<string, unknown>) {
    super();
    BrowserWindow.instances.push(this);
  }
}

export const appEvents = new EventEmitter();
export const logsDir = mkdtempSync(path.join(os.tmpdir(), 'sb-fake-logs-'));
export const app = {
  on: vi.fn((event: string, listener: (...a: unknown[]) => void) => appEvents.on(event, listener)),
  whenReady: vi.fn(() => Promise.resolve()),
  requestSingleInstanceLock: vi.fn(() => true),
  enableSandbox: vi.fn(),
  quit: vi.fn(),
  exit: vi.fn(),
  getAppPath: vi.fn(() => '/nonexistent/app'),
  /** 'logs' is a fresh temporary folder (the measuring process writes its log there); anything else /tmp. */
  getPath: vi.fn((name: string) => (name === 'logs' ? logsDir : '/tmp')),
  isPackaged: false,
  /** The system's language as Electron reports it (a test may say another). */
  getLocale: vi.fn(() => 'en-US'),
  setAboutPanelOptions: vi.fn(),
  showAboutPanel: vi.fn(),
};

export const protocol = { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() };
export const session = {
  defaultSession: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() },
};
export const Menu = {
  setApplicationMenu: vi.fn(),
  buildFromTemplate: vi.fn((template: unknown) => ({ template })),
};
export const dialog = {
  showErrorBox: vi.fn(),
  showSaveDialog: vi.fn(async () => ({ canceled: true, filePath: undefined })),
  showOpenDialog: vi.fn(async () => ({ canceled: true, filePaths: [] })),
  showMessageBox: vi.fn(async () => ({ response: 0 })),
};
export const shell = { openExternal: vi.fn(async () => undefined), openPath: vi.fn(async () => '') };

/** utilityProcess.fork: by default a process that exits at once (the measuring process cannot start). */
export const utilityProcess = {
  fork: vi.fn(() => {
    const child = Object.assign(new EventEmitter(), { postMessage: vi.fn(), kill: vi.fn() });
    setImmediate(() => child.emit('exit', 1));
    return child;
  }),
};
