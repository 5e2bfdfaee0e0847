/**
 * `syncbench profile` against a fake `ncu` on PATH (a shell script): every refusal, the program's output passed
 * through, and nothing stored unless the profile succeeded. The fake answers --import with the H200 fixtures.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

import '../cli/capture';
import { err, out } from '../cli/capture';
import { main } from '../../../electron/cli/main';
import { ProfileStore } from '../../../electron/core/results/profile-store';
import { installFakeNcu } from './fake-ncu';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-fake-ncu-'));
const bin = path.join(dir, 'bin');
const results = path.join(dir, 'results');
installFakeNcu(bin);

const argsFile = path.join(dir, 'args.txt');
const importsFile = path.join(dir, 'imports.txt');
const saved = () =>
  existsSync(path.join(results, 'profiles')) ? readdirSync(path.join(results, 'profiles')) : [];
const profile = (...extra: string[]) =>
  main([
    'profile',
    '--results',
    results,
    ...extra,
    '--',
    'examples/profile/build/block_reduce',
    '--variant',
    'both',
  ]);

beforeEach(() => {
  vi.stubEnv('PATH', `${bin}:${process.env.PATH ?? ''}`);
  vi.stubEnv('FAKE_NCU_ARGS', argsFile);
  vi.stubEnv('FAKE_NCU_IMPORTS', importsFile);
  rmSync(importsFile, { force: true });
  vi.stubEnv('FAKE_NCU_MODE', 'ok');
  rmSync(results, { recursive: true, force: true });
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

describe('syncbench profile with a fake ncu', () => {
  it('profiles, passes the program output through, saves one valid profile', async () => {
    expect(await profile('-k', 'reduce', '-c', '4')).toBe(0);
    expect(out).toContain('reduce: PASS');
    expect(out).not.toContain('==PROF==');
    expect(err).toContain('==PROF== Connected');
    expect(out).toMatch(/## reduce_syncthreads[\s\S]*32\.7 %/);
    expect(saved()).toHaveLength(1);
    const store = new ProfileStore(results);
    const [id] = await store.ids();
    expect((await store.get(id!)).kernels.map((k) => k.name)).toEqual([
      'reduce_syncthreads',
      'reduce_shuffle',
    ]);
    const args = readFileSync(argsFile, 'utf8');
    expect(args).toMatch(/-k regex:reduce -c 4 -- examples\/profile\/build\/block_reduce --variant both/);
    expect(args).toMatch(/--metrics \S*sass__inst_executed_per_opcode_with_modifier_all/);
    // the raw page without instances; the mix alone with its per-opcode instances (docs/profile.md#speed)
    const imports = readFileSync(importsFile, 'utf8').trim().split('\n');
    expect(imports[0]).toMatch(/--page raw --print-units base --print-metric-instances none$/);
    expect(imports[1]).toMatch(
      /--page raw --print-units base --metrics sass__inst_executed_per_opcode_with_modifier_all --print-metric-instances details$/,
    );
    expect((await store.get(id!)).kernels[0]?.syncCounts?.blockBarrier.syncs).toBeGreaterThan(0);
  });

  it('ERR_NVGPUCTRPERM: says the driver option and the docs link, exit 3, nothing saved', async () => {
    vi.stubEnv('FAKE_NCU_MODE', 'perm');
    expect(await profile()).toBe(3);
    expect(err).toMatch(/NVreg_RestrictProfilingToAdminUsers=0/);
    expect(err).toContain('https://developer.nvidia.com/ERR_NVGPUCTRPERM');
    expect(saved()).toEqual([]);
  });

  it('a failing program: its output shown, its status said, exit 4, nothing saved', async () => {
    vi.stubEnv('FAKE_NCU_MODE', 'fail');
    expect(await profile()).toBe(4);
    expect(out).toContain('FAIL (1 of 264 block sums wrong)');
    expect(err).toMatch(/exited with status 1[\s\S]*nothing was saved/);
    expect(saved()).toEqual([]);
  });

  it('a missing program is a usage error (2); no kernel matched is 4 with the kernels launched', async () => {
    vi.stubEnv('FAKE_NCU_MODE', 'missing');
    expect(await profile()).toBe(2);
    expect(err).toMatch(/no such program/);
    vi.stubEnv('FAKE_NCU_MODE', 'nokernels');
    expect(await profile('-k', 'nothing')).toBe(4);
    expect(err).toMatch(/--kernel nothing matched none.*warp_reverse/);
    expect(saved()).toEqual([]);
  });

  it('ncu too old, and ncu missing, exit 3 with what to install', async () => {
    vi.stubEnv('FAKE_NCU_VERSION', '2023.2.0.0');
    expect(await profile()).toBe(3);
    expect(err).toMatch(/Nsight Compute 2023\.2\.0\.0; syncbench profile needs 2025\.1 or newer/);
    vi.stubEnv('FAKE_NCU_VERSION', '2025.3.1.0');
    expect(await profile('--ncu', path.join(dir, 'no-such-ncu'))).toBe(3);
    expect(err).toMatch(/Nsight Compute \(ncu\) was not found/);
    expect(saved()).toEqual([]);
  });

  it('the time limit stops ncu and saves nothing', async () => {
    vi.stubEnv('FAKE_NCU_MODE', 'hang');
    const t0 = Date.now();
    expect(await profile('--time-limit', '1')).toBe(4);
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(err).toMatch(/longer than the time limit \(1 s\)/);
    expect(saved()).toEqual([]);
  });

  it('refuses bad options with what is allowed', async () => {
    expect(await profile('-c', '0')).toBe(2);
    expect(err).toMatch(/--launch-count 0: expected a whole number above 0/);
    expect(await profile('-k', '(')).toBe(2);
    expect(err).toMatch(/not a regular expression/);
  });
});
