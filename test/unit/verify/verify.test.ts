import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { parseSanitizerOutput } from '../../../electron/core/verify/sanitizer';
import { checkSass, copiesBetweenClockReads, sassByFunction } from '../../../electron/core/verify/sass-check';
import type { NativeWorkloadInfo } from '../../../electron/model/native/addon-types';
import { workloadInfo } from '../helpers/workload-info';
import type { ResultFile } from '../../../electron/model/results/schema';

/** The SASS excerpt cuobjdump printed on the H200 host (docs/results), in cuobjdump's layout. */
const excerpt = readFileSync('docs/results/h200-2026-11-29/sass-excerpt-sm90.txt', 'utf8')
  .split('\n')
  .map((l) => (l.startsWith('== ') ? `\t\tFunction : ${l.slice(3)}` : l))
  .join('\n');

const workload = (id: string, kernel: string, expectSass: string): NativeWorkloadInfo =>
  workloadInfo(id, { kernel, expectSass });

describe('SASS check on the H200 listing', () => {
  it('splits the listing by function', () => {
    const fns = sassByFunction(excerpt);
    expect([...fns.keys()]).toContain('_Z16sb_k_syncthreads8sb_kargs');
    expect(fns.get('_Z16sb_k_syncthreads8sb_kargs')).toMatch(/BAR\.SYNC/);
  });

  it('finds each barrier and reports a missing one', () => {
    const findings = checkSass(excerpt, [
      workload('syncthreads', 'sb_k_syncthreads', 'BAR\\.SYNC'),
      workload('tile8', 'sb_k_tile_syncILi8E', 'WARPSYNC'),
      workload('cluster', 'sb_k_cluster_sync', 'UCGABAR|CCTL|BAR'),
      workload('fadd', 'sb_k_fadd_chainILi8E', 'FADD|FFMA'),
      workload('syncwarp-as-warpsync', 'sb_k_syncwarp', 'WARPSYNC'),
    ]);
    expect(Object.fromEntries(findings.map((f) => [f.workload, f.ok]))).toEqual({
      syncthreads: true,
      tile8: true,
      cluster: true,
      fadd: true,
      // ptxas emitted no WARPSYNC for a converged full-mask __syncwarp() on sm_90 (a NOP): the check says so.
      'syncwarp-as-warpsync': false,
    });
  });
});

describe('SASS check of the back-to-back body', () => {
  const fn = (name: string, body: string[]) =>
    `\t\tFunction : ${name}\n${body.map((l) => `\t${l}`).join('\n')}\n`;
  const clock = '/*0100*/ CS2R R4, SR_CLOCKLO ;';
  const bar = '/*0110*/ BAR.SYNC.DEFER_BLOCKING 0x0 ;';
  const b2b = (id: string, kernel: string, unroll: number): NativeWorkloadInfo => ({
    ...workload(id, kernel, 'BAR\\.SYNC'),
    unroll,
  });

  it('passes U copies between the clock reads and names a body with fewer', () => {
    const listing =
      fn('_Z16sb_k_syncthreads8sb_kargs', [clock, ...Array<string>(64).fill(bar), clock]) +
      fn('_Z9sb_k_few8sb_kargs', [clock, bar, '/*0120*/ CS2R R6, SR_CLOCKLO ;', bar, clock]);
    const [good, few] = checkSass(listing, [
      b2b('syncthreads', 'sb_k_syncthreads', 64),
      b2b('few', 'sb_k_few', 64),
    ]);
    expect(good).toMatchObject({ ok: true, backToBack: { fewestCopies: 64, required: 64 } });
    // The old harness read the clock every iteration: one barrier between two reads.
    expect(few).toMatchObject({ ok: false, backToBack: { fewestCopies: 1, required: 64 } });
  });

  it('counts copies only inside the timed body', () => {
    const body = [bar, bar, clock, bar, bar, bar, clock, bar].join('\n');
    expect(copiesBetweenClockReads(body, /BAR\.SYNC/)).toBe(3);
    expect(copiesBetweenClockReads(bar, /BAR\.SYNC/)).toBe(0);
  });
});

describe('compute-sanitizer output', () => {
  it('reads the summaries the tool printed on the H200 host', () => {
    const r = JSON.parse(
      readFileSync('resources/reference/h200-correctness_sanitizer.json', 'utf8'),
    ) as ResultFile;
    for (const run of r.sanitizer!.runs) {
      expect(parseSanitizerOutput(run.excerpt.join('\n') + '\n' + run.summary)).toMatchObject({
        errors: run.errors,
      });
    }
    expect(r.sanitizer!.runs.find((x) => x.workload === 'handoff_smem_no_barrier')!.errors).toBeGreaterThan(
      0,
    );
  });

  it('parses racecheck and generic summaries, and says when there is none', () => {
    expect(
      parseSanitizerOutput('========= RACECHECK SUMMARY: 10 hazards displayed (13 errors, 2 warnings)'),
    ).toEqual({
      errors: 13,
      warnings: 2,
      summary: 'RACECHECK SUMMARY: 10 hazards displayed (13 errors, 2 warnings)',
    });
    expect(parseSanitizerOutput('========= ERROR SUMMARY: 128 errors').errors).toBe(128);
    expect(parseSanitizerOutput('segfault').errors).toBeNull();
  });
});
