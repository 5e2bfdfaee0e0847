/**
 * The built CLI with its stdout redirected to a file on a full disk (`> file`): Node's own stream for a file would
 * cut the file and report success, so the CLI counts every byte (output.ts writeStream) and exits 7 with the
 * disk-full message; with no byte of room it is the same message, not an uncaught ENOSPC. A tmpfs of 16 KiB stands
 * for the disk (root only; skipped elsewhere, as the other full-disk tests).
 */
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { mountSmallDisk } from '../core/files/small-disk';

const CLI = 'dist/cli.js';
const REF = 'resources/reference/h200-modes.json';

/** Runs the CLI with stdout written to `file` (created, truncated) and returns its exit status and stderr. */
function runInto(file: string, args: string[]): { status: number | null; stderr: string } {
  const fd = openSync(file, 'w');
  try {
    const r = spawnSync(process.execPath, [CLI, ...args], {
      stdio: ['ignore', fd, 'pipe'],
      encoding: 'utf8',
      timeout: 60_000,
    });
    return { status: r.status, stderr: r.stderr };
  } finally {
    closeSync(fd);
  }
}

describe.runIf(existsSync(CLI))('stdout redirected to a file on a full disk', () => {
  it('is exit 7 naming a full disk, whether some room is left or none', (ctx) => {
    const disk = mountSmallDisk(16);
    if (!disk) return ctx.skip('mounting a tmpfs is not allowed here');
    try {
      const whole = spawnSync(process.execPath, [CLI, 'export', REF, '--format', 'json'], {
        encoding: 'utf8',
      });
      expect(whole.status).toBe(0);
      expect(Buffer.byteLength(whole.stdout)).toBeGreaterThan(16 * 1024);
      const cut = runInto(path.join(disk.dir, 'big.json'), ['export', REF, '--format', 'json']);
      expect(cut.status).toBe(7);
      expect(cut.stderr).toContain('stdout: cannot write: the disk is full');
      expect(cut.stderr).not.toMatch(/internal error|at writeStream/);
      // No room at all: the same answer.
      expect(() => writeFileSync(path.join(disk.dir, 'filler'), Buffer.alloc(64 * 1024))).toThrow(/ENOSPC/);
      expect(runInto(path.join(disk.dir, 'none.md'), ['export', REF, '--format', 'md']).status).toBe(7);
    } finally {
      disk.unmount();
    }
  });

  it('a small text on a disk with room is written whole (exit 0)', (ctx) => {
    const disk = mountSmallDisk(256);
    if (!disk) return ctx.skip('mounting a tmpfs is not allowed here');
    try {
      const file = path.join(disk.dir, 'modes.csv');
      expect(runInto(file, ['export', REF, '--format', 'csv']).status).toBe(0);
      const expected = spawnSync(process.execPath, [CLI, 'export', REF, '--format', 'csv'], {
        encoding: 'utf8',
      });
      expect(readFileSync(file, 'utf8')).toBe(expected.stdout);
      expect(statSync(file).size).toBeGreaterThan(0);
    } finally {
      disk.unmount();
    }
  });
});

// `> /dev/full`: every write fails with ENOSPC. Node's stream for a device both fails the write and emits 'error';
// neither may end in a stack trace (exit 1): the answer is the one line and exit 7, whatever was being written.
describe.runIf(existsSync(CLI) && existsSync('/dev/full'))('stdout redirected to /dev/full', () => {
  const cases: Array<[string, string[]]> = [
    ['export md', ['export', 'resources/reference/h200-fences.json', '--format', 'md']],
    ['export json', ['export', REF, '--format', 'json']],
    ['compare csv', ['compare', REF, 'resources/reference/h200-fences.json', '--format', 'csv']],
    ['help (written by commander, not writeStream)', ['--help']],
  ];
  it.each(cases)('%s is exit 7 with the disk-full line', (_what, args) => {
    const r = runInto('/dev/full', args);
    expect(r.status).toBe(7);
    expect(r.stderr).toMatch(/^syncbench: stdout: cannot write: the disk is full.*\(ENOSPC\)\n$/);
  });

  it('a full stderr does not change the exit code of a command that succeeded', () => {
    const fd = openSync('/dev/full', 'w');
    const dir = mkdtempSync(path.join(tmpdir(), 'full-stderr-'));
    try {
      const out = path.join(dir, 'modes.md');
      // "wrote …" goes to stderr and fails; the file is written all the same.
      const r = spawnSync(process.execPath, [CLI, 'export', REF, '--format', 'md', '--out', out], {
        stdio: ['ignore', 'pipe', fd],
        timeout: 60_000,
      });
      expect(r.status).toBe(0);
      expect(statSync(out).size).toBeGreaterThan(0);
    } finally {
      closeSync(fd);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
