/**
 * `syncbench fleet merge DIR` through main() (docs/fleet.md#fleet-merge): a folder with nothing to merge is exit 2
 * with what was looked at and nothing written; the default fleet file lies beside DIR, never inside it; fleet outputs
 * (a fleet file, a Job recipe) below DIR are skipped by their kind, counted, and never change the merge.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { main } from '../../../electron/cli/main';
import { EXIT } from '../../../electron/cli/exit-codes';
import { HEAD_BYTES } from '../../../electron/core/fleet/read-ahead';
import { isFleetFileHead } from '../../../electron/core/fleet/fleet-output';
import { MAX_RESULT_FILE_BYTES } from '../../../electron/core/results/io';
import { FleetFileSchema, type FleetFile } from '../../../electron/model/fleet/fleet-schema';
import { writeSyntheticFleet } from '../../fixtures/synthetic-fleet';
import { err, out, resetErr } from '../cli/capture';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-fleet-input-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const readFleet = async (path: string): Promise<FleetFile> =>
  FleetFileSchema.parse(JSON.parse(await readFile(path, 'utf8')));
/** The fleet less its creation time, which differs between two merges of the same folder. */
const content = ({ createdAt: _createdAt, ...rest }: FleetFile) => rest;

describe('fleet merge of a folder with nothing to merge', () => {
  it('an empty folder: exit 2, what was looked at and what is expected; nothing is written', async () => {
    const empty = join(dir, 'empty');
    await mkdir(empty);
    expect(await main(['fleet', 'merge', empty])).toBe(EXIT.invalid);
    expect(err).toContain(`no result files or task records in ${empty}: 0 .json files looked at`);
    expect(err).toContain('0 skipped as fleet outputs');
    expect(err).toContain('Expected below');
    expect(err).toContain('task.json');
    expect(err).not.toMatch(/internal error/);
    expect(await readdir(empty)).toEqual([]);
    expect(existsSync(join(dir, 'empty-fleet.json'))).toBe(false);
  });

  it('only fleet outputs (a fleet file, a Job recipe) and other JSON: exit 2, each counted as skipped', async () => {
    await writeSyntheticFleet(join(dir, 'r'), { nodes: 1, gpusPerNode: 3, modes: 1 });
    expect(await main(['fleet', 'merge', join(dir, 'r'), '--out', join(dir, 'fleet.json')])).toBe(EXIT.ok);
    const only = join(dir, 'only');
    await mkdir(join(only, 'old'), { recursive: true });
    await writeFile(join(only, 'old', 'merged.json'), await readFile(join(dir, 'fleet.json')));
    const job = ['fleet', 'k8s', '--volume', 'r', '--image', 'img', '--gpus', '2'];
    expect(await main([...job, '--out', join(only, 'fleet-job.json')])).toBe(EXIT.ok);
    await writeFile(join(only, 'notes.json'), '{"hello": 1}');
    resetErr();
    expect(await main(['fleet', 'merge', only, '--out', join(dir, 'again.json')])).toBe(EXIT.invalid);
    expect(err).toContain(`no result files or task records in ${only}: 3 .json files looked at`);
    expect(err).toContain('2 skipped as fleet outputs');
    expect(err).toContain('1 skipped as other JSON');
    expect(existsSync(join(dir, 'again.json'))).toBe(false);
  });

  it('a file that cannot be read is named in the message', async () => {
    await writeFile(join(dir, 'broken.json'), '{"format": ');
    expect(await main(['fleet', 'merge', dir, '--out', join(tmpdir(), 'never-written.json')])).toBe(
      EXIT.invalid,
    );
    expect(err).toContain('1 could not be read');
    expect(err).toMatch(/broken\.json: not JSON/);
  });

  it('the root folder has no default beside it: exit 2 asking for --out', async () => {
    expect(await main(['fleet', 'merge', '/'])).toBe(EXIT.invalid);
    expect(err).toMatch(/give --out FILE/);
  });

  it('a DIR that does not exist: exit 2 saying so and what is expected, not ENOENT', async () => {
    const missing = join(dir, 'nonexistent');
    expect(await main(['fleet', 'merge', missing])).toBe(EXIT.invalid);
    expect(err).toContain(
      `fleet merge: DIR ${missing} does not exist (expected a folder of result files and task records)`,
    );
    expect(err).not.toMatch(/ENOENT|stat '/);
    expect(await readdir(dir)).toEqual([]);
  });

  it('a file as DIR: exit 2 saying it is a file, not ENOTDIR', async () => {
    const file = join(dir, 'result.json');
    await writeFile(file, '{}');
    expect(await main(['fleet', 'merge', file])).toBe(EXIT.invalid);
    expect(err).toContain(
      `fleet merge: DIR ${file} is a file (expected a folder of result files and task records)`,
    );
    expect(err).not.toMatch(/ENOTDIR|scandir/);
    expect(await readdir(dir)).toEqual(['result.json']);
  });
});

describe('fleet merge output', () => {
  it('goes beside DIR by default; merging again gives the same fleet, its own output not read', async () => {
    const r = join(dir, 'run1');
    await writeSyntheticFleet(r, {
      nodes: 2,
      gpusPerNode: 3,
      modes: 2,
      outlier: { node: 1, gpu: 2, factor: 2 },
    });
    const before = (await readdir(r)).sort();
    expect(await main(['fleet', 'merge', `${r}/`])).toBe(EXIT.ok);
    const first = await readFleet(join(dir, 'run1-fleet.json'));
    expect(err).toContain(`wrote ${join(dir, 'run1-fleet.json')}`);
    expect((await readdir(r)).sort()).toEqual(before);
    expect(first.runs).toHaveLength(12);
    expect(first.outliers.length).toBeGreaterThan(0);

    expect(await main(['fleet', 'merge', r])).toBe(EXIT.ok);
    expect(content(await readFleet(join(dir, 'run1-fleet.json')))).toEqual(content(first));

    // Written inside DIR on purpose (as the Fleet view's folder opening wants): skipped by its kind next time.
    expect(await main(['fleet', 'merge', r, '--out', join(r, 'fleet.json')])).toBe(EXIT.ok);
    resetErr();
    expect(await main(['fleet', 'merge', r, '--out', join(r, 'fleet.json')])).toBe(EXIT.ok);
    expect(err).toMatch(/skipped 1 JSON file, 1 of them fleet outputs/);
    const inside = await readFleet(join(r, 'fleet.json'));
    expect(inside.runs).toEqual(first.runs);
    expect(inside.points).toEqual(first.points);
    expect(inside.failures).toEqual(first.failures);
    expect(inside.counts).toEqual({ ...first.counts, files: first.counts.files + 1, skipped: 1 });
  });

  it('a fleet file too large to parse is still known by its first bytes and skipped', async () => {
    const r = join(dir, 'r');
    await writeSyntheticFleet(r, { nodes: 1, gpusPerNode: 3, modes: 1 });
    expect(await main(['fleet', 'merge', r])).toBe(EXIT.ok);
    const text = await readFile(join(dir, 'r-fleet.json'), 'utf8');
    expect(isFleetFileHead(text.slice(0, HEAD_BYTES))).toBe(true);
    expect(isFleetFileHead('{"format":"syncbench-result"}')).toBe(false);
    const big = await open(join(r, 'big.json'), 'w');
    await big.write(text.slice(0, HEAD_BYTES));
    await big.truncate(MAX_RESULT_FILE_BYTES + 1); // sparse: no 64 MiB written
    await big.close();
    resetErr();
    expect(await main(['fleet', 'merge', r, '--fail-on-outliers'])).toBe(EXIT.ok);
    expect(err).toMatch(/1 of them fleet outputs/);
    expect((await readFleet(join(dir, 'r-fleet.json'))).failures).toEqual([]);
  });

  it('--help names the default beside DIR', async () => {
    expect(await main(['fleet', 'merge', '--help'])).toBe(EXIT.ok);
    expect(out.replace(/\s+/g, ' ')).toMatch(/default <DIR>-fleet\.json beside DIR, never inside it/);
  });
});

describe.runIf(existsSync('dist/cli.js'))('the built CLI (npm run build:cli)', () => {
  it('an empty folder: the process exits 2 with the message, and nothing is written', async () => {
    const empty = join(dir, 'empty');
    await mkdir(empty);
    const r = spawnSync(process.execPath, ['dist/cli.js', 'fleet', 'merge', empty], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(EXIT.invalid);
    expect(r.stderr).toContain(`no result files or task records in ${empty}: 0 .json files looked at`);
    expect(await readdir(dir)).toEqual(['empty']);
  });
});
