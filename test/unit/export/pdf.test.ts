/** PDF of the HTML report (desktop): printed in a hidden sandboxed window where the report's own script may draw. */
import { existsSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('../main/electron-fake'));

import { htmlToPdf } from '../../../electron/main/pdf';
import { BrowserWindow } from '../main/electron-fake';

describe('htmlToPdf', () => {
  it('loads the report from a temporary file with scripts on, prints it with backgrounds, and cleans up', async () => {
    const pdf = await htmlToPdf('<!doctype html><title>r</title>');
    const win = BrowserWindow.instances.at(-1)!;
    expect(win.options).toMatchObject({ show: false });
    const prefs = win.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false });
    // The charts are drawn by the report's script: JavaScript must not be switched off for the print window.
    expect(prefs.javascript).not.toBe(false);
    expect(win.loadFile).toHaveBeenCalledTimes(1);
    const loaded = (win.loadFile.mock.calls[0] as unknown as [string])[0];
    expect(path.basename(loaded)).toBe('report.html');
    expect(win.webContents.printToPDF).toHaveBeenCalledWith({ printBackground: true, pageSize: 'A4' });
    expect(pdf.toString()).toBe('%PDF-fake');
    expect(win.destroy).toHaveBeenCalled();
    expect(existsSync(loaded)).toBe(false);
  });
});
