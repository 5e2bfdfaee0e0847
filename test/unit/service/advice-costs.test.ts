import { readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { AdviceWithCosts } from '../../../electron/model/decide/costs';
import type { Advice } from '../../../electron/model/decide/types';
import { ResultsLibrary } from '../../../electron/core/results/library';
import type { ResultFile } from '../../../electron/model/results/schema';
import { costRowsFromLibrary } from '../../../electron/core/service/advice-costs';
import { decisionAdvisor } from '../../../electron/core/service/advisor';
import { MemoryLibrary, makePoint, makeResult } from './doubles';

const advice = {
  recommendation: 'syncthreads',
  measurement: { mode: 'sweep', workload: 'block_sync', param: 2, unit: 'one __syncthreads()' },
  alternatives: [
    {
      id: 'grid-sync',
      measurement: { mode: 'grid', workload: 'grid_sync', param: null, unit: 'one grid.sync()' },
    },
    { id: 'kernel-boundary', measurement: null },
  ],
  options: [],
} as unknown as Advice;

const REFERENCE = 'resources/reference';

/** A source as lists name a result: "name (day · short id) · mode · device" (format/run-line.ts), and the result. */
const named = (kind: string, name: string, day: string) =>
  expect.objectContaining({
    kind,
    where: expect.stringMatching(
      new RegExp(`^${escape(name)} \\(${day} · [^)]{1,8}\\) · \\w+ · NVIDIA H200$`),
    ),
    dataset: expect.objectContaining({ name, deviceName: 'NVIDIA H200' }),
  });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The 95% interval a row carries: numbers where the point has one. */
const ci = { ciLowNs: expect.any(Number), ciHighNs: expect.any(Number) };

class Lib extends MemoryLibrary {
  kinds = new Map<string, { reference: boolean; sourceKind: 'measured' | 'published' }>();
  override summary(r: Parameters<MemoryLibrary['summary']>[0]) {
    return { ...super.summary(r), deviceName: 'NVIDIA H200', ...this.kinds.get(r.id) };
  }
}

/** The median per-sync ns of the point with `label` in a shipped reference file, as the file holds it. */
function shippedMedian(file: string, label: string): number {
  const result = JSON.parse(readFileSync(`resources/reference/${file}`, 'utf8')) as ResultFile;
  const point = result.points.find((p) => p.label === label);
  if (!point?.perSyncNs) throw new Error(`${file} has no point "${label}" with a per-sync figure`);
  return point.perSyncNs.median;
}

describe('costRowsFromLibrary', () => {
  it('prices each choice from a matching point: a measurement on this machine over a reference dataset', async () => {
    const lib = new Lib();
    const ref = lib.add(
      makeResult([makePoint(0), makePoint(1)], {
        name: 'H200 reference',
        createdAt: '2030-01-01T00:00:00.000Z',
      }),
    );
    lib.kinds.set(ref.id, { reference: true, sourceKind: 'measured' });
    lib.add(makeResult([makePoint(0), makePoint(1)], { createdAt: '2024-05-01T00:00:00.000Z' }));
    const rows = await costRowsFromLibrary(advice, lib);
    expect(rows).toEqual([
      {
        id: 'syncthreads',
        perSyncNs: 11,
        ...ci,
        label: 'block, 2 warps',
        workload: 'block_sync',
        source: named('measured', 'sweep on H200', '2024-05-01'),
      },
    ]);
  });

  it('falls back to a reference dataset, labelled by its name, and invents nothing', async () => {
    const lib = new Lib();
    const ref = lib.add(makeResult([makePoint(1)], { name: 'H200 reference' }));
    lib.kinds.set(ref.id, { reference: true, sourceKind: 'measured' });
    const rows = await costRowsFromLibrary(advice, lib);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.source).toEqual(named('reference', 'H200 reference', '\\d{4}-\\d{2}-\\d{2}'));
    expect(await costRowsFromLibrary(advice, new Lib())).toEqual([]);
  });

  it('skips points marked incorrect', async () => {
    const lib = new Lib();
    lib.add(makeResult([{ ...makePoint(1), incorrect: true }]));
    expect(await costRowsFromLibrary(advice, lib)).toEqual([]);
  });

  it('prices from a result of any mode that has a point of the workload', async () => {
    const lib = new Lib();
    lib.add(makeResult([makePoint(1)], { plan: { ...makeResult([]).plan, mode: 'modes' } }));
    expect(await costRowsFromLibrary(advice, lib)).toMatchObject([
      { id: 'syncthreads', perSyncNs: 11, label: 'block, 2 warps' },
    ]);
  });

  it('passes over a result that can no longer be read', async () => {
    const lib = new Lib();
    const broken = lib.add(makeResult([makePoint(1)], { createdAt: '2030-01-01T00:00:00.000Z' }));
    lib.add(makeResult([makePoint(1)], { name: 'older', createdAt: '2024-05-01T00:00:00.000Z' }));
    const get = lib.get.bind(lib);
    lib.get = (id: string) => (id === broken.id ? Promise.reject(new Error('changed on disk')) : get(id));
    expect(await costRowsFromLibrary(advice, lib)).toMatchObject([
      { id: 'syncthreads', source: { dataset: { name: 'older', createdAt: '2024-05-01T00:00:00.000Z' } } },
    ]);
  });
});

