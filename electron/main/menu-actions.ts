/**
 * What the menu's commands do in main: import result files chosen in an open dialog, export the result the user
 * last opened (or the newest one) through a save dialog, open the documentation, show About. Every dialog is in
 * the shell's current words (the UI's language), and so is the exported report.
 */
import { existsSync } from 'node:fs';

import { app, dialog, shell, type BrowserWindow } from 'electron';

import { APP_COMMIT, APP_VERSION } from '../core/app-info';
import type { ServiceApi } from '../core/service/service';
import { menuExport, type DesktopExportDeps } from './export';
import { importResultFiles } from './import-files';
import type { MenuActions } from './menu';
import type { ShellWords } from '../model/words/shell';
import { importLine } from './shell-text';

export interface MenuActionDeps {
  service: ServiceApi;
  exportDeps: DesktopExportDeps;
  /** The window dialogs belong to (null: none open). */
  window(): BrowserWindow | null;
  /** The id of the result the renderer last opened, if any. */
  lastOpenedId(): string | null;
  docsDir: string;
  /** The shell's words now (they follow the UI's language). */
  words(): ShellWords;
}

/** The menu's actions over the service. */
export function menuActions(deps: MenuActionDeps): MenuActions {
  const tell = async (
    win: BrowserWindow | null,
    type: 'info' | 'warning',
    message: string,
    detail: string,
  ) => {
    const opts = { type, message, detail, buttons: [deps.words().ok] };
    await (win ? dialog.showMessageBox(win, opts) : dialog.showMessageBox(opts));
  };

  const importResult = async () => {
    const win = deps.window();
    const w = deps.words();
    const opts: Electron.OpenDialogOptions = {
      title: w.importTitle,
      properties: ['openFile', 'multiSelections'],
      filters: [
        { name: w.resultFiles, extensions: ['syncbench.json', 'json'] },
        { name: w.allFiles, extensions: ['*'] },
      ],
    };
    const chosen = await (win ? dialog.showOpenDialog(win, opts) : dialog.showOpenDialog(opts));
    if (chosen.canceled || chosen.filePaths.length === 0) return;
    const imported = await importResultFiles(deps.service, chosen.filePaths);
    await tell(
      win,
      imported.every((f) => f.ok) ? 'info' : 'warning',
      w.importDone,
      w.importDetail(imported.map((f) => importLine(f, w))),
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
    const w = deps.words();
    if (!result?.ok) {
      await tell(win, 'info', w.nothingToExport, w.nothingToExportDetail);
      return;
    }
    const r = await menuExport(deps.exportDeps, [result.value.id], result.value.name, w.locale);
    if (!r.ok) await tell(win, 'warning', w.exportFailed, w.hostMessage(r.text, r.message));
  };

  const openDocs = async () => {
    if (existsSync(deps.docsDir)) {
      const error = await shell.openPath(deps.docsDir);
      if (!error) return;
    }
    const w = deps.words();
    await tell(deps.window(), 'info', w.documentation, w.documentationDetail);
  };

  const about = () => {
    app.setAboutPanelOptions({
      applicationName: 'Sync Workbench',
      applicationVersion: APP_VERSION,
      version: APP_COMMIT,
      credits: deps.words().aboutCredits,
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
