/**
 * `syncbench serve` as the CLI parses it: the browser shell is handed in by the executable (electron/bin), so the
 * CLI itself imports no other shell. Port and folder checks, the launch options, and the busy-port message.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { main } from '../../../electron/cli/main';
import type { ServeLaunch } from '../../../electron/cli/cli-host';

let err = '';
beforeEach(() => {
  err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((err += String(chunk)), true));
  process.exitCode = undefined;
});
afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

describe('syncbench serve', () => {
  it('is there only when the executable hands in the browser shell', async () => {
    expect(await main(['serve'])).toBe(2);
    expect(err).toMatch(/unknown command 'serve'/);
  });

  it('refuses a port that is not 0..65535 and a results path that is a file, without starting anything', async () => {
    const serve = vi.fn(async (_launch: ServeLaunch) => undefined);
    expect(await main(['serve', '--port', '70000'], { serve })).toBe(2);
    expect(err).toMatch(/--port '70000' is not a port number \(0\.\.65535\)/);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'sb-serve-')), 'results.json');
    writeFileSync(file, '{}');
    expect(await main(['serve', '--port', '0', '--results', file], { serve })).toBe(2);
    expect(err).toMatch(/--results .*results\.json is a file; give a folder/);
    expect(serve).not.toHaveBeenCalled();
  });

  it('passes port, host and results folder, and names a busy port', async () => {
    const serve = vi.fn(async (_launch: ServeLaunch) => {
      throw new Error('cannot serve on 127.0.0.1:8420: listen EADDRINUSE');
    });
    expect(await main(['serve', '--port', '8420', '--results', 'some-dir'], { serve })).toBe(2);
    expect(serve).toHaveBeenCalledWith(
      expect.objectContaining({ port: 8420, host: '127.0.0.1', results: 'some-dir' }),
    );
    expect(err).toMatch(
      /EADDRINUSE — another program \(another syncbench serve\?\) uses port 8420; --port 0 picks/,
    );
  });
});
