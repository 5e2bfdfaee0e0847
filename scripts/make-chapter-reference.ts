/**
 * The chapter's RTX 5090 tables (its §6) as reference result files: resources/reference/chapter-rtx5090-*.json.
 * Published numbers, not measured by this product: `source.kind: 'published'`, every point
 * `stoppedBy: 'published'` with stats of n = 0 (only the published median: publishedValue), `wholeKernelMs` set
 * (the chapter reports CUDA-event medians of one whole launch, launch included) and `perSyncNs` null (not published).
 *
 * Every number is typed once below, next to the section it comes from. Every other field is either a documented
 * fact or null; where the result format requires a value the chapter does not give, the file says so in its notes
 * (PLACEHOLDERS, ASSUMED_*), never as if it were measured.
 *
 * Usage: npx tsx scripts/make-chapter-reference.ts           (writes the files)
 *        npx tsx scripts/make-chapter-reference.ts --check   (exit 1 when the committed files differ)
 */
import { pathToFileURL } from 'node:url';

import { publishedValue } from '../electron/model/measure/stats';
import { getMode } from '../electron/model/modes';
import { count, shapeText } from '../electron/model/modes/points';
import { NOT_PUBLISHED, publishedResult, REFERENCE_DIR, writeOrCheckReferences } from './reference-files';
import { type Device, type Point, type Ratio, type ResultFile } from '../electron/model/results/schema';

/** Where the files go. */
export { REFERENCE_DIR };

/** The day these files were made from the chapter. The chapter does not date its measurements. */
const MADE_AT = '2026-11-29T00:00:00.000Z';

/** How a reader cites the chapter: its title and section, and where its full tables are. */
const CITATION = (section: string) =>
  `Chapter C-04 on sync layers (__syncwarp / __syncthreads / this_grid().sync()), ${section}, RTX 5090, sm_120: ` +
  'CUDA-event medians of empty-sync loops, iters = 256 (full tables in the chapter’s docs/results/C-04_sync_layers.md)';

/** The chapter's default launch: "nwarps 8, nblocks 170" (TL;DR, the configuration of grid/block ≈ 17.2×). */
const NWARPS = 8;
const NBLOCKS = 170;
/** §6 caption: "CUDA event median, empty sync, iters 256". */
const ITERS = 256;

/** The RTX 5090 as far as documented; null for everything else. */
const DEVICE: Device = {
  ordinal: 0, // required by the format; see PLACEHOLDERS
  name: 'NVIDIA GeForce RTX 5090', // TL;DR "RTX 5090"
  computeCapability: '12.0', // TL;DR "sm_120"
  smCount: 170, // §6.2: 170 blocks = 1 block/SM, 1020 = 6/SM
  smClockMaxMHz: null,
  memoryClockMaxMHz: null,
  memoryBusWidthBits: null,
  totalMemoryBytes: null,
  l2CacheBytes: null,
  maxThreadsPerBlock: 1024, // CUDA Programming Guide: 1024 for every compute capability since 2.0
  maxThreadsPerSm: null,
  maxBlocksPerSm: null,
  sharedMemPerBlockBytes: null,
  sharedMemPerBlockOptinBytes: null,
  sharedMemPerSmBytes: null,
  registersPerBlock: null,
  registersPerSm: null,
  cooperativeLaunch: true, // §3, §6.2: the chapter runs cooperative launches on it (coop_max ≈ 1020)
  clusterLaunch: null,
  eccEnabled: null,
  pciBusId: null,
};

const PUBLISHED_NOTE =
  'Published in the chapter, not measured by this product: each figure is the CUDA-event median of one whole ' +
  'launch with 256 iterations (§6 caption), launch overhead included. Only the medians are published: no ' +
  'samples, no spread, no per-sync cost (perSyncNs and perSyncCycles are null).';
const NULLS_NOTE =
  'Not published, so null or "not published" here: clocks, driver and runtime versions, host, the chapter ' +
  "benchmark's version. The chapter does not date its measurements: the dates in this file are when it was made " +
  'from the chapter (scripts/make-chapter-reference.ts).';
const PLACEHOLDERS =
  'Values the result format requires that the chapter does not publish (placeholders, not measurements): device ' +
  "ordinal 0, schedule flag 'auto', the stopping rule (no warm-up, 1 repetition, 0 ms), throttle threshold 0, " +
  '0 bytes of dynamic shared memory, wall time 0 and iters.hi = iters.lo (no difference method).';

type Layer = 'warp' | 'block' | 'grid';
const WORKLOAD: Record<Layer, string> = {
  warp: 'chapter:__syncwarp',
  block: 'chapter:__syncthreads',
  grid: 'chapter:this_grid().sync()',
};
const OP: Record<Layer, string> = {
  warp: 'one __syncwarp() (the chapter’s empty-sync kernel)',
  block: 'one __syncthreads() (the chapter’s empty-sync kernel)',
  grid: 'one this_grid().sync() (the chapter’s empty-sync kernel, cooperative launch)',
};

