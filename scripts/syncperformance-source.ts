/**
 * SyncPerformance's released raw data (Burtchell & Burtscher, "Characterizing CUDA and OpenMP Synchronization
 * Primitives", IISWC'24; github.com/burtscher/SyncPerformance, BSD-3-Clause), typed once: the figures that
 * scripts/make-syncperformance-reference.ts turns into resources/reference/syncperformance-*.json.
 *
 * Every figure is the log's "max per op" line, in CYCLES, copied as printed: for one (threads per block, blocks)
 * configuration, the median over N_RUNS = 9 runs of the maximum over threads of the per-thread clock64() delta of
 * a kernel with two primitives per unrolled copy, minus the same median of a kernel with one, divided by
 * n_iter = 1000 iterations and N_UNROLL = 100 copies (SyncPerformance:include/cuda_test_setup_*.cuh, SyncPerformance:include/config.h). Each entry
 * names its log file in the repository and the line numbers of its command line and of its "max per op" line, at
 * the snapshot's commit (SNAPSHOT.commit). Header facts (SMs, clock, registers, host) are typed as each log's
 * header prints them. Nanoseconds are cycles / the log's "clock rate (GHz)" (check_cuda_props.cu prints
 * cudaDeviceProp::clockRate: the peak SM clock, not a measured one): made in the generator, never typed here.
 *
 * Fences: SyncPerformance's `cuda_threadfence*_array` codes time `arr1[i] += v; fence; arr2[i] += v` against the
 * same without the fence (the product's `plain` definition, kernels/fences.cu). Their logs hold every
 * type_mode (0 int, 1 unsigned long long, 2 float, 3 double) × arr_step (1, 2, 4, 16, 32, 128): the figures below
 * are type_mode 0 (int, as the product's kernels) and arr_step 1 (consecutive threads, consecutive words: the
 * product's layout is two words per thread, the closest step). The per-step runtimes.csv files (step1/...) hold the
 * same runs in ms; the figures here come from log.txt only.
 *
 * scripts/check-syncperformance-source.ts re-reads a checkout of the repository and verifies every number here.
 */

/** The repository snapshot the figures were copied from. */
export const SNAPSHOT = {
  repository: 'https://github.com/burtscher/SyncPerformance',
  /** `git rev-parse HEAD` of the snapshot ("adding link to slides", 2024-09-21). */
  commit: '0b93b5ceb6d3e27aa1e89ef24aaaee2e2fdca6e8',
  license: 'BSD-3-Clause',
  copyright: 'Copyright (c) 2024, Brandon Alexander Burtchell and Martin Burtscher',
  paper:
    'Brandon Alexander Burtchell and Martin Burtscher, "Characterizing CUDA and OpenMP Synchronization ' +
    'Primitives", IEEE International Symposium on Workload Characterization (IISWC), September 2024',
  /** The first line of every log. */
  version: 'SyncPerformance v0.1',
  /** SyncPerformance:include/config.h and the codes' command lines. */
  nIter: 1000,
  nUnroll: 100,
  nRuns: 9,
} as const;

/** The codes whose logs are used (codes/cuda/<code>.cu). */
export type SyncPerformanceCode =
  | 'cuda_syncthreads'
  | 'cuda_syncwarp'
  | 'cuda_threadfence_block_array'
  | 'cuda_threadfence_array'
  | 'cuda_threadfence_system_array';

/** One "max per op" figure and where it is printed. */
export interface LogFigure {
  code: SyncPerformanceCode;
  threadsPerBlock: number;
  blocks: number;
  /** 1-based line of the command line `./<code> 0 <threads> <blocks> 1000[ <arr_step>]` in log.txt. */
  commandLine: number;
  /** 1-based line of its `max per op: <cycles>` line. */
  maxPerOpLine: number;
  /** The printed value, cycles per primitive. */
  cycles: number;
}

