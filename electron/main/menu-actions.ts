/**
 * What the menu's commands do in main: import result files chosen in an open dialog, export the result the user
 * last opened (or the newest one) through a save dialog, open the documentation, show About.
 */
import { existsSync } from 'node:fs';

import { app, dialog, shell, type BrowserWindow } from 'electron';

import { APP_COMMIT, APP_VERSION } from '../core/app-info';
import type { ServiceApi } from '../core/service/service';
import { menuExport, type DesktopExportDeps } from './export';
import { importResultFiles } from './import-files';
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
        { name: 'Sync Workbench results', extensions: ['syncbench.json', 'json'] },
        { name: 'All files', extensions: ['*'] },
      ],
    };
    const chosen = await (win ? dialog.showOpenDialog(win, opts) : dialog.showOpenDialog(opts));
    if (chosen.canceled || chosen.filePaths.length === 0) return;
    const imported = await importResultFiles(deps.service, chosen.filePaths);
    await tell(
      win,
      imported.every((f) => f.ok) ? 'info' : 'warning',
      'Import',
      `${imported.map((f) => f.message).join('\n')}\n\nThe Results view lists them.`,
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
