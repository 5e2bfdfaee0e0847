/**
 * The kernel tables are the one place a workload's default Δ and smoke launch are written (kernels/*.cu `kItems[]`,
 * kernels/sb_abi.h sb_workload_info): the TypeScript mirror is current, every workload states a Δ > 0, a table
 * entry without one is refused by name, and (where the addon is built) the addon reports the same facts.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { WORKLOAD_FACTS } from '../../../electron/model/modes/workload-facts.generated';
import type { NativeAddon } from '../../../electron/model/native/addon-types';
import { smokeSpec } from '../../../electron/core/verify/smoke';
import { generate, readKernelFacts } from '../../../scripts/gen-workloads.mjs';
import { smokeShapeOf } from '../helpers/workload-info';

const ADDON = path.resolve('native/build/Release/syncbench.node');

describe('the kernel tables’ TypeScript mirror', () => {
  it('is current (else: npm run gen)', async () => {
    const files = await generate();
    expect(files.length).toBe(2);
    for (const { file, text } of files)
      expect(readFileSync(file, 'utf8'), `${file}: run npm run gen`).toBe(text);
  });

  it('has every table entry of kernels/*.cu, each with a default Δ > 0', () => {
    const ids = readdirSync('kernels')
      .filter((f) => f.endsWith('.cu'))
      .flatMap((f) => [
        ...readFileSync(path.join('kernels', f), 'utf8').matchAll(/\.info\s*=\s*\{\s*\.id = "(\w+)"/g),
      ])
      .map((m) => m[1]!);
    expect(ids.length).toBeGreaterThan(60);
    expect(Object.keys(WORKLOAD_FACTS).sort()).toEqual([...ids].sort());
    const without = ids.filter((id) => !(WORKLOAD_FACTS[id]!.deltaIters > 0));
    expect(without).toEqual([]);
  });

  it('refuses a table entry without .delta_iters, naming its file and id', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'sb-facts-'));
    cpSync('kernels', path.join(root, 'kernels'), { recursive: true });
    const file = path.join(root, 'kernels', 'warp_sync.cu');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/,\s*\.delta_iters = \d+/, ''));
    expect(() => readKernelFacts(root)).toThrow(
      "kernels/warp_sync.cu: workload 'syncwarp' needs .delta_iters",
    );
  });

  it('keeps the Δ every mode used before the kernels stated it (no measured point changes)', () => {
    expect(WORKLOAD_FACTS.syncwarp!.deltaIters).toBe(131072);
    expect(WORKLOAD_FACTS.grid_sync!.deltaIters).toBe(256);
    expect(WORKLOAD_FACTS.host_stream_sync!.deltaIters).toBe(64);
    // The four unsafe workloads that had no entry got 1024 and still do.
    for (const id of [
      'handoff_smem_no_barrier',
      'divergent_barrier',
      'plain_rmw_pair_adjacent',
      'fence_plain_adjacent',
    ]) {
      expect(WORKLOAD_FACTS[id]!.deltaIters, id).toBe(1024);
    }
  });
});

describe.runIf(spawnSync('nvcc', ['--version']).status === 0)('the compiler', () => {
  it('refuses a table with a workload whose .delta_iters is 0 (sb_all_have_delta)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sb-delta-'));
    const file = path.join(dir, 'warp_sync.cu');
    const src = readFileSync('kernels/warp_sync.cu', 'utf8');
    writeFileSync(file, src.replace(/\.delta_iters = \d+/, '.delta_iters = 0'));
    const r = spawnSync(
      'nvcc',
      [
        '-ptx',
        '-arch=sm_90',
        '-std=c++20',
        '--extended-lambda',
        '-Ikernels',
        file,
        '-o',
        path.join(dir, 'x.ptx'),
      ],
      { encoding: 'utf8' },
    );
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('every workload states its default delta_iters > 0');
  }, 120_000);
});

describe.runIf(existsSync(ADDON))('the built addon', () => {
  const addon = () => createRequire(import.meta.url)(ADDON) as NativeAddon;

  it('reports the Δ and smoke launch of the mirror for every workload', () => {
    const list = addon().workloads();
    expect(list.map((w) => w.id).sort()).toEqual(Object.keys(WORKLOAD_FACTS).sort());
    for (const w of list) {
      expect({ deltaIters: w.deltaIters, smoke: w.smoke }, w.id).toEqual({
        deltaIters: WORKLOAD_FACTS[w.id]!.deltaIters,
        smoke: smokeShapeOf(w.id),
      });
    }
  });

  it('gives every workload a smoke launch the addon accepts (cluster size with the attribute, ≤ 1024 threads)', () => {
    const bad = addon()
      .workloads()
      .map((w) => smokeSpec(w, 0))
      .filter(
        ({ launch: l }) =>
          l.threadsPerBlock > 1024 || (l.clusterSize > 1 !== l.clusterAttribute && l.clusterSize !== 1),
      )
      .map((s) => s.workload);
    expect(bad).toEqual([]);
  });
});