/** One GPU of the released data, with the header facts its logs print. */
export interface PublishedGpu {
  /** Used in file names: resources/reference/syncperformance-<slug>-<mode>.json. */
  slug: string;
  /** results/<system>/<gpuDir>/<code>/log.txt. */
  system: string;
  gpuDir: string;
  /** Header lines: "system: ", "CPU: ", "  architecture: ", "GPU: ", "  SMs: ", "  mTpSM: ", registers, clock. */
  host: { hostname: string; cpuModel: string; arch: string };
  name: string;
  smCount: number;
  maxThreadsPerSm: number;
  registersPerSm: number;
  registersPerBlock: number;
  clockGHz: number;
  /**
   * Not in the logs: NVIDIA's compute capability for the named GPU (CUDA GPUs list,
   * developer.nvidia.com/cuda-gpus). Listed in the files' notes as such.
   */
  computeCapability: string;
  /** Every figure, in the order the files list them. */
  figures: LogFigure[];
}

/** __syncthreads at 1, 2, 4, 8, 16, 32 warps (32…1024 threads per block) at `blocks`: [threads, line, line, cycles]. */
function syncthreads(blocks: number, rows: [number, number, number, number][]): LogFigure[] {
  return rows.map(([threadsPerBlock, commandLine, maxPerOpLine, cycles]) => ({
    code: 'cuda_syncthreads',
    threadsPerBlock,
    blocks,
    commandLine,
    maxPerOpLine,
    cycles,
  }));
}

function figure(
  code: SyncPerformanceCode,
  threadsPerBlock: number,
  blocks: number,
  commandLine: number,
  maxPerOpLine: number,
  cycles: number,
): LogFigure {
  return { code, threadsPerBlock, blocks, commandLine, maxPerOpLine, cycles };
}

/** The fence codes' int, arr_step 1 lines sit at the same places in every log (the logs share one launch order). */
function fences(smCount: number, values: Record<string, [number, number, number, number]>): LogFigure[] {
  const lines: Record<string, [number, number]> = {
    '1x1': [23, 31],
    [`1x${smCount}`]: [65, 73],
    '32x1': [373, 381],
    [`32x${smCount}`]: [415, 423],
  };
  const codes = [
    'cuda_threadfence_block_array',
    'cuda_threadfence_array',
    'cuda_threadfence_system_array',
  ] as const;
  return codes.flatMap((code) =>
    [1, 32].flatMap((threads) =>
      [1, smCount].map((blocks, i) => {
        const key = `${threads}x${blocks}`;
        const [commandLine, maxPerOpLine] = lines[key]!;
        const cycles = values[code]![(threads === 1 ? 0 : 2) + i]!;
        return figure(code, threads, blocks, commandLine, maxPerOpLine, cycles);
      }),
    ),
  );
}

/** system2: NVIDIA A100-PCIE-40GB. */
const A100: PublishedGpu = {
  slug: 'a100',
  system: 'system2',
  gpuDir: 'NVIDIA_A100-PCIE-40GB',
  host: { hostname: 'austin', cpuModel: 'Intel(R) Xeon(R) Gold 6226R CPU @ 2.90GHz', arch: 'x86_64' },
  name: 'NVIDIA A100-PCIE-40GB',
  smCount: 108,
  maxThreadsPerSm: 2048,
  registersPerSm: 65536,
  registersPerBlock: 65536,
  clockGHz: 1.41,
  computeCapability: '8.0',
  figures: [
    ...syncthreads(1, [
      [32, 348, 355, 23],
      [64, 413, 420, 25],
      [128, 478, 485, 29],
      [256, 543, 550, 37],
      [512, 608, 615, 52.99996],
      [1024, 673, 680, 84.9998],
    ]),
    ...syncthreads(108, [
      [32, 387, 394, 23],
      [64, 452, 459, 25],
      [128, 517, 524, 29],
      [256, 582, 589, 37],
      [512, 647, 654, 53],
      [1024, 712, 719, 84.99985],
    ]),
    figure('cuda_syncwarp', 32, 1, 348, 355, 5),
    figure('cuda_syncwarp', 32, 108, 387, 394, 5),
    // [1 thread × 1 block, 1 thread × 108 blocks, 32 threads × 1 block, 32 threads × 108 blocks]
    ...fences(108, {
      cuda_threadfence_block_array: [0.04002, 0.0399, 0.04002, 0.04002],
      cuda_threadfence_array: [764.11032, 1818.81836, 773.34278, 872.11757],
      cuda_threadfence_system_array: [3148.51119, 3768.55159, 3148.50657, 3579.82538],
    }),
  ],
};

