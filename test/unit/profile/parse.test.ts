import { describe, expect, it } from 'vitest';

import { buildProfile } from '../../../electron/model/profile/build-profile';
import { pagesFromCsv } from '../../../electron/core/profile/ncu-csv';
import { NcuParseError } from '../../../electron/model/profile/ncu-error';
import { ncuDim3, ncuInstances, ncuNumber } from '../../../electron/model/profile/ncu-values';
import { readNcuText } from '../../../electron/model/profile/ncu-rows';
import { RawPageReader } from '../../../electron/model/profile/raw-page';
import { validateProfile } from '../../../electron/model/profile/schema';
import { classifyOpcode } from '../../../electron/model/profile/sync-kinds';
import { FACTS, fixtureProfile, page } from './fixtures';

const kernel = (name: string, k: string) => {
  const found = fixtureProfile(name).kernels.find((x) => x.name === k);
  if (!found) throw new Error(`no kernel ${k} in ${name}`);
  return found;
};
const stall = (k: ReturnType<typeof kernel>, reason: string) => k.stalls.find((s) => s.reason === reason);

describe("ncu's values", () => {
  it('reads numbers with separators, instanced totals, dims and instance lists', () => {
    expect(ncuNumber('4,558,420.38')).toBe(4558420.38);
    expect(ncuNumber('3,246 (0x7f: 0; 0x80: 3,246)')).toBe(3246);
    expect(ncuNumber('n/a')).toBeNull();
    expect(ncuDim3('(1056, 1, 1)')).toEqual({ x: 1056, y: 1, z: 1 });
    expect(ncuDim3('1056')).toBeNull();
    expect(ncuInstances('10 (BAR.SYNC: 4; LDS: 6)')).toEqual(
      new Map([
        ['BAR.SYNC', 4],
        ['LDS', 6],
      ]),
    );
    expect(ncuInstances('10')).toBeNull();
  });

  it('classifies the sync opcodes seen in the examples', () => {
    expect(classifyOpcode('BAR.SYNC.DEFER_BLOCKING')).toMatchObject({
      kind: 'blockBarrier',
      countsAsSync: true,
    });
    expect(classifyOpcode('UCGABAR_WAIT')).toMatchObject({ kind: 'clusterBarrier', countsAsSync: true });
    expect(classifyOpcode('UCGABAR_ARV')).toMatchObject({ kind: 'clusterBarrier', countsAsSync: false });
    expect(classifyOpcode('SYNCS.ARRIVE.TRANS64.A1T0')).toMatchObject({
      kind: 'mbarrier',
      countsAsSync: true,
    });
    expect(classifyOpcode('SYNCS.PHASECHK.TRANS64.TRYWAIT')).toMatchObject({ countsAsSync: false });
    expect(classifyOpcode('MEMBAR.ALL.GPU')).toMatchObject({ kind: 'fence', scope: 'device' });
    expect(classifyOpcode('MEMBAR.SC.SYS')).toMatchObject({ kind: 'fence', scope: 'system' });
    expect(classifyOpcode('WARPSYNC.ALL')).toMatchObject({ kind: 'warpSync' });
    expect(classifyOpcode('BSYNC')).toBeNull();
    expect(classifyOpcode('LDS')).toBeNull();
  });
});

