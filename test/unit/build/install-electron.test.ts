/**
 * Setup's Electron step (scripts/install-electron.mjs): the download is tried within a limit; when it is refused
 * setup goes on and says so in one line with the command that retries. The installer is faked: no download here.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import * as script from '../../../scripts/install-electron.mjs';

type Run = (
  installer: string,
  env: Record<string, string>,
  timeoutMs: number,
) => { status: number | null; timedOut: boolean; stderr: string };
const { installElectron, RETRY } = script as {
  installElectron(o: { env: Record<string, string>; installer: string; run?: Run }): {
    installed: boolean;
    line: string;
  };
  RETRY: string;
};

describe('setup: installElectron', () => {
  it('runs the installer without the skip variable, within the limit, and reports the desktop app', () => {
    let seen: { env?: Record<string, string>; timeoutMs?: number } = {};
    const r = installElectron({
      env: { PATH: '/bin', SYNCBENCH_ELECTRON_TIMEOUT_S: '42' },
      installer: '/x/install.js',
      run: (_i, env, timeoutMs) => {
        seen = { env, timeoutMs };
        return { status: 0, timedOut: false, stderr: '' };
      },
    });
    expect(r).toEqual({ installed: true, line: expect.stringContaining('npm start opens the desktop app') });
    expect(seen.timeoutMs).toBe(42_000);
    expect(seen.env).toEqual({ PATH: '/bin', SYNCBENCH_ELECTRON_TIMEOUT_S: '42' });
  });

  it('goes on when the download is refused, in one line that says why and how to retry', () => {
    const r = installElectron({
      env: {},
      installer: '/x/install.js',
      run: () => ({
        status: 1,
        timedOut: false,
        stderr:
          'RequestError: getaddrinfo ENOTFOUND example.invalid\n    at ClientRequest.<anonymous> (x.js:1:1)\n',
      }),
    });
    expect(r.installed).toBe(false);
    expect(r.line.split('\n')).toHaveLength(1);
    expect(r.line).toMatch(
      /could not be downloaded \(RequestError: getaddrinfo ENOTFOUND example\.invalid\)/,
    );
    expect(r.line).toMatch(/npm start serves it to your browser/);
    expect(r.line).toContain(`Retry: ${RETRY}`);
  });

  it('says when the download ran past its limit', () => {
    const r = installElectron({
      env: {},
      installer: '/x/install.js',
      run: () => ({ status: null, timedOut: true, stderr: '' }),
    });
    expect(r).toMatchObject({ installed: false, line: expect.stringContaining('it took over 300 s') });
  });

  it('skips the download when the user set ELECTRON_SKIP_BINARY_DOWNLOAD, and says how to get it', () => {
    let ran = false;
    const r = installElectron({
      env: { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
      installer: '/x/install.js',
      run: () => {
        ran = true;
        return { status: 0, timedOut: false, stderr: '' };
      },
    });
    expect(ran).toBe(false);
    expect(r.line).toMatch(/ELECTRON_SKIP_BINARY_DOWNLOAD is set/);
  });
});

describe('setup: installElectron with a real child process (a stand-in installer script)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'install-electron-'));
  const installer = (name: string, body: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, body);
    return file;
  };

  it('an installer refused by the network: setup goes on (no throw) and names its error', () => {
    const refused = installer(
      'refused.js',
      "console.error('HTTPError: Response code 403 (Forbidden) for https://example.invalid/electron.zip');" +
        "console.error('    at Request.<anonymous> (got.js:1:1)'); process.exit(1);",
    );
    const r = installElectron({ env: { PATH: process.env.PATH ?? '' }, installer: refused });
    expect(r.installed).toBe(false);
    expect(r.line).toContain('could not be downloaded (HTTPError: Response code 403 (Forbidden)');
    expect(r.line).toContain('going on without the desktop app');
  });

  it('an installer that hangs is stopped at the limit', () => {
    const hangs = installer('hangs.js', 'setTimeout(() => {}, 60_000);');
    const started = Date.now();
    const r = installElectron({ env: { SYNCBENCH_ELECTRON_TIMEOUT_S: '1' }, installer: hangs });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(r).toMatchObject({ installed: false, line: expect.stringContaining('it took over 1 s') });
  });

  it('an installer that succeeds: the desktop app is installed', () => {
    const ok = installer('ok.js', 'process.exit(0);');
    expect(installElectron({ env: {}, installer: ok }).installed).toBe(true);
  });
});
