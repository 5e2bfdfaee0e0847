/**
 * What the Fleet and Profile views' end-to-end tests and the fleet benchmark need beside the results: a profile
 * built from the committed ncu exports of the H200 (test/fixtures/ncu/h200-2026-12-02, a real capture) and priced
 * from the shipped reference datasets only (labelled "reference dataset"), saved in the library's profiles/; and
 * two SYNTHETIC fleets made by test/fixtures/synthetic-fleet.ts (synthetic in every task record, in the results'
 * provenance and in the merged fleet file: never measurements) with one injected outlier each: 64 nodes × 8 GPUs
 * merged into a fleet file, and a small fleet folder whose GPUs open their results.
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { mergeFleet, writeFleetFile } from '../../electron/core/fleet/fleet-file';
import { pagesFromCsv } from '../../electron/core/profile/ncu-csv';
import { priceRowsFor } from '../../electron/core/profile/costs';
import { ResultsLibrary } from '../../electron/core/results/library';
import { ProfileStore } from '../../electron/core/results/profile-store';
import { buildProfile } from '../../electron/model/profile/build-profile';
import { syntheticGpu, writeSyntheticFleet } from '../fixtures/synthetic-fleet';
import type { FixtureInfo } from './fixture-info';

const root = path.resolve(import.meta.dirname, '..', '..');
const NCU = path.join(root, 'test', 'fixtures', 'ncu', 'h200-2026-12-02', 'exports');

/** Saves the block_reduce profile in `resultsDir`'s profiles/; its pricing comes from resources/reference only. */
export async function seedProfile(resultsDir: string): Promise<FixtureInfo['profile']> {
  const page = (kind: string) => readFile(path.join(NCU, `block_reduce.${kind}.csv`), 'utf8');
  const pages = pagesFromCsv(await page('raw'), await page('raw_instances'), await page('source_cuda_sass'));
  const empty = await mkdtemp(path.join(os.tmpdir(), 'syncbench-e2e-prices-'));
  try {
    const library = new ResultsLibrary(empty, { referenceDirs: [path.join(root, 'resources', 'reference')] });
    const device = pages.launches[0]?.deviceName ?? null;
    const profile = buildProfile(
      pages,
      {
        id: 'e2e-block-reduce',
        name: 'block_reduce (ncu capture of the H200, 2026-12-02)',
        createdAt: '2026-12-02T12:00:00.000Z',
        program: { path: 'examples/profile/build/block_reduce', args: ['--variant', 'both'], exitCode: 0 },
        ncu: { version: '2025.3.1.0', path: 'ncu' },
        options: { kernelFilter: null, launchCount: null, timeLimitS: 600 },
        appVersion: 'e2e',
      },
      await priceRowsFor(device, library),
    );
    await new ProfileStore(resultsDir).save(profile);
    return { id: profile.id, name: profile.name, kernels: profile.kernels.map((k) => k.name) };
  } finally {
    await rm(empty, { recursive: true, force: true });
  }
}

/** A synthetic fleet folder of `nodes` × `gpus` with an outlier on GPU (on, og), merged into its fleet.json. */
async function fleetFolder(
  dir: string,
  nodes: number,
  gpus: number,
  on: number,
  og: number,
): Promise<string> {
  await mkdir(dir, { recursive: true });
  await writeSyntheticFleet(dir, {
    nodes,
    gpusPerNode: gpus,
    modes: 1,
    outlier: { node: on, gpu: og, factor: 1.4 },
  });
  const file = path.join(dir, 'fleet.json');
  await writeFleetFile(file, await mergeFleet(dir));
  return file;
}

/** Both synthetic fleets below `dir`. */
export async function seedFleets(dir: string): Promise<FixtureInfo['fleet']> {
  const large = await fleetFolder(path.join(dir, 'large'), 64, 8, 17, 5);
  await fleetFolder(path.join(dir, 'small'), 2, 4, 1, 2);
  return {
    file: large,
    gpus: 512,
    outlier: syntheticGpu(17, 5),
    folder: path.join(dir, 'small'),
    folderOutlier: syntheticGpu(1, 2),
  };
}
