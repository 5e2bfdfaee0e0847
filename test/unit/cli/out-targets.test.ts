/**
 * Where the CLI's output may go and what happens when it cannot: --out must be a regular file or a stream
 * (-, /dev/stdout, /dev/stderr); a FIFO, socket or device is refused before any work; a full disk under an HTML
 * export or behind stdout is exit 7; every message shows control characters from input as code points; --gpu-wait
 * takes plain seconds within the API's range.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it, vi } from 'vitest';

import { exitCodeOf } from '../../../electron/cli/errors';
import { exportCommand } from '../../../electron/cli/export-command';
import { main } from '../../../electron/cli/main';
import { mountSmallDisk } from '../core/files/small-disk';
import { err, out } from './capture';

const REF = 'resources/reference/h200-modes.json';

/** `main(args)`, failing the test when it takes over 5 s (an open of a FIFO that blocks). */
async function quickly(args: string[]): Promise<number> {
  return Promise.race([
    main(args),
    new Promise<number>((_, reject) =>
      setTimeout(() => reject(new Error(`${args.join(' ')}: over 5 s`)), 5_000),
    ),
  ]);
}

/** Fails when `text` holds a character a terminal would act on (other than the newline). */
function expectInert(text: string): void {
  expect(text.length).toBeGreaterThan(0);
  expect(text).not.toMatch(/(?!\n)[\p{Cc}]/u);
}

describe('--out that is not a regular file', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'syncbench-out-'));

  it('refuses a FIFO at once without opening it (exit 2), naming --out and what it is', async () => {
    const fifo = path.join(dir, 'f.json');
    execFileSync('mkfifo', [fifo]);
    expect(await quickly(['export', '--format', 'json', '--out', fifo, REF])).toBe(2);
    expect(err).toContain(`--out ${fifo} is a FIFO (named pipe), not a regular file`);
    expect(err).not.toContain('wrote');
  });

  it('refuses a Unix socket (exit 2, not an internal error)', async () => {
    const socket = path.join(dir, 's.json');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    try {
      expect(await quickly(['export', '--format', 'json', '--out', socket, REF])).toBe(2);
      expect(err).toContain(`--out ${socket} is a socket, not a regular file`);
      expect(err).not.toContain('internal error');
    } finally {
      server.close();
    }
  });

  it('refuses /dev/zero, a symlink to it and /dev/full as character devices (exit 2)', async () => {
    const link = path.join(dir, 'zero.md');
    symlinkSync('/dev/zero', link);
    for (const target of ['/dev/zero', link, '/dev/full']) {
      expect(await quickly(['export', REF, '--out', target])).toBe(2);
      expect(err).toContain(`--out ${target} is a character device, not a regular file`);
    }
    expect(err).not.toContain('wrote');
  });

  it('still writes to -, /dev/stdout and /dev/stderr', async () => {
    expect(await main(['export', REF, '--format', 'csv', '--out', '/dev/stdout'])).toBe(0);
    expect(out.length).toBeGreaterThan(100);
    expect(await main(['export', REF, '--format', 'csv', '--out', '/dev/stderr'])).toBe(0);
    expect(err.length).toBeGreaterThan(100);
  });
});

