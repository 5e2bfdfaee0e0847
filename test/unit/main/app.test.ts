import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./electron-fake'));
vi.mock('electron-window-state', () => import('./window-state-fake'));

import {
  API_METHODS,
  CHANNEL_PREFIX,
  EXPORT_PROGRESS_CHANNEL,
  OPEN_RESULT_CHANNEL,
  RUN_EVENT_CHANNEL,
  type ExportProgressEvent,
  type RunEvent,
} from '../../../electron/contract';
import { startDesktop } from '../../../electron/main/app';
import { makePoint, makeResult } from '../service/doubles';
import {
  app,
  appEvents,
  BrowserWindow,
  dialog,
  FakeWebContents,
  ipcHandlers,
  logsDir,
  Menu,
  protocol,
  utilityProcess,
} from './electron-fake';

process.env.SYNCBENCH_RESULTS_DIR = mkdtempSync(path.join(os.tmpdir(), 'sb-desktop-results-'));

describe('desktop app start-up (Electron mocked), on a machine where the measuring process cannot start', () => {
  let win: BrowserWindow;
  const call = (method: string, ...args: unknown[]) =>
    ipcHandlers.get(CHANNEL_PREFIX + method)!(
      { sender: win.webContents, senderFrame: win.webContents.mainFrame },
      ...args,
    );

  beforeAll(async () => {
    startDesktop();
    await new Promise((r) => setTimeout(r, 50));
    win = BrowserWindow.instances[0]!;
  });

  it('declares the app scheme before ready, sandboxes every renderer, takes the single-instance lock', () => {
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      expect.objectContaining({
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, secure: true }),
      }),
    ]);
    expect(app.enableSandbox).toHaveBeenCalled();
    expect(app.requestSingleInstanceLock).toHaveBeenCalled();
    expect(protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
  });

  it('opens one sandboxed window, registers every IPC method, sets the menu', () => {
    expect(BrowserWindow.instances).toHaveLength(1);
    expect(win.options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
    });
    expect(String((win.options.webPreferences as { preload: string }).preload)).toMatch(/preload\.cjs$/);
    expect([...ipcHandlers.keys()].sort()).toEqual(API_METHODS.map((m) => CHANNEL_PREFIX + m).sort());
    expect(Menu.setApplicationMenu).toHaveBeenCalled();
  });

  it('does not crash and explains why no GPU can be used', async () => {
    const r = (await call('device')) as {
      ok: true;
      value: { available: boolean; reason: string; addon: { loaded: boolean } };
    };
    expect(r.ok).toBe(true);
    expect(r.value.available).toBe(false);
    expect(r.value.addon.loaded).toBe(false);
    expect(r.value.reason).toMatch(/measuring process/);
    expect(utilityProcess.fork).toHaveBeenCalled();
    expect(await call('shell')).toMatchObject({ ok: true, value: { kind: 'desktop' } });
  });

  it('imports a result and forwards a replay run events to the window', async () => {
    const file = makeResult([makePoint(0), makePoint(1), makePoint(2)], {
      id: 'result-desktop-1',
      name: 'imported sweep',
    });
    const imported = await call('importResult', {
      fileName: 'a.json',
      content: JSON.stringify(file),
      base64: false,
    });
    expect(imported).toMatchObject({ ok: true, value: { name: 'imported sweep' } });
    const started = (await call('startReplay', { resultId: 'result-desktop-1', speed: 0 })) as {
      ok: boolean;
    };
    expect(started.ok).toBe(true);
    await vi.waitFor(() => {
      const types = win.webContents.send.mock.calls
        .filter(([channel]) => channel === RUN_EVENT_CHANNEL)
        .map(([, e]) => (e as RunEvent).type);
      expect(types).toContain('finished');
    });
    const events = win.webContents.send.mock.calls.map(([, e]) => e as RunEvent);
    expect(events.every((e) => e.replay)).toBe(true);
  });

  it('offers DevTools in this development run (unpackaged), and logs the measuring process', () => {
    expect(win.options.webPreferences).toMatchObject({ devTools: true });
    const template = (
      Menu.buildFromTemplate.mock.calls.at(-1)![0] as Array<{ submenu?: Array<{ role?: string }> }>
    )
      .flatMap((m) => m.submenu ?? [])
      .map((i) => i.role);
    expect(template).toContain('toggleDevTools');
    expect(existsSync(path.join(logsDir, 'measuring-process.log'))).toBe(true);
  });

  it("sends an export's progress to the window, and cancels it over IPC before any dialog or write", async () => {
    const progress: ExportProgressEvent[] = [];
    const cancels: unknown[] = [];
    win.webContents.send.mockImplementation((channel: string, event: ExportProgressEvent) => {
      if (channel !== EXPORT_PROGRESS_CHANNEL) return;
      progress.push(event);
      cancels.push(call('cancelExport', event.exportId));
    });
    dialog.showSaveDialog.mockClear();
    const outcome = await call('exportResults', {
      ids: ['result-desktop-1'],
      format: 'csv',
      exportId: 'ipc-1',
    });
    win.webContents.send.mockReset();
    expect(outcome).toMatchObject({ ok: false, code: 'CANCELLED' });
    expect(progress[0]).toEqual({ exportId: 'ipc-1', phase: 'read', fraction: 0 });
    expect(await cancels[0]).toEqual({ ok: true, value: null });
    expect(dialog.showSaveDialog).not.toHaveBeenCalled();
    expect(await call('cancelExport', 'ipc-1')).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  it('imports and shows a result file a second instance was started with', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-second-'));
    const file = makeResult([makePoint(0)], { id: 'result-opened-1', name: 'opened from the file manager' });
    writeFileSync(path.join(dir, 'opened.syncbench.json'), JSON.stringify(file));
    win.webContents.send.mockClear();
    appEvents.emit('second-instance', {}, ['/opt/sync-workbench', '--flag', 'opened.syncbench.json'], dir);
    await vi.waitFor(() =>
      expect(win.webContents.send).toHaveBeenCalledWith(OPEN_RESULT_CHANNEL, {
        resultId: 'result-opened-1',
        message: expect.stringContaining('opened.syncbench.json'),
        // The import's code travels along, so the page words it in its language.
        text: {
          code: 'import.added',
          params: { file: 'opened.syncbench.json', name: 'opened from the file manager' },
        },
      }),
    );
    expect(win.focus).toHaveBeenCalled();
    expect(await call('getResult', 'result-opened-1')).toMatchObject({
      ok: true,
      value: { name: 'opened from the file manager' },
    });
  });

  it('reloads the window when its page process dies; the library is still there', async () => {
    win.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
    expect(win.webContents.reload).toHaveBeenCalledOnce();
    expect(await call('getResult', 'result-desktop-1')).toMatchObject({ ok: true });
  });

  it('starts in the system language and rebuilds the menu in the language the page switches to', async () => {
    type Item = { label?: string; role?: string; submenu?: Item[] };
    const lastMenu = () => Menu.buildFromTemplate.mock.calls.at(-1)![0] as Item[];
    // app.getLocale() said en-US: Electron's role menus, English labels.
    expect(lastMenu().map((m) => m.label ?? m.role)).toEqual([
      'File',
      'editMenu',
      'View',
      'windowMenu',
      'help',
    ]);
    const builds = Menu.buildFromTemplate.mock.calls.length;
    expect(await call('setLocale', 'zh-CN')).toEqual({ ok: true, value: null });
    expect(Menu.buildFromTemplate.mock.calls.length).toBe(builds + 1);
    expect(Menu.setApplicationMenu).toHaveBeenLastCalledWith({ template: lastMenu() });
    expect(lastMenu().map((m) => m.label)).toEqual(['文件', '编辑', '视图', '窗口', '帮助']);
    expect(lastMenu()[0]!.submenu!.map((i) => i.label)).toEqual(['导入结果…', '导出…', undefined, '退出']);
    // The same language again changes nothing; an unknown one is refused, naming the allowed ones.
    expect(await call('setLocale', 'zh-CN')).toEqual({ ok: true, value: null });
    expect(Menu.buildFromTemplate.mock.calls.length).toBe(builds + 1);
    expect(await call('setLocale', 'fr')).toMatchObject({
      ok: false,
      code: 'INVALID',
      fieldErrors: { locale: "must be one of 'en', 'zh-CN' (the UI's language)" },
    });
    expect(await call('setLocale', 'en')).toEqual({ ok: true, value: null });
    expect(lastMenu()[0]!.label).toBe('File');
  });

  it('hardens every web contents the app creates', () => {
    const contents = new FakeWebContents();
    appEvents.emit('web-contents-created', {}, contents);
    const event = { preventDefault: vi.fn() };
    contents.emit('will-navigate', event, 'https://evil.example');
    expect(event.preventDefault).toHaveBeenCalled();
    expect(contents.openHandler?.({ url: 'https://evil.example' })).toEqual({ action: 'deny' });
  });
});
