/**
 * The CLI's file arguments and outputs at their edges: devices, FIFOs and symlinks to devices given as files, a
 * full disk and a read-only file system under --out, and the messages for --skip, --results and reserved keys.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { main } from '../../../electron/cli/main';
import { serializeResultFile } from '../../../electron/core/results/io';
import { syntheticResult } from '../../fixtures/synthetic-result';
import { mountSmallDisk } from '../core/files/small-disk';
import { err, out } from './capture';

const REF = 'resources/reference/h200-modes.json';
const ANSWERS = 'docs/examples/advise/grid-sync-normal-launch.json';

/** `main(args)`, failing the test when it takes over 5 s (a read of /dev/zero or a FIFO that blocks). */
async function quickly(args: string[]): Promise<number> {
  return Promise.race([
    main(args),
    new Promise<number>((_, reject) =>
      setTimeout(() => reject(new Error(`${args.join(' ')}: over 5 s`)), 5_000),
    ),
  ]);
}

describe('file arguments that are not regular files', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'syncbench-cli-files-'));
  const fifo = path.join(dir, 'x.json');
  const zeroLink = path.join(dir, 'zero.json');
  execFileSync('mkfifo', [fifo]);
  symlinkSync('/dev/zero', zeroLink);

  it('export and compare refuse /dev/zero, a symlink to it and a FIFO at once (exit 2), naming what they are', async () => {
    expect(await quickly(['export', '/dev/zero'])).toBe(2);
    expect(err).toContain('/dev/zero: is a character device, not a regular file');
    expect(await quickly(['export', zeroLink])).toBe(2);
    expect(err).toContain(`${zeroLink}: is a character device, not a regular file`);
    expect(await quickly(['compare', REF, fifo])).toBe(2);
    expect(err).toContain(`${fifo}: is a FIFO (named pipe), not a regular file`);
  });

  it('advise --answers refuses /dev/zero and a FIFO (exit 2)', async () => {
    expect(await quickly(['advise', '--answers', '/dev/zero'])).toBe(2);
    expect(err).toContain(
      '--answers /dev/zero: is a character device, not a regular file; give an answers file',
    );
    expect(await quickly(['advise', '--answers', fifo])).toBe(2);
    expect(err).toContain(`--answers ${fifo}: is a FIFO (named pipe), not a regular file`);
  });

  it('says the size of a file just over the limit in bytes, so it differs from the limit', async () => {
    const big = path.join(dir, 'big.json');
    writeFileSync(big, Buffer.alloc(64 * 1024 * 1024 + 1, 0x20));
    expect(await quickly(['export', big])).toBe(2);
    expect(err).toContain('(67108865 bytes); result files are limited to 64.0 MiB (67108864 bytes)');
  });
});

describe('--out on a file system that fails', () => {
  it('a full disk is exit 7, names --out (not the temporary) and leaves nothing behind', async (ctx) => {
    const disk = mountSmallDisk(100);
    if (!disk)
      return ctx.skip(
        'mounting a tmpfs is not allowed here (test/unit/core/files covers the injected fault)',
      );
    try {
      const target = path.join(disk.dir, 'modes.json');
      writeFileSync(target, 'the earlier export');
      // About 400 KB of result: its export cannot fit in 100 KiB.
      const large = path.join(mkdtempSync(path.join(tmpdir(), 'syncbench-cli-files-')), 'large.json');
      const points = Array.from({ length: 60 }, (_, i) => ({
        series: 'block',
        x: i,
        perSyncNs: 10 + i,
        reps: 200,
      }));
      writeFileSync(large, serializeResultFile(syntheticResult({ points })));
      expect(await main(['export', large, '--format', 'json', '--out', target])).toBe(7);
      expect(err).toContain(`--out ${target}: cannot write the file: the disk is full`);
      expect(err).not.toMatch(/\.tmp|wrote /);
      expect(readFileSync(target, 'utf8')).toBe('the earlier export');
      expect(readdirSync(disk.dir)).toEqual(['modes.json']);
    } finally {
      disk.unmount();
    }
  });

  it('a read-only file system is exit 2 and names --out', async (ctx) => {
    const disk = mountSmallDisk(100);
    if (!disk) return ctx.skip('mounting a tmpfs is not allowed here');
    try {
      execFileSync('mount', ['-o', 'remount,ro', disk.dir]);
      const target = path.join(disk.dir, 'modes.md');
      expect(await main(['export', REF, '--out', target])).toBe(2);
      expect(err).toContain(`--out ${target}: cannot write the file: the file system is read-only`);
    } finally {
      disk.unmount();
    }
  });
});

describe('messages', () => {
  it('selftest --skip with an unknown check is refused with the names allowed (exit 2)', async () => {
    expect(await main(['selftest', '--skip', 'bogus'])).toBe(2);
    expect(err).toMatch(/--skip bogus: no check named "bogus" runs here; the checks are addon/);
  });

  it('advise --results FILE is refused (exit 2), a missing folder too', async () => {
    expect(await main(['advise', '--answers', ANSWERS, '--results', REF])).toBe(2);
    expect(err).toContain(`--results ${REF}: is a file, not a folder`);
    expect(await main(['advise', '--answers', ANSWERS, '--results', '/nonexistent/results'])).toBe(2);
    expect(err).toContain('--results /nonexistent/results: the folder does not exist');
  });

  it('advise lists __proto__, constructor and prototype answer keys as ignored', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'syncbench-cli-files-'));
    const answers = JSON.parse(readFileSync(ANSWERS, 'utf8')) as Record<string, unknown>;
    const file = path.join(dir, 'answers.json');
    const extra = '"__proto__": "grid", "constructor": "x", "prototype": "y", ';
    writeFileSync(file, JSON.stringify(answers).replace('{', `{${extra}`));
    expect(await main(['advise', '--answers', file, '--format', 'json', '--results', dir])).toBe(0);
    const advice = JSON.parse(out) as { ignored: string[] };
    expect(advice.ignored).toEqual(expect.arrayContaining(['__proto__', 'constructor', 'prototype']));
  });
});
