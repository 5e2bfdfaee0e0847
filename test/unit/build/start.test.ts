import { describe, expect, it } from 'vitest';

import * as start from '../../../scripts/start.mjs';

type Choice = { shell: 'desktop'; binary: string } | { shell: 'browser'; why: string };
type Start = {
  command: string;
  args: string[];
  needs: string;
  line: string | null;
  open: boolean;
};
const { pickShell, servedUrl, openWhenServed, electronBinary, startCommand } = start as unknown as {
  pickShell: unknown;
  electronBinary(
    requireElectron: (name: string) => unknown,
    exists: (file: string) => boolean,
  ): { binary?: string; why?: string };
  startCommand(
    choice: Choice,
    args: string[],
    o: { env?: Record<string, string>; platform?: string; node?: string },
  ): Start;
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
});

describe('npm start with the electron package mocked', () => {
  const BINARY = '/opt/electron/electron';
  // The electron package exports its binary's path; `exists` stands for the downloaded file.
  const mocked = (exports: unknown, present: boolean) => () =>
    electronBinary(
      (name) => {
        expect(name).toBe('electron');
        if (exports instanceof Error) throw exports;
        return exports;
      },
      (file) => present && file === BINARY,
    );

  it('with the binary present, chooses the desktop app and runs `<electron> .` with the arguments', () => {
    const choice = pick({ findElectron: mocked(BINARY, true), platform: 'linux', env: { DISPLAY: ':0' } });
    expect(choice).toEqual({ shell: 'desktop', binary: BINARY });
    expect(startCommand(choice, ['--inspect'], {})).toEqual({
      command: BINARY,
      args: ['.', '--inspect'],
      needs: 'dist/electron/main.js',
      script: 'build:electron',
      line: null,
      open: false,
    });
  });

  it('with the binary missing (download refused), serves the browser shell and says how to get the app', () => {
    for (const findElectron of [
      mocked(BINARY, false),
      mocked(new Error('Electron failed to install'), true),
    ]) {
      const choice = pick({ findElectron, platform: 'linux', env: { DISPLAY: ':0' } });
      expect(choice).toMatchObject({
        shell: 'browser',
        why: expect.stringMatching(/binary is not installed/),
      });
      const s = startCommand(choice, ['--port', '9000'], {
        env: { DISPLAY: ':0' },
        platform: 'linux',
        node: 'node',
      });
      expect(s).toMatchObject({
        command: 'node',
        args: ['dist/cli.js', 'serve', '--port', '9000'],
        open: true,
      });
      expect(s.line).toMatch(/^Starting the browser shell instead of the desktop app: Electron's binary/);
      expect(s.line).toContain('To get the desktop app: node node_modules/electron/install.js');
    }
  });

  it('opens no browser with --no-open (and passes it on to nobody) or without a display', () => {
    const choice: Choice = { shell: 'browser', why: 'SYNCBENCH_SHELL=browser' };
    const display = { env: { DISPLAY: ':0' }, platform: 'linux' };
    expect(startCommand(choice, ['--no-open'], display)).toMatchObject({
      args: ['dist/cli.js', 'serve'],
      open: false,
    });
    expect(startCommand(choice, [], { env: {}, platform: 'linux' }).open).toBe(false);
    expect(startCommand(choice, [], display).line).not.toContain('To get the desktop app');
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
