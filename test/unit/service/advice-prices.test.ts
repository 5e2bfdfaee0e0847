import { readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { AdviceWithCosts } from '../../../electron/model/decide/costs';
import type { Advice } from '../../../electron/model/decide/types';
import { ResultsLibrary } from '../../../electron/core/results/library';
import type { Point, ResultFile } from '../../../electron/model/results/schema';
import { costRowsFromLibrary, realClusterLaunch } from '../../../electron/core/service/advice-costs';
import { figuresFromLibrary } from '../../../electron/core/service/advice-figures';
import { decisionAdvisor } from '../../../electron/core/service/advisor';
import { MemoryLibrary, makePoint, makeResult } from './doubles';

const REFERENCE = 'resources/reference';
const read = (file: string) => JSON.parse(readFileSync(join(REFERENCE, file), 'utf8')) as ResultFile;

const clusterAdvice = {
  recommendation: 'cluster-sync',
  measurement: { mode: 'cluster', workload: 'cluster_sync', param: null, unit: 'one this_cluster().sync()' },
  alternatives: [],
  options: [],
} as unknown as Advice;

/** A cluster_sync point of `size` blocks per cluster, with or without the launch attribute recorded. */
function clusterPoint(index: number, size: number, clusterAttribute?: boolean): Point {
  const p = makePoint(index);
  // Without `clusterAttribute` the point is one of a file written before the field (the double records it).
  const { clusterAttribute: _recorded, ...unrecorded } = p.launch;
  const launch = { ...unrecorded, clusterSize: size, gridBlocks: size * 64 };
  return {
    ...p,
    workload: 'cluster_sync',
    label: `cluster of ${size}`,
    launch: clusterAttribute === undefined ? launch : { ...launch, clusterAttribute },
  } as Point;
}

describe('cluster-sync prices', () => {
  it('never come from an implicit cluster: the reference’s size-1 points are passed over for size 2', async () => {
    const file = read('h200-cluster.json');
    const sizeOne = file.points.filter((p) => p.workload === 'cluster_sync' && p.launch.clusterSize === 1);
    const implicit = sizeOne.filter((p) => !p.launch.clusterAttribute);
    const launchOfOne = sizeOne.filter((p) => p.launch.clusterAttribute);
    // Both size-1 series are in the file (docs/methods.md#clusters-as-launched).
    expect(implicit.length).toBeGreaterThan(0);
    expect(launchOfOne.length).toBeGreaterThan(0);
    expect(implicit.some(realClusterLaunch)).toBe(false);
    expect(launchOfOne.every(realClusterLaunch)).toBe(true);
    const lib = new MemoryLibrary();
    lib.add(file);
    const [row] = await costRowsFromLibrary(clusterAdvice, lib);
    expect(row).toMatchObject({
      id: 'cluster-sync',
      clusterSize: 2,
      label: expect.stringMatching(/^cluster\.sync\(\), 2 blocks\/cluster/),
    });
    const priced = file.points.find((p) => p.label === row!.label)!;
    expect(priced.launch.clusterSize).toBe(2);
    expect(row!.perSyncNs).toBe(priced.perSyncNs!.median);
    // Far above what any implicit cluster of the same file costs (about a block barrier).
    expect(row!.perSyncNs).toBeGreaterThan(
      4 * Math.max(...implicit.slice(0, 8).map((p) => p.perSyncNs!.median)),
    );
  });

  it('a result with only implicit clusters prices nothing (the engine then says what to run)', async () => {
    const lib = new MemoryLibrary();
    lib.add(makeResult([clusterPoint(0, 1), clusterPoint(1, 1, false)]));
    expect(await costRowsFromLibrary(clusterAdvice, lib)).toEqual([]);
  });

  it('reads the launch attribute where a file records it, else a size above 1', async () => {
    expect(realClusterLaunch(clusterPoint(0, 1, true))).toBe(true);
    expect(realClusterLaunch(clusterPoint(0, 2, false))).toBe(false);
    expect(realClusterLaunch(clusterPoint(0, 2))).toBe(true);
    expect(realClusterLaunch(clusterPoint(0, 1))).toBe(false);
    // A cluster launch of 1 block is real but no exchange: the price is the smallest real cluster, 2 blocks.
    const lib = new MemoryLibrary();
    lib.add(makeResult([clusterPoint(0, 1, true), clusterPoint(1, 2, false), clusterPoint(2, 2, true)]));
    expect(await costRowsFromLibrary(clusterAdvice, lib)).toMatchObject([
      { label: 'cluster of 2', perSyncNs: 12, clusterSize: 2 },
    ]);
  });
});

describe('prices in the unit of work, and the product’s figures in the prose', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'syncbench-prices-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const phases = {
    where: 'other-blocks',
    current: ['new-code'],
    storage: 'global',
    'grid-pattern': 'all-blocks-phase',
    'all-reach': 'yes',
    state: 'no',
    launch: 'normal',
    'grid-fits': 'unknown',
  };

  it('phases: both choices per phase with the same payload, each with its interval and dataset', async () => {
    const library = new ResultsLibrary(join(root, 'results'), { referenceDirs: [REFERENCE] });
    const advice = (await decisionAdvisor('resources/decision/decision-table.json', library).advise(
      phases,
    )) as AdviceWithCosts;
    expect(advice.recommendation).toBe('kernel-boundary');
    expect(advice.costs.unit).toBe('phase');
    const file = read('h200-kernel_boundary.json');
    const stats = (workload: string) => file.points.find((p) => p.workload === workload)!.perSyncNs!;
    const boundary = advice.costs.recommendation!;
    const grid = advice.costs.alternatives.find((c) => c.id === 'grid-sync')!;
    for (const [cost, workload] of [
      [boundary, 'boundary_launches'],
      [grid, 'boundary_grid_sync'],
    ] as const) {
      expect(cost.perWork).toEqual({
        unit: 'phase',
        ns: stats(workload).median,
        ciLowNs: stats(workload).ciLow,
        ciHighNs: stats(workload).ciHigh,
        factor: 1,
        basis: 'once-with-work',
      });
      expect(cost.source?.dataset).toMatchObject({ id: file.id, name: file.name, mode: 'kernel_boundary' });
      expect(cost.source?.where).toBe(
        `${file.name} (${file.createdAt.slice(0, 10)} · ${file.id.slice(0, 8)}) · kernel_boundary · NVIDIA H200`,
      );
    }
  });

  it('phases: the prose quotes the product’s measured ratios, the chapter’s beside them', async () => {
    const library = new ResultsLibrary(join(root, 'results'), { referenceDirs: [REFERENCE] });
    const advice = (await decisionAdvisor('resources/decision/decision-table.json', library).advise(
      phases,
    )) as AdviceWithCosts;
    // The figure comes from a shipped modes run (the newest, as prices): its own ratios, rounded as quoted.
    const source = advice.figures[0]!.source;
    expect(source.kind).toBe('reference');
    const modes = await library.get(source.dataset!.id);
    expect(modes.plan.mode).toBe('modes');
    const ratio = (name: string) => modes.ratios.find((r) => r.name === name)!.value.toFixed(2);
    const oneRound = ratio('phases grid/two-kernels (one round)');
    const perRound = ratio('phases grid/two-kernels (per round)');
    expect(Number(perRound)).toBeLessThan(0.5); // what contradicts the chapter's "about 1"
    const quoted = `this product measured ${oneRound} for one round (whole kernel, launch included) and ${perRound} per further round`;
    expect(advice.rationale).toContain(quoted);
    expect(advice.rationale).toContain('the chapter’s RTX 5090: about 1');
    expect(advice.alternatives.find((a) => a.id === 'grid-sync')!.why).toContain(quoted);
    expect(advice.rationale).not.toMatch(/\{figure:/);
  });

  it('grid/block: the prose quotes the product’s measured ratio, the chapter’s 17× beside it', async () => {
    const library = new ResultsLibrary(join(root, 'results'), { referenceDirs: [REFERENCE] });
    const advisor = decisionAdvisor('resources/decision/decision-table.json', library);
    const normalLaunch = JSON.parse(
      readFileSync('docs/examples/advise/grid-sync-normal-launch.json', 'utf8'),
    ) as Record<string, string | string[]>;
    const advice = (await advisor.advise(normalLaunch)) as AdviceWithCosts;
    const figure = advice.figures.find((f) => f.id === 'gridBlock')!;
    const modes = await library.get(figure.source.dataset!.id);
    const value = modes.ratios.find((r) => r.name === 'grid/block')!.value;
    expect(value).toBeGreaterThan(34); // what contradicts the chapter's "about 17x", "an order of magnitude"
    const quoted = `this product measured grid/block of ${value.toFixed(2)}× per sync`;
    expect(advice.rationale).toContain(quoted);
    expect(advice.rationale).toContain('the chapter’s RTX 5090: about 17×');
    expect(advice.rationale).not.toMatch(/order of magnitude|\{figure:/);
    const cluster = (await advisor.advise({
      where: 'same-cluster',
      current: ['new-code'],
      storage: 'distributed-shared',
      'all-reach': 'yes',
      'cluster-launch': 'yes',
    })) as AdviceWithCosts;
    const why = cluster.alternatives.find((a) => a.id === 'grid-sync')!.why;
    expect(why).toContain(quoted);
    expect(why).not.toMatch(/order of magnitude/);
    // Per hand-off too, grid-sync is priced by the kernel boundary's grid.sync() phase, as kernel-boundary is.
    const grid = cluster.costs.alternatives.find((c) => c.id === 'grid-sync')!;
    expect(grid.measurement?.workload).toBe('boundary_grid_sync');
    expect(grid.perWork?.basis).toBe('once-with-work');
    expect(grid.source?.dataset?.mode).toBe('kernel_boundary');
  });

  it('figures: a measured run on this machine wins; a published one is never the product’s figure', async () => {
    await mkdir(join(root, 'reference'));
    await copyFile(join(REFERENCE, 'chapter-rtx5090-modes.json'), join(root, 'reference', 'chapter.json'));
    const library = new ResultsLibrary(join(root, 'results'), { referenceDirs: [join(root, 'reference')] });
    expect(await figuresFromLibrary(library)).toEqual([]);
    const mine = { ...read('h200-modes.json'), id: 'my-modes', name: 'my modes' };
    await library.save(mine);
    const [figure] = await figuresFromLibrary(library);
    expect(figure).toMatchObject({ id: 'phases', source: { kind: 'measured', dataset: { id: 'my-modes' } } });
    expect(figure!.values.perRound).toBe(
      mine.ratios.find((r) => r.name === 'phases grid/two-kernels (per round)')!.value,
    );
  });
});