/** system3: NVIDIA GeForce RTX 4090. */
const RTX4090: PublishedGpu = {
  slug: 'rtx4090',
  system: 'system3',
  gpuDir: 'NVIDIA_GeForce_RTX_4090',
  host: { hostname: 'ithaca', cpuModel: 'AMD Ryzen Threadripper 2950X 16-Core Processor', arch: 'x86_64' },
  name: 'NVIDIA GeForce RTX 4090',
  smCount: 128,
  maxThreadsPerSm: 1536,
  registersPerSm: 65536,
  registersPerBlock: 65536,
  clockGHz: 2.625,
  computeCapability: '8.9',
  figures: [
    ...syncthreads(1, [
      [32, 348, 355, 24],
      [64, 413, 420, 26],
      [128, 478, 485, 30],
      [256, 543, 550, 38],
      [512, 608, 615, 53],
      [1024, 738, 745, 85],
    ]),
    ...syncthreads(128, [
      [32, 387, 394, 24],
      [64, 452, 459, 26],
      [128, 517, 524, 30],
      [256, 582, 589, 38],
      [512, 647, 654, 54],
      [1024, 777, 784, 85],
    ]),
    figure('cuda_syncwarp', 32, 1, 348, 355, 5),
    figure('cuda_syncwarp', 32, 128, 387, 394, 5),
    ...fences(128, {
      cuda_threadfence_block_array: [0.06999, 0.06999, 0.06999, 0.06999],
      cuda_threadfence_array: [892.48734, 2227.27248, 899.60534, 929.37375],
      cuda_threadfence_system_array: [3561.08269, 46948.72231, 3561.73326, 46966.38808],
    }),
  ],
};

/** system1: NVIDIA GeForce RTX 2070 SUPER. */
const RTX2070S: PublishedGpu = {
  slug: 'rtx2070super',
  system: 'system1',
  gpuDir: 'NVIDIA_GeForce_RTX_2070_SUPER',
  host: { hostname: 'zurich', cpuModel: 'Intel(R) Xeon(R) CPU E5-2687W v3 @ 3.10GHz', arch: 'x86_64' },
  name: 'NVIDIA GeForce RTX 2070 SUPER',
  smCount: 40,
  maxThreadsPerSm: 1024,
  registersPerSm: 65536,
  registersPerBlock: 65536,
  clockGHz: 1.8,
  computeCapability: '7.5',
  figures: [
    ...syncthreads(1, [
      [32, 348, 355, 22],
      [64, 413, 420, 24],
      [128, 478, 485, 28],
      [256, 543, 550, 36],
      [512, 608, 615, 52],
      [1024, 738, 745, 84],
    ]),
    ...syncthreads(40, [
      [32, 387, 394, 22],
      [64, 452, 459, 24],
      [128, 517, 524, 28],
      [256, 582, 589, 36],
      [512, 647, 654, 52],
      [1024, 777, 784, 84],
    ]),
    figure('cuda_syncwarp', 32, 1, 348, 355, 5),
    figure('cuda_syncwarp', 32, 40, 387, 394, 5),
    ...fences(40, {
      cuda_threadfence_block_array: [0.03003, 0.03001, 0.03003, 0.03999],
      cuda_threadfence_array: [666.27288, 833.3034, 675.51223, 679.30154],
      cuda_threadfence_system_array: [2287.35909, 4774.14541, 2314.08875, 4663.55385],
    }),
  ],
};

/** The three GPUs of the released data; the A100 first (the usual "this GPU vs A100" comparison). */
export const PUBLISHED_GPUS: readonly PublishedGpu[] = [A100, RTX4090, RTX2070S];

/** results/<system>/<gpu>/<code>/log.txt: the figure's file in the repository. */
export function logPath(gpu: PublishedGpu, code: SyncPerformanceCode): string {
  return `results/${gpu.system}/${gpu.gpuDir}/${code}/log.txt`;
}

/** The command line a figure's log prints before it (type_mode 0; fences with arr_step 1). */
export function commandText(f: LogFigure): string {
  const step = f.code.endsWith('_array') ? ' 1' : '';
  return `./${f.code} 0 ${f.threadsPerBlock} ${f.blocks} ${SNAPSHOT.nIter}${step}`;
}
