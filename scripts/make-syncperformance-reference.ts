/**
 * Published reference datasets from SyncPerformance's released raw data (IISWC'24; scripts/syncperformance-source.ts)
 * and the one IPDPS'20 grid.sync() figure the repository's docs give (docs/results/published-datasets.md), as result
 * files of the current format: resources/reference/syncperformance-<gpu>-<mode>.json and ipdps20-v100-sweep_grid.json.
 * Not measured by this product: `source.kind: 'published'`, every point `timing.body: 'published'`, `stoppedBy:
 * 'published'`, stats of n = 0 (publishedValue: only the published median).
 *
 * Series, x and labels are the ones the product's own modes make (`sweep`: series 'block'/'warp', x = warps per
 * block; `fences`: `fence:<scope>:plain × <blocks> block(s)`, x = threads per block; `sweep_grid`: 'grid', x = blocks
 * per SM), so Compare lines a published row up with a run of the same mode on this GPU. Ratios are what the mode's
 * own `ratios` computes from the published medians. Fields the sources do not publish are null or "not published";
 * values the format requires that they do not give are listed in each file's notes.
 *
 * Usage: npx tsx scripts/make-syncperformance-reference.ts           (writes the files)
 *        npx tsx scripts/make-syncperformance-reference.ts --check   (exit 1 when the committed files differ)
 */
import { pathToFileURL } from 'node:url';

import { getMode } from '../electron/model/modes';
import { NOT_PUBLISHED, publishedResult, REFERENCE_DIR, writeOrCheckReferences } from './reference-files';
import type { Device, ResultFile } from '../electron/model/results/schema';
import { blocksText, deviceOf, figurePoint, toPoint, type PublishedPoint } from './syncperformance-points';
import {
  logPath,
  PUBLISHED_GPUS,
  SNAPSHOT,
  type LogFigure,
  type PublishedGpu,
  type SyncPerformanceCode,
} from './syncperformance-source';

/** Where the files go. */
export { REFERENCE_DIR };

/** The day these files were made. The sources do not date their measurements. */
const MADE_AT = '2026-12-01T00:00:00.000Z';

const LICENSE_NOTE =
  `SyncPerformance is ${SNAPSHOT.license} (${SNAPSHOT.copyright}); these are its published measurements ` +
  '(facts), copied with their source; none of its code is in this repository (docs/results/published-datasets.md).';

interface FileSpec {
  id: string;
  name: string;
  mode: string;
  params: ResultFile['plan']['params'];
  citation: string;
  sourceNote: string;
  app: ResultFile['provenance']['app'];
  host: ResultFile['provenance']['host'];
  device: Device;
  points: PublishedPoint[];
  notes: string[];
}

function resultFile(spec: FileSpec): ResultFile {
  const points = spec.points.map(toPoint);
  const mode = getMode(spec.mode);
  return publishedResult({
    ...spec,
    madeAt: MADE_AT,
    xAxis: mode.xAxis,
    points,
    // The mode's ratios over these medians; a ratio of a point to itself (a one-point grid sweep) says nothing.
    ratios: mode.ratios(points).filter((r) => r.numerator !== r.denominator),
  });
}

/** The citation of one SyncPerformance file: paper, repository, commit, log files. */
function syncPerformanceCitation(gpu: PublishedGpu, codes: SyncPerformanceCode[]): string {
  return (
    `${SNAPSHOT.paper}; released raw data, ${SNAPSHOT.repository} at commit ${SNAPSHOT.commit}, ` +
    `${codes.map((c) => logPath(gpu, c)).join(', ')} ("max per op" lines; scripts/syncperformance-source.ts ` +
    `names each line). License: ${SNAPSHOT.license}.`
  );
}