/** Advice asking for one measurement (the recommendation) and optionally alternatives. */
function asking(
  recommendation: string,
  workload: string,
  mode: string,
  alternatives: Array<[string, string, string, number | null]> = [],
): Advice {
  return {
    recommendation,
    measurement: { mode, workload, param: null, unit: 'one sync' },
    alternatives: alternatives.map(([id, w, md, param]) => ({
      id,
      measurement: { mode: md, workload: w, param, unit: 'one sync' },
    })),
    options: [],
  } as unknown as Advice;
}

describe('costRowsFromLibrary on the shipped reference datasets', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'syncbench-costs-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  /** A library whose reference folder holds only the named files of resources/reference. */
  async function libraryOf(...files: string[]): Promise<ResultsLibrary> {
    await mkdir(join(root, 'reference'));
    for (const f of files) await copyFile(join(REFERENCE, f), join(root, 'reference', f));
    return new ResultsLibrary(join(root, 'results'), { referenceDirs: [join(root, 'reference')] });
  }

  const ref = (name: string) => named('reference', name, '2026-12-01');

  it.each([
    ['h200-modes.json', 'block: 8 warps × 132 blocks', 'modes on NVIDIA H200', '2026-12-01'],
    ['h200-sweep.json', 'block: 8 warps × 132 blocks', 'sweep on NVIDIA H200', '2026-12-01'],
    ['h200-tiles.json', '__syncthreads(), 16 warps × 132 blocks', 'tiles on NVIDIA H200', '2026-12-01'],
    ['h200-named.json', '__syncthreads(), 16-warp blocks × 132', 'named on NVIDIA H200', '2026-12-01'],
    [
      'h200-async_barrier.json',
      '__syncthreads(), 8 warps × 132 blocks',
      'async_barrier on NVIDIA H200',
      '2026-12-01',
    ],
    ['h200-cluster.json', '__syncthreads(), 8 warps × 132 blocks', 'cluster (run A)', '2026-12-02'],
  ])('a %s run prices __syncthreads() (mode block) with the point "%s"', async (file, label, name, day) => {
    const rows = await costRowsFromLibrary(
      asking('syncthreads', 'syncthreads', 'block'),
      await libraryOf(file),
    );
    expect(rows).toEqual([
      {
        id: 'syncthreads',
        perSyncNs: expect.any(Number),
        ...ci,
        label,
        workload: 'syncthreads',
        source: named('reference', name, day),
      },
    ]);
    expect(rows[0]!.perSyncNs).toBeGreaterThan(0);
  });

  it.each([
    ['h200-modes.json', 'grid: 8 warps × 132 blocks'],
    ['h200-sweep_grid.json', 'grid: 8 warps × 132 blocks'],
    ['h200-cluster.json', 'grid.sync(), 8 warps × 132 blocks'],
  ])('a %s run prices grid.sync() (mode grid) with the point "%s"', async (file, label) => {
    const rows = await costRowsFromLibrary(asking('grid-sync', 'grid_sync', 'grid'), await libraryOf(file));
    expect(rows).toMatchObject([{ id: 'grid-sync', label, perSyncNs: shippedMedian(file, label) }]);
  });

  it('prices a named barrier over every warp of the block, not the 1-warp point', async () => {
    const rows = await costRowsFromLibrary(
      asking('named-barrier', 'named_barrier', 'named', [['syncthreads', 'syncthreads', 'block', null]]),
      await libraryOf('h200-named.json'),
    );
    expect(rows).toEqual([
      {
        id: 'named-barrier',
        perSyncNs: shippedMedian('h200-named.json', 'bar.sync 1, 512 (16 of 16-warp blocks × 132)'),
        ...ci,
        label: 'bar.sync 1, 512 (16 of 16-warp blocks × 132)',
        workload: 'named_barrier',
        source: ref('named on NVIDIA H200'),
      },
      {
        id: 'syncthreads',
        perSyncNs: shippedMedian('h200-named.json', '__syncthreads(), 16-warp blocks × 132'),
        ...ci,
        label: '__syncthreads(), 16-warp blocks × 132',
        workload: 'syncthreads',
        source: ref('named on NVIDIA H200'),
      },
    ]);
  });

  it('keeps a param the measurement names (the atomic scope of a hand-off)', async () => {
    const lib = await libraryOf('h200-handoff.json');
    const advice = {
      recommendation: 'release-acquire',
      measurement: { mode: 'handoff', workload: 'handoff_warps', param: 0, unit: 'one round trip' },
      alternatives: [],
      options: [],
    } as unknown as Advice;
    const rows = await costRowsFromLibrary(advice, lib);
    const file = JSON.parse(await readFile(join(REFERENCE, 'h200-handoff.json'), 'utf8')) as ResultFile;
    const point = file.points.find((p) => p.workload === 'handoff_warps' && p.param === 0)!;
    expect(rows).toMatchObject([{ label: point.label, perSyncNs: point.perSyncNs!.median }]);
  });

  it('prefers a run measured on this machine, whatever its shape, over a reference dataset', async () => {
    const lib = await libraryOf('h200-modes.json');
    const tiles = JSON.parse(await readFile(join(REFERENCE, 'h200-tiles.json'), 'utf8')) as ResultFile;
    await lib.save({ ...tiles, id: 'my-tiles', name: 'my tiles' });
    const rows = await costRowsFromLibrary(asking('syncthreads', 'syncthreads', 'block'), lib);
    expect(rows).toMatchObject([
      {
        label: '__syncthreads(), 16 warps × 132 blocks',
        source: { kind: 'measured', dataset: { id: 'my-tiles', name: 'my tiles' } },
      },
    ]);
  });

  it('prices the new outcomes of table version 2 from measured points of the shipped datasets', async () => {
    const library = new ResultsLibrary(join(root, 'results'), { referenceDirs: [REFERENCE] });
    const advisor = decisionAdvisor('resources/decision/decision-table.json', library);
    // a chained scan: the look-back is priced by the device-scope flag round trip
    const scan = (await advisor.advise({
      $tableVersion: 2,
      where: 'other-blocks',
      current: ['new-code'],
      storage: 'global',
      'grid-pattern': 'wait-earlier',
      'tile-id': 'atomic-ticket',
      'all-reach': 'yes',
    })) as AdviceWithCosts;
    expect(scan.recommendation).toBe('ordered-look-back');
    expect(scan.costs.recommendation).toMatchObject({
      measurement: { workload: 'handoff_blocks', param: 1 },
      perSyncNs: expect.any(Number),
      source: { kind: 'reference' },
    });
    // not possible: every option that has a measurement is priced, there is no recommendation to price
    const impossible = (await advisor.advise({
      $tableVersion: 2,
      where: 'other-blocks',
      current: ['syncthreads'],
      storage: 'shared',
      'grid-pattern': 'all-blocks-phase',
      'all-reach': 'yes',
      state: 'no',
      'cluster-launch': 'no',
      launch: 'normal',
      'grid-fits': 'fits',
    })) as AdviceWithCosts;
    expect(impossible.outcome).toBe('not-possible');
    expect(impossible.costs.recommendation).toBeNull();
    expect(impossible.costs.options.map((c) => [c.id, c.measurement?.workload, c.source?.kind])).toEqual([
      ['cluster-sync', 'cluster_sync', 'reference'],
      // per phase, as the kernel boundary: a grid.sync() phase of the same payload (mode kernel_boundary)
      ['grid-sync', 'boundary_grid_sync', 'reference'],
      ['kernel-boundary', 'boundary_launches', 'reference'],
    ]);
    expect(impossible.costs.options.every((c) => typeof c.perSyncNs === 'number')).toBe(true);
    // grid.sync() with clusters is priced per phase too and names the cluster launch
    const clustered = (await advisor.advise({
      $tableVersion: 2,
      where: 'other-blocks',
      current: ['new-code'],
      storage: 'global',
      'grid-pattern': 'all-blocks-phase',
      'all-reach': 'yes',
      state: 'yes',
      'cluster-launch': 'yes',
      launch: 'cooperative',
      'grid-fits': 'fits',
      'grid-count': 'cluster-blocks',
    })) as AdviceWithCosts;
    expect(clustered.recommendation).toBe('grid-sync');
    expect(clustered.launch?.api).toMatch(/cudaLaunchKernelEx/);
    expect(clustered.costs.recommendation?.measurement?.workload).toBe('boundary_grid_sync');
    expect(clustered.costs.recommendation?.perSyncNs).toEqual(expect.any(Number));
  });

  it('prices the recommended __syncthreads() of the real engine from the shipped datasets', async () => {
    const library = new ResultsLibrary(join(root, 'results'), { referenceDirs: [REFERENCE] });
    const advisor = decisionAdvisor('resources/decision/decision-table.json', library);
    const advice = (await advisor.advise({
      where: 'same-block',
      current: ['new-code'],
      storage: 'shared',
      'block-pattern': 'phase-boundary',
      'all-reach': 'yes',
    })) as AdviceWithCosts;
    expect(advice.recommendation).toBe('syncthreads');
    expect(advice.costs.recommendation).toMatchObject({
      perSyncNs: expect.any(Number),
      label: expect.stringMatching(/8 warps × 132 blocks/),
      source: { kind: 'reference' },
      missing: null,
    });
    const named = (await advisor.advise({
      where: 'same-block',
      current: ['new-code'],
      storage: 'shared',
      'block-pattern': 'warp-subset',
      'all-reach': 'yes',
    })) as AdviceWithCosts;
    expect(named.recommendation).toBe('named-barrier');
    expect(named.costs.recommendation).toMatchObject({
      label: 'bar.sync 1, 512 (16 of 16-warp blocks × 132)',
      missing: null,
    });
  });
});
