import { chmod, mkdtemp, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  isDiskFull,
  removeStaleTemporaries,
  writeFileDurably,
  WriteError,
  type WriterFs,
} from '../../../../electron/core/files/durable-write';
import { mountSmallDisk } from './small-disk';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'syncbench-durable-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The real file system, with each write call cut to `maxBytes`, and ENOSPC once `capacity` bytes were written. */
function faultyFs(options: { maxBytes?: number; capacity?: number }): WriterFs & { writes: number[] } {
  const writes: number[] = [];
  let written = 0;
  return {
    writes,
    open: async (path, flags, mode) => {
      const handle = await open(path, flags, mode);
      const write = handle.write.bind(handle) as (...a: unknown[]) => Promise<{ bytesWritten: number }>;
      Object.assign(handle, {
        write: async (buffer: Uint8Array, offset: number, length: number, position: number) => {
          const room = (options.capacity ?? Infinity) - written;
          if (room <= 0)
            throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
          const cut = Math.min(length, options.maxBytes ?? length, room);
          const result = await write(buffer, offset, cut, position);
          written += result.bytesWritten;
          writes.push(result.bytesWritten);
          return result;
        },
      });
      return handle;
    },
    rename: (from, to) => import('node:fs/promises').then((fs) => fs.rename(from, to)),
    link: (from, to) => import('node:fs/promises').then((fs) => fs.link(from, to)),
    unlink: (path) => import('node:fs/promises').then((fs) => fs.unlink(path)),
  };
}

const payload = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251));

describe('writeFileDurably', () => {
  it('writes every byte when the system writes fewer than asked (short writes are continued)', async () => {
    const target = join(dir, 'out.bin');
    const fs = faultyFs({ maxBytes: 7_000 });
    await writeFileDurably(target, payload, { fs });
    expect((await readFile(target)).equals(payload)).toBe(true);
    expect(fs.writes.length).toBeGreaterThan(40);
    expect(await readdir(dir)).toEqual(['out.bin']);
  });

  it('on an injected full disk keeps the good file, removes its temporary and says "disk is full" for the label', async () => {
    const target = join(dir, 'result.json');
    await writeFile(target, 'the good file');
    const fs = faultyFs({ maxBytes: 16_384, capacity: 100_000 });
    const failure = writeFileDurably(target, payload, { fs, label: '--out result.json' });
    await expect(failure).rejects.toBeInstanceOf(WriteError);
    await expect(failure).rejects.toMatchObject({
      problem: 'DISK_FULL',
      message: expect.stringMatching(
        /^--out result\.json: cannot write the file: the disk is full .*\(ENOSPC\)/,
      ),
    });
    await expect(failure).rejects.not.toMatchObject({ message: expect.stringContaining('.tmp') });
    expect(isDiskFull(await failure.catch((e: unknown) => e))).toBe(true);
    expect(await readFile(target, 'utf8')).toBe('the good file');
    expect(await readdir(dir)).toEqual(['result.json']);
  });

  it('on a real 100 KiB tmpfs: a write that does not fit fails as DISK_FULL and the old file stays whole', async (ctx) => {
    const disk = mountSmallDisk(100);
    if (!disk)
      return ctx.skip('mounting a tmpfs is not allowed here; the injected full disk above covers it');
    try {
      const target = join(disk.dir, 'result.json');
      const good = Buffer.alloc(27_763, 0x61);
      await writeFileDurably(target, good);
      await expect(writeFileDurably(target, payload, { label: 'rename of "x"' })).rejects.toMatchObject({
        problem: 'DISK_FULL',
        message: expect.stringContaining('rename of "x": cannot write the file: the disk is full'),
      });
      expect((await readFile(target)).equals(good)).toBe(true);
      expect(await readdir(disk.dir)).toEqual(['result.json']);
    } finally {
      disk.unmount();
    }
  });

  it('refuses to replace with replace: false, and names a permission problem in words', async () => {
    const target = join(dir, 'taken.json');
    await writeFile(target, 'first');
    await expect(writeFileDurably(target, 'second', { replace: false })).rejects.toMatchObject({
      problem: 'EXISTS',
    });
    expect(await readFile(target, 'utf8')).toBe('first');
    expect(await readdir(dir)).toEqual(['taken.json']);
    await writeFileDurably(join(dir, 'new.json'), 'new', { replace: false });
    expect(await readFile(join(dir, 'new.json'), 'utf8')).toBe('new');

    const locked = join(dir, 'locked');
    await import('node:fs/promises').then((fs) => fs.mkdir(locked));
    await chmod(locked, 0o500);
    const denied = writeFileDurably(join(locked, 'x.md'), 'x', { label: '--out x.md' });
    // Root may write anyway; everyone else gets the permission message.
    if (process.getuid?.() !== 0) {
      await expect(denied).rejects.toMatchObject({
        problem: 'NO_PERMISSION',
        message: expect.stringMatching(/^--out x\.md: cannot write the file: permission denied/),
      });
    } else await denied;
  });

  it('start-up removes only the temporaries of writers that no longer run', async () => {
    await writeFile(join(dir, 'a.json.999999999.0123abcd.tmp'), 'dead writer');
    await writeFile(join(dir, `b.json.${process.pid}.0123abcd.tmp`), 'this process, maybe writing');
    await writeFile(join(dir, 'c.json.1.0123abcd.tmp'), 'pid 1 runs');
    await writeFile(join(dir, 'd.json'), 'a result');
    const removed = await removeStaleTemporaries(dir);
    expect(removed).toEqual([join(dir, 'a.json.999999999.0123abcd.tmp')]);
    expect((await readdir(dir)).sort()).toEqual([
      `b.json.${process.pid}.0123abcd.tmp`,
      'c.json.1.0123abcd.tmp',
      'd.json',
    ]);
  });
});