function syncPerformanceNotes(gpu: PublishedGpu, specific: string[]): string[] {
  return [
    'Published by SyncPerformance (IISWC’24), not measured by this product. Each figure is its log’s "max per op" ' +
      `in cycles: the median over ${SNAPSHOT.nRuns} runs of the slowest thread’s clock64() delta of a kernel with ` +
      'two primitives per unrolled copy, minus the same for one, divided by ' +
      `${SNAPSHOT.nIter} iterations × ${SNAPSHOT.nUnroll} copies (back to back, like this product’s method). ` +
      'Only that median is published here: no samples, no spread (n = 0).',
    `perSyncNs = cycles / ${gpu.clockGHz} GHz, the log header’s "clock rate (GHz)" (cudaDeviceProp::clockRate, ` +
      'the peak SM clock; the clock the runs actually ran at is not published), so clock.conversion is ' +
      '"device-max".',
    ...specific,
    `From the log headers: device name, ${gpu.smCount} SMs, ${gpu.maxThreadsPerSm} threads per SM (mTpSM), ` +
      'registers per SM and per block, the clock, the host’s name, CPU and architecture. Not in the logs: the ' +
      `compute capability (${gpu.computeCapability}, NVIDIA’s CUDA GPU list for this GPU) and maxThreadsPerBlock ` +
      '(1024, the CUDA Programming Guide for every compute capability since 2.0).',
    'Not published, so null or "not published": driver and runtime versions, OS, memory and cache sizes, ' +
      'whole-kernel times, the dates of the runs (the dates here are when this file was made, ' +
      'scripts/make-syncperformance-reference.ts).',
    'Values the result format requires that SyncPerformance does not give (placeholders, not measurements): ' +
      "schedule flag 'auto', the stopping rule (no warm-up, 1 repetition, 0 ms), throttle threshold 0, wall time 0, " +
      `iters lo = hi = ${SNAPSHOT.nIter} with ${SNAPSHOT.nUnroll} primitives ` +
      'per iteration (its difference is one vs two primitives per copy, not an iteration count). The launches pass ' +
      'no dynamic shared memory (<<<blocks, threads>>>): 0 bytes is a fact, not a placeholder.',
    'Ratios are computed by this product’s mode from the published medians; SyncPerformance does not print them.',
    LICENSE_NOTE,
  ];
}

function syncPerformanceFile(
  gpu: PublishedGpu,
  id: string,
  what: string,
  mode: string,
  params: ResultFile['plan']['params'],
  figures: LogFigure[],
  specific: string[],
): ResultFile {
  const codes = [...new Set(figures.map((f) => f.code))];
  return resultFile({
    id: `syncperformance-${gpu.slug}-${id}`,
    name: `${gpu.name.replace(/^NVIDIA /, '')} ${what} (SyncPerformance, IISWC’24: published, not measured by this product)`,
    mode,
    params,
    citation: syncPerformanceCitation(gpu, codes),
    sourceNote: 'Published in SyncPerformance’s released raw data, not measured by this product.',
    app: { name: 'SyncPerformance (codes/cuda)', version: SNAPSHOT.version, commit: SNAPSHOT.commit },
    host: {
      hostname: gpu.host.hostname,
      platform: NOT_PUBLISHED,
      osRelease: NOT_PUBLISHED,
      arch: gpu.host.arch,
      cpuModel: gpu.host.cpuModel,
      node: NOT_PUBLISHED,
    },
    device: deviceOf(gpu),
    points: figures.map((f) => figurePoint(gpu, f)),
    notes: syncPerformanceNotes(gpu, specific),
  });
}

/** `sweep` at `blocks` blocks: __syncthreads at 1…32 warps (series 'block'), __syncwarp at 1 warp ('warp'). */
function sweepFile(gpu: PublishedGpu, blocks: number, id: string, where: string): ResultFile {
  const of = (code: SyncPerformanceCode) => gpu.figures.filter((f) => f.code === code && f.blocks === blocks);
  const block = of('cuda_syncthreads');
  const warp = of('cuda_syncwarp');
  return syncPerformanceFile(
    gpu,
    id,
    `sweep, __syncthreads at 1–32 warps, ${where}`,
    'sweep',
    { iters: SNAPSHOT.nIter, nwarpsList: block.map((f) => f.threadsPerBlock / 32), nblocks: blocks },
    [...warp, ...block],
    [
      `${blocksText(blocks)} (${where}). __syncwarp is taken at 32 threads (1 warp) only; the other warp counts of ` +
        'the sweep have no warp point here.',
      'Workloads are named syncperformance:<code> (codes/cuda/<code>.cu), not the product’s kernels, so the ' +
        'wizard never prices advice for your GPU with another GPU’s figures; Compare matches them by series and x.',
    ],
  );
}

function fencesFile(gpu: PublishedGpu): ResultFile {
  const figures = gpu.figures.filter((f) => f.code.startsWith('cuda_threadfence'));
  const order = (f: LogFigure) => (f.blocks === 1 ? 0 : 1);
  return syncPerformanceFile(
    gpu,
    'fences',
    'fences, plain read-modify-writes around the fence, 1 and 32 threads',
    'fences',
    {
      iters: SNAPSHOT.nIter,
      threadsList: [1, 32],
      blocksList: [1, gpu.smCount],
      definitions: [2],
    },
    [...figures].sort((a, b) => order(a) - order(b)),
    [
      'SyncPerformance’s fence figure times arr1[i] += v; fence; arr2[i] += v against the same without the fence: ' +
        'this product’s `plain` definition (definitions = [2]), not its atomics or fence-alone figures.',
      'From its logs: type_mode 0 (int, as this product’s kernels) and arr_step 1 (the step1 runs: thread i ' +
        'updates word i of each array); the other types and steps are in the same logs and not copied here.',
      'A block-scope fence between plain accesses costs less than a tenth of a cycle here: below the clock’s ' +
        'resolution, so no ratio is formed over it.',
      `Blocks: 1 and ${gpu.smCount} (one per SM).`,
      'Workloads are named syncperformance:<code> (codes/cuda/<code>.cu), not the product’s kernels; Compare ' +
        'matches them by series and x.',
    ],
  );
}