describe('profiles of the H200 fixtures', () => {
  it('block_reduce: barrier stall 32.7 % vs 28.3 %, the shuffle version ranks lower, 11× the BARs', () => {
    const sync = kernel('block_reduce', 'reduce_syncthreads');
    const shfl = kernel('block_reduce', 'reduce_shuffle');
    expect(stall(sync, 'barrier')).toMatchObject({ pct: 32.71, source: 'pct-metric' });
    expect(stall(shfl, 'barrier')?.pct).toBeCloseTo(28.3, 5);
    expect(stall(shfl, 'barrier')!.pct!).toBeLessThan(stall(sync, 'barrier')!.pct!);
    expect(sync.syncCounts?.blockBarrier.syncs).toBe(5947392);
    expect(shfl.syncCounts?.blockBarrier.syncs).toBe(540672);
    expect(sync.syncCounts!.blockBarrier.syncs / shfl.syncCounts!.blockBarrier.syncs).toBe(11);
    expect(shfl.syncCounts?.warpSync.syncs).toBe(540672);
    expect(sync).toMatchObject({
      launches: 1,
      grid: { x: 264 },
      block: { x: 1024 },
      medianDurationNs: 109600,
    });
  });

  it('block_reduce: the lines with most barrier stalls, from -lineinfo', () => {
    const lines = kernel('block_reduce', 'reduce_syncthreads').topLines;
    expect(lines[0]).toMatchObject({ line: 26, barrierSamples: 2917 });
    expect(lines[0]?.file).toMatch(/block_reduce\.cu$/);
    expect(lines[0]?.source).toContain('sh[tid] += sh[tid + s]');
  });

  it('phases_coop: grid sync recognised, so cooperative; fences at device scope; wizard says other-blocks', () => {
    const k = kernel('phases_coop', 'phases_coop');
    expect(k.cooperative.value).toBe(true);
    expect(k.syncCounts?.fenceByScope.device).toBe(16896);
    expect(k.wizardAnswers).toMatchObject({ where: 'other-blocks', current: ['grid-sync-coop', 'syncwarp'] });
    expect(stall(k, 'barrier')!.pct!).toBeGreaterThan(50);
  });

  it('phases_kernels: 8 launches each, median duration, no sync instructions, launch kind unknown', () => {
    const p = fixtureProfile('phases_kernels');
    expect(p.kernels.map((k) => [k.name, k.launches])).toEqual([
      ['phase1_kernel', 8],
      ['phase2_kernel', 8],
    ]);
    expect(p.kernels[0]?.medianDurationNs).toBe(2656);
    expect(p.kernels[1]?.medianDurationNs).toBe(3520);
    expect(p.kernels[0]?.syncCounts?.blockBarrier.syncs).toBe(0);
    expect(p.kernels[0]?.cooperative.value).toBeNull();
  });

  it('a kernel filter and a launch limit: only phase2_kernel, 3 launches', () => {
    expect(fixtureProfile('phases_filtered').kernels.map((k) => [k.name, k.launches])).toEqual([
      ['phase2_kernel', 3],
    ]);
  });

  it('cluster_sync: cluster dims (2, 1, 1) and cluster-barrier waits; async_barrier: mbarrier arrives', () => {
    const c = kernel('cluster_sync', 'cluster_exchange');
    expect(c.cluster).toEqual({ x: 2, y: 1, z: 1 });
    expect(c.syncCounts?.clusterBarrier).toMatchObject({ syncs: 844800, instructions: 1689600 });
    expect(c.wizardAnswers.current).toEqual(['cluster-sync']);
    const a = kernel('async_barrier', 'mbarrier_split_phase');
    expect(a.syncCounts?.mbarrier.syncs).toBe(422400);
    expect(a.syncCounts?.mbarrier.byOpcode['SYNCS.PHASECHK.TRANS64.TRYWAIT']).toBe(428404);
  });

  it('warp_exchange: __syncwarp compiled away, so no WARPSYNC to count (and the notes say so)', () => {
    const p = fixtureProfile('warp_exchange');
    expect(p.kernels[0]?.syncCounts?.warpSync.syncs).toBe(0);
    expect(p.notes.join(' ')).toMatch(/NOP/);
  });

  it('flag_handoff: fenced runs MEMBARs at device scope that racy lacks', () => {
    const fenced = kernel('flag_handoff_fenced', 'handoff_fenced');
    const racy = kernel('flag_handoff_racy', 'handoff_racy');
    expect(fenced.syncCounts?.fenceByScope.device).toBe(32000);
    expect(racy.syncCounts!.fence.syncs).toBeLessThan(fenced.syncCounts!.fence.syncs);
  });

  it('without the opcode page there is no instruction mix, and the notes say how to get one', () => {
    const p = buildProfile(pagesFromCsv(page('block_reduce', 'raw'), null, null), FACTS, []);
    expect(p.kernels[0]?.syncCounts).toBeNull();
    expect(p.notes.join(' ')).toMatch(/--print-metric-instances details/);
    expect(p.notes.join(' ')).toMatch(/-lineinfo/);
  });

  it('refuses a page that is not the raw page', () => {
    expect(() =>
      readNcuText(page('block_reduce', 'details').replace('"ID"', '"Nope"'), new RawPageReader()),
    ).toThrow(NcuParseError);
    expect(() =>
      buildProfile(pagesFromCsv('"ID","Kernel Name","Grid Size","Block Size"\n', null, null), FACTS, []),
    ).toThrow(/no kernel launch/);
    expect(() =>
      pagesFromCsv(page('block_reduce', 'raw'), page('block_reduce', 'source_cuda'), null),
    ).toThrow(/opcode page has no "ID" and "sass__inst_executed_per_opcode_with_modifier_all"/);
  });

  it('the profile file validates, and a wrong field is named', () => {
    const p = fixtureProfile('block_reduce');
    expect(validateProfile(JSON.parse(JSON.stringify(p)))).toEqual(p);
    expect(() => validateProfile({ ...p, version: 2 })).toThrow(/version/);
    expect(() => validateProfile({ ...p, kernels: [{ ...p.kernels[0], launches: 0 }] })).toThrow(
      /kernels\.0\.launches/,
    );
  });
});
