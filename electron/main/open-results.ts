/**
 * Result files the system hands the app (command line, file manager, a second instance's arguments, macOS
 * 'open-file'): imported through the same checks as File > Import…, then shown in a window; refusals in a dialog.
 */
import { dialog, type BrowserWindow } from 'electron';

import { OPEN_RESULT_CHANNEL, type OpenedResult } from '../contract';
import type { ServiceApi } from '../core/service/service';
import type { ShellWords } from '../model/words/shell';
import { importResultFiles } from './import-files';
import type { ImportedFile } from './import-types';
import { importLine } from './shell-text';

/** What opening files needs: the service to import through, a window to show them in, the current words. */
export interface OpenResultsDeps {
  service: Pick<ServiceApi, 'importResult'>;
  /** The window that shows the results (the focused one, or a new one). */
  window: () => BrowserWindow;
  words: () => ShellWords;
}

/** Returns how to open result files: imports `files` as File > Import… does, then asks the window to show each. */
export function resultOpener(deps: OpenResultsDeps): (files: string[]) => void {
  return (files) => {
    if (files.length === 0) return;
    void (async () => {
      const imported = await importResultFiles(deps.service, files);
      const win = deps.window();
      warnRefused(win, imported, deps.words());
      const send = () => sendOpened(win, imported);
      if (win.webContents.isLoading()) win.webContents.once('did-finish-load', send);
      else send();
    })();
  };
}

/** A warning dialog on `win` listing the files that were refused, one line each; nothing when none was. */
function warnRefused(win: BrowserWindow, imported: readonly ImportedFile[], w: ShellWords): void {
  const refused = imported.filter((f) => !f.ok);
  if (refused.length === 0) return;
  const box = {
    type: 'warning' as const,
    message: w.openTitle,
    detail: refused.map((f) => importLine(f, w)).join('\n'),
    buttons: [w.ok],
  };
  void dialog.showMessageBox(win, box);
}

/** Asks `win`'s page to show each imported result (OPEN_RESULT_CHANNEL). */
function sendOpened(win: BrowserWindow, imported: readonly ImportedFile[]): void {
  for (const f of imported) {
    if (!f.resultId) continue;
    const opened: OpenedResult = {
      resultId: f.resultId,
      message: f.message,
      ...(f.text ? { text: f.text } : {}),
    };
    win.webContents.send(OPEN_RESULT_CHANNEL, opened);
  }
}
