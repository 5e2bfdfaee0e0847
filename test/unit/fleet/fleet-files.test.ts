/**
 * What `fleet merge` does with entries that are not plain files and folders (docs/fleet.md#fleet-merge): symbolic
 * links to folders and files are followed, a folder reached twice is read once, and a FIFO, a link to /dev/zero and
 * a link loop are never opened but named as failures with the reason (exit 6 with --fail-on-outliers). `fleet check`
 * and suite files refuse a FIFO or device at once (exit 2). The fleet is synthetic (test/fixtures/synthetic-fleet.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { EXIT } from '../../../electron/cli/exit-codes';
import { main } from '../../../electron/cli/main';
import { readFleetFile } from '../../../electron/core/fleet/fleet-file';
import { resolveSuite } from '../../../electron/core/fleet/suite';
import { writeSyntheticFleet } from '../../fixtures/synthetic-fleet';
import { err, out } from '../cli/capture';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-fleet-files-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function mkfifo(path: string): void {
  const made = spawnSync('mkfifo', [path]);
  if (made.status !== 0) throw new Error(`mkfifo ${path} failed: ${String(made.stderr)}`);
}

/**
 * A fleet of 3 tasks (one mode each) in `real/`, and `r/` that holds them only through links: task 0 as a linked
 * folder, task 1 as a real folder of linked files, task 2 as a real folder; plus a FIFO, a link to /dev/zero, a
 * link loop and a link back to `r/` itself.
 */
async function linkedFleet(): Promise<string> {
  await writeSyntheticFleet(join(dir, 'real'), { nodes: 1, gpusPerNode: 3, modes: 1 });
  const tasks = (await readdir(join(dir, 'real'))).sort();
  const root = join(dir, 'r');
  await mkdir(join(root, 'b'), { recursive: true });
  await symlink(join(dir, 'real', tasks[0] as string), join(root, 'a'));
  for (const file of await readdir(join(dir, 'real', tasks[1] as string))) {
    await symlink(join(dir, 'real', tasks[1] as string, file), join(root, 'b', file));
  }
  await writeSyntheticFleet(join(root, 'c'), { nodes: 1, gpusPerNode: 1, modes: 1 });
  mkfifo(join(root, 'pipe.json'));
  await symlink('/dev/zero', join(root, 'zero.json'));
  await symlink('loop.json', join(root, 'loop.json'));
  await symlink('.', join(root, 'up'));
  return root;
}

describe('fleet merge: links, FIFOs and devices', () => {
  it('follows linked folders and files, names every entry not read, exit 6 with --fail-on-outliers', async () => {
    const root = await linkedFleet();
    const fleetPath = join(dir, 'fleet.json');
    expect(await main(['fleet', 'merge', root, '--out', fleetPath, '--fail-on-outliers'])).toBe(
      EXIT.outliers,
    );
    const fleet = await readFleetFile(fleetPath);
    expect(fleet.runs.map((r) => r.file.split('/')[0]).sort()).toEqual(['a', 'b', 'c']);
    expect(fleet.counts).toMatchObject({ files: 6, results: 3, tasks: 3 });
    const reasons = Object.fromEntries(fleet.failures.map((f) => [f.file, f.reason]));
    expect(reasons).toEqual({
      'pipe.json': 'not read: a FIFO (named pipe), not a regular file',
      'zero.json': 'not read: a symbolic link to a character device, not a regular file',
      'loop.json': 'not read: a symbolic link loop',
      up: 'not read: a symbolic link to a folder already read (a loop, or a second link to it)',
    });
    expect(out).toMatch(/## Failures \(4\)/);
    expect(out).toContain('(pipe.json): not read: a FIFO (named pipe)');
    expect(out).toContain('(up): not read: a symbolic link to a folder already read');
  });

  it('exit 0 without --fail-on-outliers, and the entries are still named', async () => {
    const root = await linkedFleet();
    expect(await main(['fleet', 'merge', root, '--out', join(dir, 'fleet.json')])).toBe(EXIT.ok);
    expect(out).toContain('(zero.json): not read: a symbolic link to a character device');
    expect(out).toContain('(loop.json): not read: a symbolic link loop');
  });

  it('a broken link is named, not dropped', async () => {
    await writeSyntheticFleet(join(dir, 'r'), { nodes: 1, gpusPerNode: 1, modes: 1 });
    await symlink(join(dir, 'gone'), join(dir, 'r', 'moved.json'));
    expect(await main(['fleet', 'merge', join(dir, 'r'), '--out', join(dir, 'f.json')])).toBe(EXIT.ok);
    expect(out).toContain('(moved.json): not read: a broken symbolic link (its target is not there)');
  });
});

describe('fleet check and suite files: a FIFO or device is refused, not read', () => {
  it('fleet check on a FIFO: exit 2 at once, saying what it is', async () => {
    mkfifo(join(dir, 'fleet.json'));
    expect(await main(['fleet', 'check', join(dir, 'fleet.json')])).toBe(EXIT.invalid);
    expect(err).toContain(`${join(dir, 'fleet.json')}: is a FIFO (named pipe), not a regular file`);
  });

  it.runIf(existsSync('/dev/zero'))('fleet check on /dev/zero and a link to it: exit 2', async () => {
    expect(await main(['fleet', 'check', '/dev/zero'])).toBe(EXIT.invalid);
    expect(err).toContain('/dev/zero: is a character device, not a regular file');
    await symlink('/dev/zero', join(dir, 'zero.json'));
    expect(await main(['fleet', 'check', join(dir, 'zero.json')])).toBe(EXIT.invalid);
    expect(err).toContain('zero.json: is a character device, not a regular file');
  });

  it('a suite file that is a FIFO is a SuiteError naming it', async () => {
    mkfifo(join(dir, 'suite.json'));
    await expect(resolveSuite(join(dir, 'suite.json'))).rejects.toThrow(
      /--suite .*suite\.json: not "chapter" and not a readable JSON file \(.*is a FIFO \(named pipe\)/,
    );
    await expect(resolveSuite('/dev/zero')).rejects.toThrow(/is a character device, not a regular file/);
  });
});
