/**
 * What the menu's commands do in main: import result files chosen in an open dialog, export the result the user
 * last opened (or the newest one) through a save dialog, open the documentation, show About.
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

import { app, dialog, shell, type BrowserWindow } from 'electron';

import { MAX_RESULT_FILE_BYTES } from '../contract';
import { APP_COMMIT, APP_VERSION } from '../core/app-info';
import type { ServiceApi } from '../core/service/service';
import { menuExport, type DesktopExportDeps } from './export';
import type { MenuActions } from './menu';

export interface MenuActionDeps {
  service: ServiceApi;
  exportDeps: DesktopExportDeps;
  /** The window dialogs belong to (null: none open). */
  window(): BrowserWindow | null;
  /** The id of the result the renderer last opened, if any. */
  lastOpenedId(): string | null;
  docsDir: string;
}

async function tell(win: BrowserWindow | null, type: 'info' | 'warning', message: string, detail: string) {
  const opts = { type, message, detail, buttons: ['OK'] };
  await (win ? dialog.showMessageBox(win, opts) : dialog.showMessageBox(opts));
}

/** The menu's actions over the service. */
export function menuActions(deps: MenuActionDeps): MenuActions {
  const importResult = async () => {
    const win = deps.window();
    const opts: Electron.OpenDialogOptions = {
      title: 'Import result files',
      properties: ['openFile', 'multiSelections'],
      filters: [
        { name: 'Sync Workbench results', extensions: ['json'] },
        { name: 'All files', extensions: ['*'] },
      ],
    };
    const chosen = await (win ? dialog.showOpenDialog(win, opts) : dialog.showOpenDialog(opts));
    if (chosen.canceled || chosen.filePaths.length === 0) return;
    const lines: string[] = [];
    let failed = false;
    for (const file of chosen.filePaths) {
      const name = path.basename(file);
      try {
        if ((await stat(file)).size > MAX_RESULT_FILE_BYTES)
          throw new Error('the file is too large to be a result file');
        const content = (await readFile(file)).toString('base64');
        const r = await deps.service.importResult({ fileName: name, content, base64: true });
        lines.push(
          r.ok
            ? `${name}: ${r.value.importOutcome?.message ?? `imported as “${r.value.name}”.`}`
            : `${name}: ${r.message}`,
        );
        failed ||= !r.ok;
      } catch (err) {
        lines.push(`${name}: ${(err as Error).message}`);
        failed = true;
      }
    }
    await tell(
      win,
      failed ? 'warning' : 'info',
      'Import',
      `${lines.join('\n')}\n\nThe Results view lists them.`,
    );
  };

  const exportResult = async () => {
    const win = deps.window();
    let id = deps.lastOpenedId();
    if (!id) {
      const list = await deps.service.listResults();
      id = list.ok ? (list.value.find((r) => !r.reference)?.id ?? null) : null;
    }
    const result = id ? await deps.service.getResult(id) : null;
    if (!result?.ok) {
      await tell(
        win,
        'info',
        'Nothing to export yet',
        'Run a measurement or import a result, open it, then export.',
      );
      return;
    }
    const r = await menuExport(deps.exportDeps, [result.value.id], result.value.name);
    if (!r.ok) await tell(win, 'warning', 'Export failed', r.message);
  };

  const openDocs = async () => {
    if (existsSync(deps.docsDir)) {
      const error = await shell.openPath(deps.docsDir);
      if (!error) return;
    }
    await tell(
      deps.window(),
      'info',
      'Documentation',
      `The documentation is in the docs/ folder of Sync Workbench.`,
    );
  };

  const about = () => {
    app.setAboutPanelOptions({
      applicationName: 'Sync Workbench',
      applicationVersion: APP_VERSION,
      version: APP_COMMIT,
      credits: 'Measures what CUDA synchronization costs on your own GPU.',
    });
    app.showAboutPanel();
  };

  const report = (work: () => Promise<void>) => () =>
    void work().catch((err: unknown) => void tell(deps.window(), 'warning', 'Sync Workbench', String(err)));
  return {
    importResult: report(importResult),
    exportResult: report(exportResult),
    openDocs: report(openDocs),
    about,
  };
}
