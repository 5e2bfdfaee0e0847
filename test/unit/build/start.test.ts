import { describe, expect, it } from 'vitest';

import * as start from '../../../scripts/start.mjs';

type Choice = { shell: 'desktop'; binary: string } | { shell: 'browser'; why: string };
const { pickShell, servedUrl, openWhenServed } = start as unknown as {
  pickShell: unknown;
  servedUrl(line: string): string | null;
  openWhenServed(
    openUrl: (url: string) => Promise<unknown>,
    say: (line: string) => void,
  ): (line: string) => Promise<void> | undefined;
};
const pick = pickShell as (o: {
  env?: Record<string, string>;
  platform?: string;
  findElectron?: () => { binary?: string; why?: string };
}) => Choice;

describe('npm start (scripts/start.mjs)', () => {
  const installed = () => ({ binary: '/opt/electron/electron' });
  const missing = () => ({ why: "Electron's binary is not installed" });

  it('starts the desktop app when Electron is installed and there is a display', () => {
    expect(pick({ findElectron: installed, platform: 'linux', env: { DISPLAY: ':0' } })).toEqual({
      shell: 'desktop',
      binary: '/opt/electron/electron',
    });
    expect(pick({ findElectron: installed, platform: 'darwin', env: {} })).toMatchObject({
      shell: 'desktop',
    });
  });

  it('falls back to the browser shell, saying why, without the binary, without a display, or when asked', () => {
    expect(pick({ findElectron: missing, platform: 'linux', env: { DISPLAY: ':0' } })).toEqual({
      shell: 'browser',
      why: "Electron's binary is not installed",
    });
    expect(pick({ findElectron: installed, platform: 'linux', env: {} })).toMatchObject({
      shell: 'browser',
      why: expect.stringContaining('no display'),
    });
    expect(
      pick({ findElectron: installed, env: { SYNCBENCH_SHELL: 'browser', DISPLAY: ':0' } }),
    ).toMatchObject({
      shell: 'browser',
    });
  });

  it('finds no Electron binary on this machine (installed with ELECTRON_SKIP_BINARY_DOWNLOAD)', () => {
    const choice = pick({ env: { DISPLAY: ':0' }, platform: 'linux' });
    if (choice.shell === 'browser') expect(choice.why).toMatch(/Electron/);
  });
});

describe('npm start: the browser-shell fallback opens the page', () => {
  const served = 'Sync Workbench is serving at http://127.0.0.1:8420/?token=abc_DEF-1';

  it("reads the URL, token included, from the browser shell's line", () => {
    expect(servedUrl(served)).toBe('http://127.0.0.1:8420/?token=abc_DEF-1');
    expect(servedUrl('Results folder: /tmp/x')).toBeNull();
  });

  it('opens it once, and says so', async () => {
    const opened: string[] = [];
    const said: string[] = [];
    const watch = openWhenServed(
      async (url) => void opened.push(url),
      (l) => said.push(l),
    );
    expect(watch('Starting the browser shell')).toBeUndefined();
    await watch(served);
    await watch(served);
    expect(opened).toEqual(['http://127.0.0.1:8420/?token=abc_DEF-1']);
    expect(said).toEqual([expect.stringMatching(/Opened the page in your browser/)]);
  });

  it('says why when no browser could be opened, and points at the URL', async () => {
    const said: string[] = [];
    await openWhenServed(
      () => Promise.reject(new Error('xdg-open not found')),
      (l) => said.push(l),
    )(served);
    expect(said).toEqual(['Could not open a browser (xdg-open not found); open the URL above.']);
  });
});
