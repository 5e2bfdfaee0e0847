/**
 * The packaged app's CLI mode (electron/main/cli-in-app.ts) with Electron mocked: the bundled CLI runs in main
 * without a window or the single-instance lock, and the app exits with the CLI's exit code.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./electron-fake'));

import { runCliInApp } from '../../../electron/main/cli-in-app';
import { app, BrowserWindow } from './electron-fake';

afterEach(() => vi.restoreAllMocks());

describe('syncbench through the app binary', () => {
  it('runs a command, opens no window, takes no lock, exits with code 0', async () => {
    const out: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      out.push(String(chunk));
      return true;
    });
    await runCliInApp(['modes']);
    expect(out.join('')).toMatch(/^sweep\s/m);
    expect(app.exit).toHaveBeenLastCalledWith(0);
    expect(BrowserWindow.instances).toHaveLength(0);
    expect(app.requestSingleInstanceLock).not.toHaveBeenCalled();
  });

  it('exits with the CLI usage code (2) for a bad command', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    await runCliInApp(['no-such-command']);
    expect(app.exit).toHaveBeenLastCalledWith(2);
  });
});
