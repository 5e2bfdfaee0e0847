import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { FileReadError, readRegularFile } from '../../../../electron/core/files/regular-file';

let dir: string;
let server: Server | null = null;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'syncbench-regular-'));
});
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
  await rm(dir, { recursive: true, force: true });
});

/** The error `readRegularFile` rejects with, within 2 s (a read that blocks or streams a device fails the test). */
async function refusal(path: string, maxBytes = 1024): Promise<FileReadError> {
  const outcome = await Promise.race([
    readRegularFile(path, maxBytes).then(
      () => new Error('read'),
      (error: unknown) => error,
    ),
    new Promise((resolve) => setTimeout(() => resolve(new Error('still reading after 2 s')), 2_000)),
  ]);
  expect(outcome).toBeInstanceOf(FileReadError);
  return outcome as FileReadError;
}

describe('readRegularFile', () => {
  it('reads a regular file, also through a symlink', async () => {
    await writeFile(join(dir, 'a.json'), '{"x":1}');
    await symlink(join(dir, 'a.json'), join(dir, 'link.json'));
    expect((await readRegularFile(join(dir, 'link.json'), 1024)).toString()).toBe('{"x":1}');
  });

  it('reads a large file into a buffer of its own, which can be transferred to a thread without a copy', async () => {
    const bytes = Buffer.alloc(256 * 1024, 7);
    await writeFile(join(dir, 'big.json'), bytes);
    const read = await readRegularFile(join(dir, 'big.json'), 1024 * 1024);
    expect(read.equals(bytes)).toBe(true);
    expect(read.byteOffset).toBe(0);
    expect(read.buffer.byteLength).toBe(bytes.byteLength);
  });

  it('refuses /dev/zero, a symlink to it, a FIFO and a socket at once, naming what they are', async () => {
    await symlink('/dev/zero', join(dir, 'zero.json'));
    execFileSync('mkfifo', [join(dir, 'x.json')]);
    server = createServer();
    await new Promise<void>((resolve) => server!.listen(join(dir, 'sock.json'), resolve));
    expect(await refusal('/dev/zero')).toMatchObject({
      problem: 'NOT_A_FILE',
      message: '/dev/zero: is a character device, not a regular file; give a file.',
    });
    expect(await refusal(join(dir, 'zero.json'))).toMatchObject({
      problem: 'NOT_A_FILE',
      message: expect.stringContaining('zero.json: is a character device'),
    });
    expect(await refusal(join(dir, 'x.json'))).toMatchObject({
      problem: 'NOT_A_FILE',
      message: expect.stringContaining('x.json: is a FIFO (named pipe), not a regular file'),
    });
    expect(await refusal(join(dir, 'sock.json'))).toMatchObject({
      problem: 'NOT_A_FILE',
      message: expect.stringContaining('sock.json: is a socket'),
    });
    expect(await refusal(dir)).toMatchObject({
      problem: 'NOT_A_FILE',
      message: expect.stringContaining('a folder'),
    });
  });

  it('refuses a file over the limit with its size in bytes, and a missing file in words', async () => {
    await writeFile(join(dir, 'big.json'), Buffer.alloc(1025));
    expect(await refusal(join(dir, 'big.json'))).toMatchObject({ problem: 'TOO_LARGE', size: 1025 });
    await writeFile(join(dir, 'exact.json'), Buffer.alloc(1024));
    expect((await readRegularFile(join(dir, 'exact.json'), 1024)).length).toBe(1024);
    expect(await refusal(join(dir, 'nope.json'))).toMatchObject({
      problem: 'NOT_FOUND',
      message: expect.stringContaining('there is no such file'),
    });
  });
});
