/**
 * The desktop shell in Simplified Chinese, Electron mocked: the menu's every label, the import,
 * export and message dialogs (an import's outcome worded by its code), About, the report File > Export… writes, and
 * the message of a window that keeps dying. The English menu keeps Electron's role labels (menu.test.ts).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./electron-fake'));

import type { MenuItemConstructorOptions } from 'electron';

import type { ExportRequest } from '../../../electron/contract';
import { menuTemplate } from '../../../electron/main/menu';
import { menuActions, type MenuActionDeps } from '../../../electron/main/menu-actions';
import { reloadAfterRendererGone } from '../../../electron/main/renderer-recovery';
import { shellWords } from '../../../electron/main/shell-text';
import { SHELL_ZH_CN } from '../../../electron/model/words/zh-CN/shell';
import { latinWords } from '../renderer/english-words';
import { app, dialog, FakeWebContents } from './electron-fake';

const ZH = SHELL_ZH_CN;

function flat(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? flat(i.submenu) : [])]);
}

describe('the menu in zh-CN', () => {
  const actions = { importResult: vi.fn(), exportResult: vi.fn(), openDocs: vi.fn(), about: vi.fn() };

  it.each(['linux', 'win32', 'darwin'] as const)('labels every item in Chinese on %s', (platform) => {
    const items = flat(menuTemplate(actions, platform, 'Sync Workbench', true, ZH));
    const shown = items.filter((i) => i.type !== 'separator');
    // Every item has its own label: none is left to Electron's English role labels.
    expect(shown.filter((i) => !i.label)).toEqual([]);
    const labels = shown.map((i) => i.label!.replace('Sync Workbench', ''));
    expect(latinWords(labels)).toEqual([]);
    expect(shown.map((i) => i.role)).not.toContain('editMenu');
    expect(shown.map((i) => i.role)).not.toContain('windowMenu');
  });

  it('keeps the accelerators and the actions', () => {
    const items = flat(menuTemplate(actions, 'linux', 'Sync Workbench', false, ZH));
    const byLabel = (label: string) => items.find((i) => i.label === label)!;
    expect(byLabel('导入结果…').accelerator).toBe('CmdOrCtrl+O');
    expect(byLabel('导出…').accelerator).toBe('CmdOrCtrl+E');
    byLabel('关于 Sync Workbench').click!(undefined as never, undefined, undefined as never);
    expect(actions.about).toHaveBeenCalledOnce();
    expect(items.find((i) => i.role === 'quit')!.label).toBe('退出');
    expect(items.find((i) => i.role === 'copy')!.label).toBe('复制');
  });
});

describe('the dialogs in zh-CN', () => {
  const exportResults = vi.fn(async (req: ExportRequest) => ({
    ok: true as const,
    value: {
      fileName: 'x',
      savedPath: null,
      mime: 'text/html',
      content: `<html lang="${req.locale}">`,
      base64: false,
    },
  }));
  let deps: MenuActionDeps;
  let chooseFile: ReturnType<typeof vi.fn<() => Promise<string | null>>>;
  let writeFile: ReturnType<typeof vi.fn<(file: string, data: Buffer) => Promise<void>>>;

  beforeEach(() => {
    vi.clearAllMocks();
    chooseFile = vi.fn(async (): Promise<string | null> => '/tmp/report.html');
    writeFile = vi.fn(async (_file: string, _data: Buffer) => undefined);
    deps = {
      service: {
        importResult: vi.fn(async () => ({
          ok: true as const,
          value: {
            id: 'result-1',
            name: 'H200 sweep',
            importOutcome: {
              status: 'added',
              message: 'run.json: imported as "H200 sweep".',
              text: { code: 'import.added', params: { file: 'run.json', name: 'H200 sweep' } },
            },
          },
        })),
        listResults: vi.fn(async () => ({ ok: true as const, value: [] })),
        getResult: vi.fn(async (id: string) => ({ ok: true as const, value: { id, name: 'H200 sweep' } })),
      } as unknown as MenuActionDeps['service'],
      exportDeps: { service: { exportResults }, chooseFile, htmlToPdf: vi.fn(), writeFile },
      window: () => null,
      lastOpenedId: () => null,
      docsDir: '/nonexistent/docs',
      words: () => ZH,
    };
  });

  it('imports with a Chinese open dialog and words what the import did by its code', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-zh-import-'));
    writeFileSync(path.join(dir, 'run.json'), '{}');
    dialog.showOpenDialog.mockResolvedValueOnce({
      canceled: false,
      filePaths: [path.join(dir, 'run.json')] as never[],
    });
    menuActions(deps).importResult();
    await vi.waitFor(() => expect(dialog.showMessageBox).toHaveBeenCalled());
    expect(dialog.showOpenDialog).toHaveBeenCalledWith(
      expect.objectContaining({
        title: '导入结果文件',
        filters: [
          { name: 'Sync Workbench 结果', extensions: ['syncbench.json', 'json'] },
          { name: '所有文件', extensions: ['*'] },
        ],
      }),
    );
    expect(dialog.showMessageBox).toHaveBeenCalledWith({
      type: 'info',
      message: '导入',
      detail: 'run.json：已导入为“H200 sweep”。\n\n“结果”视图中列出了它们。',
      buttons: ['确定'],
    });
  });

  it('says in Chinese why main refused a file before the host saw it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-zh-refused-'));
    dialog.showOpenDialog.mockResolvedValueOnce({
      canceled: false,
      filePaths: [path.join(dir, 'gone.json'), dir] as never[],
    });
    menuActions(deps).importResult();
    await vi.waitFor(() => expect(dialog.showMessageBox).toHaveBeenCalled());
    expect(dialog.showMessageBox).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'warning',
        detail: `gone.json：文件不存在\n${path.basename(dir)}：它不是文件\n\n“结果”视图中列出了它们。`,
      }),
    );
    expect(deps.service.importResult).not.toHaveBeenCalled();
  });

  it('says there is nothing to export yet, in Chinese', async () => {
    menuActions(deps).exportResult();
    await vi.waitFor(() => expect(dialog.showMessageBox).toHaveBeenCalled());
    expect(dialog.showMessageBox).toHaveBeenCalledWith({
      type: 'info',
      message: '还没有可导出的内容',
      detail: '请先运行一次测量或导入一个结果，打开它，然后再导出。',
      buttons: ['确定'],
    });
  });

  it('writes File > Export…’s report in the UI’s language', async () => {
    deps.lastOpenedId = () => 'result-1';
    menuActions(deps).exportResult();
    await vi.waitFor(() => expect(writeFile).toHaveBeenCalled());
    expect(exportResults).toHaveBeenCalledWith(
      { ids: ['result-1'], format: 'html', locale: 'zh-CN' },
      { deliver: 'bytes' },
    );
    expect(String(writeFile.mock.calls[0]![1])).toBe('<html lang="zh-CN">');
  });

  it('shows About with Chinese credits', () => {
    menuActions(deps).about();
    expect(app.setAboutPanelOptions).toHaveBeenCalledWith(
      expect.objectContaining({ credits: '在你自己的 GPU 上测量 CUDA 同步的开销。' }),
    );
  });
});

describe('a window that keeps dying, in zh-CN', () => {
  it('says why it is not reloaded again in Chinese', () => {
    const c = new FakeWebContents();
    const giveUp = vi.fn();
    let t = 0;
    reloadAfterRendererGone(c as never, { giveUp, now: () => (t += 1000), words: () => shellWords('zh-CN') });
    for (let i = 0; i < 4; i += 1) c.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
    expect(giveUp).toHaveBeenCalledWith(
      '窗口的页面在 60 秒内停止了 4 次（最近一次：crashed，退出码 139），因此不再重新加载。你的结果已保存；请重新启动 Sync Workbench。',
    );
  });
});
