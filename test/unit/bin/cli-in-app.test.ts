/**
 * The packaged app's CLI mode (electron/bin/cli-in-app.ts) with Electron mocked: the bundled CLI runs in main
 * without a window or the single-instance lock, and the app exits with the CLI's exit code.
 */
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('../main/electron-fake'));

import { runSanitizerTarget } from '../../../electron/core/verify/sanitizer';
import { runCliInApp } from '../../../electron/bin/cli-in-app';
import { CLI_SWITCHES, cliInvocationArgs } from '../../../electron/main/cli-mode';
import { app, BrowserWindow } from '../main/electron-fake';

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

  it('offers `serve` (the browser shell it hands to the CLI)', async () => {
    const out: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      out.push(String(chunk));
      return true;
    });
    await runCliInApp(['--help']);
    expect(out.join('')).toMatch(/^\s+serve \[options\]\s+serve the workbench to a browser/m);
  });

  it('exits with the CLI usage code (2) for a bad command', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    await runCliInApp(['no-such-command']);
    expect(app.exit).toHaveBeenLastCalledWith(2);
  });
});

describe("compute-sanitizer's targets in the packaged app", () => {
  it('start the app binary in CLI mode, with the switches the launcher uses', async () => {
    // A stand-in compute-sanitizer that prints the command it was asked to run, in the tool's line format.
    const bin = mkdtempSync(path.join(os.tmpdir(), 'sb-sanitizer-'));
    writeFileSync(
      path.join(bin, 'compute-sanitizer'),
      '#!/bin/sh\necho "========= ARGS: $*"\necho "========= ERROR SUMMARY: 0 errors"\n',
    );
    chmodSync(path.join(bin, 'compute-sanitizer'), 0o755);
    const savedPath = process.env.PATH;
    process.env.PATH = `${bin}:${savedPath ?? ''}`;
    try {
      const run = await runSanitizerTarget(
        { execPath: '/opt/Sync Workbench/sync-workbench', cliPath: '', cliArgs: cliInvocationArgs() },
        ['synccheck', 'divergent_barrier', 'x', false],
      );
      expect(run.excerpt[0]).toBe(
        `========= ARGS: --tool synccheck --print-limit 10 /opt/Sync Workbench/sync-workbench ${CLI_SWITCHES.join(' ')} --syncbench-cli -- _sanitize-target --workload divergent_barrier`,
      );
      expect(run.errors).toBe(0);
    } finally {
      process.env.PATH = savedPath;
    }
    // The launcher script passes the same switches.
    const launcher = readFileSync(new URL('../../../build/linux/syncbench', import.meta.url), 'utf8');
    expect(launcher).toContain(`${CLI_SWITCHES.join(' ')} --syncbench-cli -- "$@"`);
  });
});
