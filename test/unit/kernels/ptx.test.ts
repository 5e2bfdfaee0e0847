/**
 * The PTX of every kernel contains its primitive (issue 2, issue 6): bar.warp.sync, bar.sync 0, the grid sync's
 * release atomic, barrier.cluster, named bar.sync/bar.arrive with ids, mbarrier, membar/fence at each scope, the
 * release/acquire flag operations at their scope, and the Hopper kernels' griddepcontrol, mbarrier transaction
 * counts, bulk copies and cluster-scope arrives (issue 16) — so no loop was optimised away. Compiled here with nvcc
 * for sm_90 with the build's flags (and sm_80, where the Hopper kernels must be left out); the expected instruction
 * of each workload comes from the kernels' own table.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

import type { NativeAddon } from '../../../electron/model/native/addon-types';

const hasNvcc = spawnSync('nvcc', ['--version']).status === 0;
const ADDON = path.resolve('native/build/Release/syncbench.node');

/** Splits PTX into { mangled entry name -> body }. */
function ptxEntries(ptx: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = /\.entry\s+(\S+?)\s*\(/g;
  const starts = [...ptx.matchAll(re)];
  starts.forEach((m, i) => out.set(m[1]!, ptx.slice(m.index, starts[i + 1]?.index ?? ptx.length)));
  return out;
}

/**
 * The timed bodies of a back-to-back kernel: the PTX between each pair of `%clock64` reads (start, end; a kernel
 * whose roles run separate loops, like named_barrier_pc's producers and consumers, has one pair per role). Returns
 * the number of reads and, per body, how many lines match `instruction` (each copy of the primitive has at least one).
 */
function timedBodies(body: string, instruction: RegExp): { clockReads: number; copies: number[] } {
  const lines = body.split('\n');
  const clocks = lines.flatMap((l, i) => (/%clock64/.test(l) ? [i] : []));
  const copies: number[] = [];
  for (let k = 0; k + 1 < clocks.length; k += 2) {
    copies.push(lines.slice(clocks[k]! + 1, clocks[k + 1]!).filter((l) => instruction.test(l)).length);
  }
  return { clockReads: clocks.length, copies };
}

/**
 * Back-to-back workloads whose copies the compiler merges: plain read-modify-writes of two adjacent words through
 * one pointer, with nothing between them. (With two arrays, SyncPerformance's layout, the pointers may alias and
 * every copy stays.)
 */
const MERGED_BY_COMPILER = new Set(['plain_rmw_pair_adjacent']);

function compile(file: string, outDir: string, arch = 'sm_90'): Promise<string> {
  const out = path.join(outDir, `${path.basename(file)}.${arch}.ptx`);
  return new Promise((resolve, reject) => {
    const child = spawn(
      'nvcc',
      ['-ptx', `-arch=${arch}`, '-std=c++20', '--extended-lambda', '-Ikernels', file, '-o', out],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code) =>
      code === 0 ? resolve(readFileSync(out, 'utf8')) : reject(new Error(`${file}: ${err}`)),
    );
  });
}

