/**
 * PDF of an HTML report through Chromium's printer: the page is loaded from a temporary file into a hidden,
 * sandboxed window, its own script draws the charts (the report's CSP allows only that script, by hash, so an
 * imported result's text can run nothing), then `webContents.printToPDF`. The window and the file are removed
 * afterwards. (Navigation from it is blocked like every web contents of the app: app.ts hardens each one as it is
 * created.)
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { BrowserWindow } from 'electron';

/** The report as PDF bytes (A4, backgrounds printed). */
export async function htmlToPdf(html: string): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'syncbench-pdf-'));
  const file = path.join(dir, 'report.html');
  const win = new BrowserWindow({
    show: false,
    webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false },
  });
  try {
    await writeFile(file, html, 'utf8');
    await win.loadFile(file);
    return await win.webContents.printToPDF({ printBackground: true, pageSize: 'A4' });
  } finally {
    win.destroy();
    await rm(dir, { recursive: true, force: true });
  }
}