interface PublishedPoint {
  series: string;
  label: string;
  x: number | null;
  workload: string;
  op: string;
  nwarps: number;
  nblocks: number;
  cooperative: boolean;
  /** The published median, ms. */
  wholeKernelMs: number;
}

function layerPoint(
  layer: Layer,
  nwarps: number,
  nblocks: number,
  x: number | null,
  ms: number,
): PublishedPoint {
  return {
    series: layer,
    label: `${layer}: ${shapeText(nwarps, nblocks)}`, // the product's own labels, so runs compare row by row
    x,
    workload: WORKLOAD[layer],
    op: OP[layer],
    nwarps,
    nblocks,
    cooperative: layer === 'grid',
    wholeKernelMs: ms,
  };
}

function toPoint(p: PublishedPoint, index: number): Point {
  return {
    index,
    series: p.series,
    label: p.label,
    x: p.x,
    workload: p.workload,
    param: 0,
    baseline: null,
    op: p.op,
    timing: { body: 'published', unroll: 0 },
    launch: {
      gridBlocks: p.nblocks,
      threadsPerBlock: p.nwarps * 32,
      clusterSize: 0,
      clusterAttribute: false,
      dynamicSmemBytes: 0,
      cooperative: p.cooperative,
    },
    iters: { lo: ITERS, hi: ITERS, unitsPerIter: 1 },
    perSyncNs: null,
    perSyncCycles: null,
    perSyncNsFromCycles: null,
    wholeKernelMs: publishedValue(p.wholeKernelMs),
    clock: {
      measuredMHz: null,
      nvmlMHz: null,
      maxMHz: null,
      conversion: 'none',
      conversionMHz: null,
      throttled: false,
      nvmlEventReasons: null,
    },
    coldMs: null,
    reps: 0,
    stoppedBy: 'published',
    noisy: false,
    relCi: null,
    wallMs: 0,
    hostTimed: false,
    incorrect: false,
    verification: null,
    gpuShared: null,
    raw: {
      perSyncNs: [],
      perSyncCycles: [],
      mainLoMs: [],
      mainHiMs: [],
      baseLoMs: [],
      baseHiMs: [],
      mainLoCycles: [],
      mainHiCycles: [],
      baseLoCycles: [],
      baseHiCycles: [],
      clockMHz: [],
      nvmlSmClockMHz: [],
    },
  };
}

/** A ratio as the chapter prints it, between two of its points, on the whole-kernel figure. */
function publishedRatio(
  name: string,
  value: number,
  numerator: PublishedPoint,
  denominator: PublishedPoint,
): Ratio {
  return { name, value, numerator: numerator.label, denominator: denominator.label, basis: 'wholeKernelMs' };
}

interface FileSpec {
  id: string;
  name: string;
  section: string;
  mode: string;
  params: ResultFile['plan']['params'];
  points: PublishedPoint[];
  ratios: Ratio[];
  notes: string[];
}

function resultFile(spec: FileSpec): ResultFile {
  return publishedResult({
    id: spec.id,
    name: spec.name,
    madeAt: MADE_AT,
    citation: CITATION(spec.section),
    sourceNote: 'Published in the chapter, not measured by this product.',
    app: {
      name: 'the chapter’s benchmark ./bin/03_compute_primitives_04_sync_layers (§5)',
      version: `version ${NOT_PUBLISHED}`,
      commit: NOT_PUBLISHED,
    },
    host: {
      hostname: NOT_PUBLISHED,
      platform: NOT_PUBLISHED,
      osRelease: NOT_PUBLISHED,
      arch: NOT_PUBLISHED,
      cpuModel: NOT_PUBLISHED,
      node: NOT_PUBLISHED,
    },
    device: DEVICE,
    mode: spec.mode,
    params: spec.params,
    xAxis: getMode(spec.mode).xAxis,
    points: spec.points.map(toPoint),
    ratios: spec.ratios,
    notes: [PUBLISHED_NOTE, ...spec.notes, NULLS_NOTE, PLACEHOLDERS],
  });
}

/** §6.1 "Sweep block/warp vs nwarps": nwarps, warp_ms, block_ms, block/warp. */
function sweepFile(): ResultFile {
  const rows: [nwarps: number, warpMs: number, blockMs: number, blockOverWarp: number][] = [
    [1, 0.0156, 0.0124, 0.8], // the chapter: "noise, do not trust"
    [2, 0.0122, 0.0133, 1.1],
    [4, 0.0116, 0.0133, 1.15],
    [8, 0.0116, 0.0135, 1.16],
    [16, 0.0133, 0.0161, 1.21],
    [32, 0.015, 0.0185, 1.23],
  ];
  const pairs = rows.map(([nwarps, warpMs, blockMs, ratio]) => ({
    nwarps,
    warp: layerPoint('warp', nwarps, NBLOCKS, nwarps, warpMs),
    block: layerPoint('block', nwarps, NBLOCKS, nwarps, blockMs),
    ratio,
  }));
  return resultFile({
    id: 'chapter-rtx5090-sweep',
    name: 'RTX 5090 sweep, block vs warp (chapter §6.1: published, not measured by this product)',
    section: '§6.1',
    mode: 'sweep',
    params: { iters: ITERS, nwarpsList: rows.map(([n]) => n) },
    points: pairs.flatMap((p) => [p.warp, p.block]),
    ratios: pairs.map((p) =>
      publishedRatio(`block/warp at ${count(p.nwarps, 'warp')} (whole kernel)`, p.ratio, p.block, p.warp),
    ),
    notes: [
      'ASSUMED: §6.1 does not give the grid of the sweep; 170 blocks (one per SM, the default nblocks its TL;DR ' +
        'names) is assumed in the labels and launches.',
      'The chapter marks nwarps = 1 (block/warp 0.80) as noise: do not rely on it.',
      'Ratios are the chapter’s printed block/warp column (computed by the chapter from unrounded medians).',
    ],
  });
}