describe.runIf(hasNvcc && existsSync(ADDON))('PTX of every kernel (sm_90)', () => {
  const entries = new Map<string, string>();
  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'syncbench-ptx-'));
    const files = readdirSync('kernels')
      .filter((f) => f.endsWith('.cu'))
      .map((f) => path.join('kernels', f));
    for (const ptx of await Promise.all(files.map((f) => compile(f, dir)))) {
      for (const [name, body] of ptxEntries(ptx)) entries.set(name, body);
    }
  }, 600_000);

  const addon = () => createRequire(import.meta.url)(ADDON) as NativeAddon;
  const kernelsOf = (kernel: string) =>
    [...entries.entries()].filter(([name]) => new RegExp(`${kernel}(?![a-z_])`).test(name));

  it('every workload with an expected instruction has it in every instantiation of its kernel', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const w of addon()
      .workloads()
      .filter((x) => x.expectPtx !== '')) {
      const mine = kernelsOf(w.kernel);
      if (mine.length === 0) missing.push(`${w.id}: no PTX entry matches ${w.kernel}`);
      for (const [name, body] of mine) {
        checked += 1;
        if (!new RegExp(w.expectPtx).test(body)) missing.push(`${w.id}: ${name} lacks /${w.expectPtx}/`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(25);
  });

  it('every back-to-back workload has U copies of its primitive between the clock reads around its body', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const w of addon()
      .workloads()
      .filter((x) => x.unroll > 0 && x.expectPtx !== '')) {
      for (const [name, body] of kernelsOf(w.kernel)) {
        checked += 1;
        const { clockReads, copies } = timedBodies(body, new RegExp(w.expectPtx));
        // Reads only before and after each whole body, none between two copies.
        if (clockReads === 0 || clockReads % 2 !== 0 || clockReads > 4) {
          problems.push(
            `${w.id}: ${name} reads %clock64 ${clockReads} times, not once before and after each body`,
          );
        }
        const fewest = Math.min(...copies);
        if (MERGED_BY_COMPILER.has(w.id)) {
          if (fewest >= w.unroll) problems.push(`${w.id}: expected the compiler to merge its copies`);
        } else if (fewest < w.unroll) {
          problems.push(`${w.id}: ${name} has ${fewest} copies in a body, needs ${w.unroll}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });

  it('the scoped primitives carry their scope', () => {
    for (const kernel of ['sb_k_fence', 'sb_k_fence_rmw', 'sb_k_fence_plain']) {
      const scoped = (scope: number) => kernelsOf(`${kernel}ILi${scope}E`)[0]![1];
      expect(scoped(0), kernel).toMatch(/membar\.cta|fence\.cta/);
      expect(scoped(1), kernel).toMatch(/membar\.gl|fence\.(sc\.|acq_rel\.)?gpu/);
      expect(scoped(2), kernel).toMatch(/membar\.sys|fence\.(sc\.|acq_rel\.)?sys/);
    }
    const warps = kernelsOf('sb_k_handoff_warps')[0]![1];
    for (const scope of ['cta', 'gpu', 'sys']) {
      expect(warps).toMatch(new RegExp(`st\\.release\\.${scope}`));
      expect(warps).toMatch(new RegExp(`ld\\.acquire\\.${scope}`));
    }
    expect(kernelsOf('sb_k_handoff_host')[0]![1]).toMatch(/st\.release\.sys/);
    expect(kernelsOf('sb_k_named_barrier_pc')[0]![1]).toMatch(
      /bar\.arrive\s+1,[\s\S]*bar\.sync\s+1,|bar\.sync\s+1,[\s\S]*bar\.arrive\s+1,/,
    );
    expect(kernelsOf('sb_k_cluster_sync')[0]![1]).toMatch(
      /barrier\.cluster\.arrive[\s\S]*barrier\.cluster\.wait/,
    );
  });

  it('the undefined-behaviour variants are what they claim: no barrier, or a barrier in divergent code', () => {
    const noBarrier = kernelsOf('sb_k_handoff_smemILb0E')[0]![1];
    expect(noBarrier).not.toMatch(/bar(rier)?\.sync/);
    const divergent = kernelsOf('sb_k_divergent_barrier')[0]![1];
    expect(divergent.match(/bar(rier)?\.sync\s+0/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
  });

  it('the sm_90 kernels hold the Hopper instructions their modes are about, in the order that makes them correct', () => {
    const tma = kernelsOf('sb_k_pipe_tma')[0]![1];
    expect(tma).toMatch(/mbarrier\.init\.shared::cta\.b64[\s\S]*fence\.mbarrier_init\.release\.cluster/);
    expect(tma).toMatch(
      /mbarrier\.arrive\.expect_tx\.shared::cta\.b64[\s\S]*cp\.async\.bulk\.shared::cluster\.global\.mbarrier::complete_tx::bytes/,
    );
    expect(tma).toMatch(/mbarrier\.try_wait\.parity\.shared::cta\.b64/);
    expect(kernelsOf('sb_k_pipe_cp_async')[0]![1]).toMatch(
      /cp\.async\.cg\.shared\.global[\s\S]*cp\.async\.mbarrier\.arrive\.noinc\.shared::cta\.b64/,
    );
    const named = kernelsOf('sb_k_pipe_named')[0]![1];
    expect(named).toMatch(/bar\.arrive\s+%r\d+, %r\d+/);
    expect(named).toMatch(/bar\.sync\s+%r\d+, %r\d+/);
    const ring = kernelsOf('sb_k_cluster_arrive_ring')[0]![1];
    expect(ring).toMatch(/mapa\.shared::cluster\.u32/);
    expect(ring).toMatch(
      /st\.shared::cluster\.u32[\s\S]*mbarrier\.arrive\.release\.cluster\.shared::cluster\.b64/,
    );
    expect(ring).toMatch(/mbarrier\.try_wait\.parity\.acquire\.cluster\.shared::cta\.b64/);
    // The one-way ring stores, then arrives; the arrive alone has the same arrive and wait and no DSMEM store.
    const oneway = kernelsOf('sb_k_cluster_arrive_oneway')[0]![1];
    expect(oneway).toMatch(
      /st\.shared::cluster\.u32[\s\S]*mbarrier\.arrive\.release\.cluster\.shared::cluster\.b64/,
    );
    expect(oneway).toMatch(/mbarrier\.try_wait\.parity\.acquire\.cluster\.shared::cta\.b64/);
    const alone = kernelsOf('sb_k_cluster_arrive_only')[0]![1];
    expect(alone).toMatch(/mbarrier\.arrive\.release\.cluster\.shared::cluster\.b64/);
    expect(alone).toMatch(/mbarrier\.try_wait\.parity\.acquire\.cluster\.shared::cta\.b64/);
    expect(alone).not.toMatch(/st\.shared::cluster/);
    // The copy-time diagnostic reads the clock around the producer's copies (at least two more reads than pipe_named).
    const clocks = (k: string) => kernelsOf(k)[0]![1].match(/%clock64/g)?.length ?? 0;
    expect(clocks('sb_k_pipe_named_copytime')).toBeGreaterThanOrEqual(clocks('sb_k_pipe_named') + 2);
    // The secondary waits for the primary before its first read of the primary's output (the wizard's hazard).
    const phase = kernelsOf('sb_k_pdl_phase')[0]![1];
    const wait = phase.indexOf('griddepcontrol.wait');
    expect(wait).toBeGreaterThan(0);
    expect(phase.indexOf('ld.global')).toBeGreaterThan(wait);
    expect(phase.match(/griddepcontrol\.launch_dependents/g)?.length).toBe(2);
  });

  it('the SASS expectations of the sm_90 workloads need every instruction they name, not just one', () => {
    const sass = (id: string) =>
      new RegExp(
        addon()
          .workloads()
          .find((w) => w.id === id)!.expectSass,
      );
    const tma = [
      'UBLKCP.S.G [UR8], [UR4], R5, [UR9]',
      'SYNCS.ARRIVE.TRANS64.RED.A0TR RZ, [UR9], R5',
      'SYNCS.PHASECHK.TRANS64.TRYWAIT P0, [UR9], R2',
    ];
    expect(sass('pipe_tma').test(tma.join('\n'))).toBe(true);
    expect(sass('pipe_tma').test(tma.slice(1).join('\n'))).toBe(false);
    expect(sass('pipe_tma').test([tma[0], tma[2]].join('\n'))).toBe(false);
    const pdl = sass('pdl_launch');
    expect(pdl.test('PREEXIT\n ... \nACQBULK')).toBe(true);
    expect(pdl.test('ACQBULK')).toBe(false);
    expect(
      sass('pipe_cp_async').test('LDGSTS.E [R5], desc[UR8][R2.64]\nARRIVES.LDGSTSBAR.64.ARVCNT [UR7]'),
    ).toBe(false);
    expect(
      sass('pipe_cp_async').test(
        'LDGSTS.E [R5]\nARRIVES.LDGSTSBAR.64.ARVCNT [UR7]\nSYNCS.PHASECHK.TRANS64.TRYWAIT P0',
      ),
    ).toBe(true);
  });

  it('below sm_90 the Hopper kernels are left out: built as a trap, none of their instructions', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'syncbench-ptx80-'));
    const files = ['pdl.cu', 'pipeline.cu', 'cluster_arrive.cu'].map((f) => path.join('kernels', f));
    const old = new Map<string, string>();
    for (const ptx of await Promise.all(files.map((f) => compile(f, dir, 'sm_80')))) {
      for (const [name, body] of ptxEntries(ptx)) old.set(name, body);
    }
    const hopper = addon()
      .workloads()
      .filter((w) => w.minCc === 90 && ['pdl', 'pipeline', 'cluster_arrive'].includes(w.family));
    expect(hopper.length).toBe(19);
    for (const w of hopper) {
      const mine = [...old.entries()].filter(([name]) => new RegExp(`${w.kernel}(?![a-z_])`).test(name));
      expect(mine.length, w.id).toBeGreaterThan(0);
      for (const [name, body] of mine) {
        expect(body, name).toMatch(/\btrap;/);
        expect(body, name).not.toMatch(/griddepcontrol|mbarrier|cp\.async|barrier\.cluster|shared::cluster/);
      }
    }
  }, 600_000);

  it('every loop kernel keeps its clock64 accumulation behind the never-true sink flag', () => {
    for (const name of ['sb_k_syncwarp', 'sb_k_syncthreads', 'sb_k_grid_sync', 'sb_k_baseline']) {
      const body = kernelsOf(name)[0]![1];
      expect(body, name).toMatch(/mov\.u64\s+%rd\d+, %clock64/);
      expect(body, name).toMatch(/%globaltimer/);
    }
  });
});