/**
 * IPDPS'20's grid.sync() on the V100, only as far as this repository's docs give it: 1.50 µs at 1 block/SM × 256
 * threads (docs/results/published-datasets.md). Its 3.55× growth at 8 blocks/SM is for 32-thread blocks, whose
 * 1 block/SM figure the docs do not give, so it stays a note, not a point.
 */
function ipdpsV100File(): ResultFile {
  const SMS = 80; // NVIDIA's V100 (every variant): 80 SMs; see the notes
  const point: PublishedPoint = {
    series: 'grid',
    label: `grid: 8 warps × ${SMS} blocks`,
    x: 1,
    workload: 'ipdps20:grid.sync',
    op: 'one this_grid().sync() (cooperative launch)',
    gridBlocks: SMS,
    threadsPerBlock: 256,
    cooperative: true,
    iters: { lo: 1, hi: 1, unitsPerIter: 1 },
    cycles: null,
    ns: 1500,
    clockMHz: null,
  };
  return resultFile({
    id: 'ipdps20-v100-sweep_grid',
    name: 'V100 grid.sync() at 1 block/SM × 256 threads (Zhang et al., IPDPS’20: published, not measured by this product)',
    mode: 'sweep_grid',
    params: { nwarps: 8 },
    citation:
      'Zhang et al., IPDPS’20, Fig. 5, as quoted in docs/results/H200.md and docs/results/published-datasets.md ' +
      '(the suite: github.com/neozhang307/SyncMicrobenchmark).',
    sourceNote:
      'Published in IPDPS’20, not measured by this product; one figure, as this repository quotes it.',
    app: {
      name: 'SyncMicrobenchmark (IPDPS’20)',
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
    device: {
      ordinal: 0,
      name: 'NVIDIA Tesla V100',
      computeCapability: '7.0',
      smCount: SMS,
      smClockMaxMHz: null,
      memoryClockMaxMHz: null,
      memoryBusWidthBits: null,
      totalMemoryBytes: null,
      l2CacheBytes: null,
      maxThreadsPerBlock: 1024,
      maxThreadsPerSm: null,
      maxBlocksPerSm: null,
      sharedMemPerBlockBytes: null,
      sharedMemPerBlockOptinBytes: null,
      sharedMemPerSmBytes: null,
      registersPerBlock: null,
      registersPerSm: null,
      cooperativeLaunch: true,
      clusterLaunch: null,
      eccEnabled: null,
      pciBusId: null,
    },
    points: [point],
    notes: [
      'Published in IPDPS’20 (Zhang et al.), not measured by this product: grid.sync() on a V100 at 1 block per ' +
        'SM × 256 threads costs 1.50 µs per sync. Only this figure is given in the form this repository quotes ' +
        'it; the paper’s tables are not copied (SyncMicrobenchmark has no license file, and nothing beyond the ' +
        'quoted figures was verified).',
      'The paper’s growth to 8 blocks/SM, 3.55×, is for 32-thread blocks; their 1 block/SM figure at 32 threads ' +
        'is not quoted, so no 8 blocks/SM point is made from it (multiplying 1.50 µs by 3.55 would mix block sizes).',
      'Not published here: the V100 variant, its clock, the cycles, driver and runtime, host, dates. The device ' +
        'is given 80 SMs (every V100 variant, NVIDIA’s V100 specifications), compute capability 7.0 and ' +
        'maxThreadsPerBlock 1024 (CUDA Programming Guide); the launch shape 80 blocks × 256 threads follows.',
      'Values the result format requires that the paper does not give (placeholders, not measurements): device ' +
        "ordinal 0, schedule flag 'auto', the stopping rule (no warm-up, 1 repetition, 0 ms), throttle threshold 0, " +
        '0 bytes of dynamic shared memory, wall time 0 and iters 1 (lo = hi).',
    ],
  });
}

/** Every file, validated by the product's reader: per GPU sweep (1 block/SM), sweep at 1 block, fences; then V100. */
export function publishedReferenceFiles(): ResultFile[] {
  return [
    ...PUBLISHED_GPUS.flatMap((gpu) => [
      sweepFile(gpu, gpu.smCount, 'sweep', 'one block per SM'),
      sweepFile(gpu, 1, 'sweep-1-block', 'one block'),
      fencesFile(gpu),
    ]),
    ipdpsV100File(),
  ];
}

async function main(): Promise<void> {
  process.exitCode = await writeOrCheckReferences(
    publishedReferenceFiles(),
    process.argv.includes('--check'),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
