/**
 * Ctrl-C during `syncbench export --out`: the command ends and leaves no file, neither the target nor a temporary
 * (electron/cli/interrupt.ts; docs/exports.md#exports-run-off-the-event-loop).
 */
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { writeOrCleanUpOnInterrupt, type SignalTarget } from '../../../electron/cli/interrupt';
import { writeFileDurably } from '../../../electron/core/files/durable-write';
import { syntheticSweep } from '../../fixtures/synthetic-sweep';

const CLI = 'dist/cli.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-interrupt-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A process that records exit and stderr and lets the test send signals. */
function fakeProcess() {
  const emitter = new EventEmitter();
  const target = Object.assign(emitter, { exit: vi.fn(), stderr: { write: vi.fn() } });
  return target as typeof target & SignalTarget;
}

describe('an interrupted write', () => {
  it('removes its temporary at once and ends with 130; the target is never made', async () => {
    const proc = fakeProcess();
    const target = join(dir, 'out.md');
    let renaming: () => void = () => undefined;
    const fs = {
      open: (p: string, flags: number, mode: number) =>
        import('node:fs/promises').then((m) => m.open(p, flags, mode)),
      // The write is held just before its rename, its temporary complete on disk.
      rename: () => new Promise<void>((resolve) => (renaming = resolve)),
      link: async () => undefined,
      unlink: (p: string) => import('node:fs/promises').then((m) => m.unlink(p)),
    };
    void writeOrCleanUpOnInterrupt(
      'syncbench',
      () => writeFileDurably(target, 'x'.repeat(1000), { fs }),
      proc,
    );
    await expect.poll(() => readdir(dir).then((names) => names.length)).toBe(1);
    proc.emit('SIGINT');
    expect(proc.exit).toHaveBeenCalledWith(130);
    expect(proc.stderr.write).toHaveBeenCalledWith(
      expect.stringMatching(/interrupted \(SIGINT\); nothing was written/),
    );
    expect(await readdir(dir)).toEqual([]);
    renaming();
  });

  it('takes its handlers away once the write is done', async () => {
    const proc = fakeProcess();
    await writeOrCleanUpOnInterrupt('syncbench', () => writeFileDurably(join(dir, 'a.md'), 'done'), proc);
    expect(proc.listenerCount('SIGINT')).toBe(0);
    expect(proc.listenerCount('SIGTERM')).toBe(0);
  });
});

describe.runIf(existsSync(CLI))('Ctrl-C during the built CLI export', () => {
  it('ends the export of a 36,000-point result and leaves no file in the folder', async () => {
    const input = join(dir, 'sweep.json');
    await writeFile(input, JSON.stringify(syntheticSweep(36_000, 1)));
    const child = spawn(process.execPath, [
      CLI,
      'export',
      input,
      '--format',
      'md',
      '--out',
      join(dir, 'out.md'),
    ]);
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    // Interrupted once it is at work (a moment after start), long before a 36,000-point export is written.
    setTimeout(() => child.kill('SIGINT'), 1_500);
    const { code, signal } = await ended;
    expect(signal === 'SIGINT' || code === 130).toBe(true);
    expect(await readdir(dir)).toEqual(['sweep.json']);
  }, 60_000);
});