/** §6.2 "Sweep grid (empty grid.sync) vs nblocks": nblocks, grid_ms, relative to nblocks = 1. */
function sweepGridFile(): ResultFile {
  const rows: [nblocks: number, gridMs: number, relative: number][] = [
    [1, 0.159, 1.0],
    [170, 0.17, 1.06], // 1/SM
    [340, 0.184, 1.16], // 2/SM
    [1020, 0.632, 3.97], // 6/SM, coop_max
  ];
  const points = rows.map(([nblocks, ms]) =>
    layerPoint('grid', NWARPS, nblocks, nblocks / DEVICE.smCount, ms),
  );
  const one = points[0]!;
  return resultFile({
    id: 'chapter-rtx5090-sweep_grid',
    name: 'RTX 5090 grid.sync() vs grid size (chapter §6.2: published, not measured by this product)',
    section: '§6.2',
    mode: 'sweep_grid',
    params: { iters: ITERS, nwarps: NWARPS },
    points,
    ratios: rows
      .slice(1)
      .map(([nblocks, , relative], i) =>
        publishedRatio(
          `grid at ${nblocks / DEVICE.smCount}/SM vs 1 block (whole kernel)`,
          relative,
          points[i + 1]!,
          one,
        ),
      ),
    notes: [
      'ASSUMED: §6.2 does not give the block size; 8 warps (256 threads, the default nwarps its TL;DR names) is ' +
        'assumed in the labels and launches.',
      '1020 blocks is the chapter’s cooperative maximum (coop_max ≈ 1020, 6 blocks/SM).',
      'Ratios are the chapter’s printed "relative to nblocks 1" column.',
    ],
  });
}

/** §6.3 "Modes / phases": path, median_ms, relative; TL;DR: grid/block ≈ 17.2× at nwarps 8, nblocks 170. */
function modesFile(): ResultFile {
  const warp = layerPoint('warp', NWARPS, NBLOCKS, null, 0.0089);
  const block = layerPoint('block', NWARPS, NBLOCKS, null, 0.0098);
  const grid = layerPoint('grid', NWARPS, NBLOCKS, null, 0.1686);
  const phase = (series: string, what: string, ms: number): PublishedPoint => ({
    series,
    label: `phases, ${what}: ${shapeText(NWARPS, NBLOCKS)}`,
    x: null,
    workload: `chapter:${series}`,
    op: `the chapter’s two-phase payload, ${what} (verified: "verify OK")`,
    nwarps: NWARPS,
    nblocks: NBLOCKS,
    cooperative: series === 'phases_grid',
    wholeKernelMs: ms,
  });
  const phasesGrid = phase('phases_grid', 'one cooperative kernel (grid.sync)', 0.0197);
  const phasesTwo = phase('phases_two_kernels', 'two kernels', 0.02); // published as "~0.02"
  return resultFile({
    id: 'chapter-rtx5090-modes',
    name: 'RTX 5090 modes table: warp, block, grid, phases (chapter §6.3: published, not measured by this product)',
    section: '§6.3',
    mode: 'modes',
    params: { iters: ITERS, nwarps: NWARPS, nblocks: NBLOCKS },
    points: [warp, block, grid, phasesGrid, phasesTwo],
    ratios: [
      publishedRatio('grid/block (whole kernel)', 17.2, grid, block),
      publishedRatio('block/warp (whole kernel)', 1.11, block, warp),
      publishedRatio('phases grid/two-kernels (whole kernel)', 1.0, phasesGrid, phasesTwo), // published as "≈1.0"
    ],
    notes: [
      'The two-kernel phases time is published as "~0.02" ms and the phases ratio as "≈1.0": both are approximate ' +
        'as published.',
      'Both phases variants are published as "verify OK"; how many values were verified is not published, so ' +
        'verification is null.',
      'ASSUMED: the phases rows are taken to share the §6 caption (iters 256) and the TL;DR launch (8 warps × 170 ' +
        'blocks); the chapter gives neither for them separately.',
    ],
  });
}

/** The three files, validated by the product's reader. */
export function chapterReferenceFiles(): ResultFile[] {
  return [sweepFile(), sweepGridFile(), modesFile()];
}

async function main(): Promise<void> {
  process.exitCode = await writeOrCheckReferences(chapterReferenceFiles(), process.argv.includes('--check'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