describe('a full or read-only disk under an HTML export', () => {
  /** A report's assets folder (the built page's script and style; small stand-ins here). */
  function reportDir(): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'syncbench-report-'));
    writeFileSync(path.join(dir, 'report.js'), `/* ${'x'.repeat(20_000)} */`);
    writeFileSync(path.join(dir, 'report.css'), 'body{}');
    return dir;
  }

  /** The exit code and message the CLI gives for exporting `files` as HTML to `out`. */
  async function htmlExit(files: string[], out: string): Promise<{ code: number; message: string | null }> {
    const error = await exportCommand(files, { format: 'html', out, reportDir: reportDir() }).catch(
      (e: unknown) => e,
    );
    return typeof error === 'number' ? { code: error, message: null } : exitCodeOf(error);
  }

  it('is exit 7 when full and exit 2 when read-only, naming --out, as the other formats', async (ctx) => {
    const disk = mountSmallDisk(16);
    if (!disk) return ctx.skip('mounting a tmpfs is not allowed here');
    try {
      const target = path.join(disk.dir, 'x.html');
      const full = await htmlExit([REF], target);
      expect(full.code).toBe(7);
      expect(full.message).toContain(`--out ${target}: cannot write the file: the disk is full`);
      expect((await htmlExit([REF, REF], target)).code).toBe(7);
      expect(readdirSync(disk.dir)).toEqual([]);
      execFileSync('mount', ['-o', 'remount,ro', disk.dir]);
      const readOnly = await htmlExit([REF], target);
      expect(readOnly.code).toBe(2);
      expect(readOnly.message).toContain(
        `--out ${target}: cannot write the file: the file system is read-only`,
      );
    } finally {
      disk.unmount();
    }
  });
});

describe('a stdout that fails', () => {
  /** Makes stdout's next writes fail with `code`, as a full disk behind `> file` or a closed pipe does. */
  function failStdout(code: string): void {
    vi.spyOn(process.stdout, 'write').mockImplementation((_chunk, ...rest) => {
      const done = rest.find((arg) => typeof arg === 'function') as ((e: Error) => void) | undefined;
      done?.(Object.assign(new Error(`${code}: write failed`), { code }));
      return false;
    });
  }

  it('a full disk is the plain disk-full message and exit 7, for export and compare', async () => {
    failStdout('ENOSPC');
    expect(await main(['export', REF, '--format', 'md'])).toBe(7);
    expect(err).toContain('stdout: cannot write: the disk is full');
    expect(err).not.toContain('internal error');
    expect(await main(['compare', REF, REF])).toBe(7);
  });

  it('a closed pipe (EPIPE) ends quietly', async () => {
    failStdout('EPIPE');
    expect(await main(['export', REF, '--format', 'csv'])).toBe(0);
    expect(err).toBe('');
  });
});

describe('messages that echo input', () => {
  const ESC = '\u001b]0;X\u0007';

  it('show control characters from paths, option values and commander errors as code points', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'syncbench-out-'));
    const cases: string[][] = [
      ['run', '-m', ESC],
      ['export', path.join(dir, `${ESC}x.json`)],
      ['selftest', '--skip', ESC],
      ['advise', '--results', ESC],
      ['export', REF, `--bogus${ESC}`],
      ['export', REF, '--format', ESC],
    ];
    for (const args of cases) {
      const code = await main(args);
      expect(code, args.join(' ')).not.toBe(0);
      expectInert(err);
      expect(err, args.join(' ')).toContain('<U+001B>');
    }
  });

  it('shows the wrote line of an --out with an escape inert', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'syncbench-out-'));
    expect(await main(['export', REF, '--out', path.join(dir, '\u001b.md')])).toBe(0);
    expect(err).toContain('wrote ');
    expectInert(err);
  });
});

describe('--gpu-wait', () => {
  it.each(['', '0x10', '1e6', '3601', '-1', 'abc', ' 5'])(
    'refuses %j with the allowed range (exit 2)',
    async (v) => {
      expect(await main(['run', '--mode', 'block', '--gpu-wait', v])).toBe(2);
      expect(err).toContain('give a plain number of seconds from 0 to 3600');
    },
  );
});

describe('a validation error naming a value from a file', () => {
  it('shows the control characters of the bad value as code points', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'syncbench-out-'));
    const result = JSON.parse(readFileSync(REF, 'utf8')) as { ratios: { numerator: unknown }[] };
    expect(result.ratios.length).toBeGreaterThan(0);
    result.ratios[0]!.numerator = '\u001b]0;pwned\u0007\u001b[2J';
    const file = path.join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify(result));
    expect(await main(['export', file])).toBe(2);
    expect(err).toContain('ratios');
    expectInert(err);
  });
});
