import { describe, expect, it } from 'vitest';

import { pickShell } from '../../../scripts/start.mjs';

type Choice = { shell: 'desktop'; binary: string } | { shell: 'browser'; why: string };
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
