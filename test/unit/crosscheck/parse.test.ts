/**
 * The cross-check parsers read the public suites' outputs as those programs print them (formats from their
 * sources: SyncPerformance's cuda_test_setup_*.cuh, SyncMicrobenchmark:share/util.cpp).
 */
import { describe, expect, it } from 'vitest';

import {
  blockSyncCycles,
  gridSyncNs,
  parseSyncMicro,
  parseSyncPerformance,
} from '../../../scripts/crosscheck/parse';

const SP_RUN = [
  'CUDA __syncthreads',
  'threads per block: 256',
  'blocks: 1',
  'iter per thread: 1000',
  'ops per test unit: 1',
  'runtime of all iter: 3500000.000000',
  'max per op: 35.000000',
  'min per op: 35.000000',
  'med per op: 34.500000',
  'avg per op: 35.000000',
].join('\n');

describe('SyncPerformance output', () => {
  it("reads the shape and the suite's figure (max per op, cycles)", () => {
    expect(parseSyncPerformance(SP_RUN, 'x.txt')).toEqual({
      threads: 256,
      blocks: 1,
      maxPerOpCycles: 35,
      medPerOpCycles: 34.5,
    });
  });

  it('refuses an unfinished run, naming the file', () => {
    expect(() => parseSyncPerformance('CUDA __syncthreads\nthreads per block: 32\n', 'cut.txt')).toThrow(
      /cut\.txt: not a finished SyncPerformance run/,
    );
  });
});

describe('SyncMicrobenchmark output', () => {
  const inter = [
    'GPU Device 0: "NVIDIA H200" with compute capability 9.0',
    'method\tGPUCount\tbasicrep\tmorepre\tblk\tthrd\tm(basic_ttl)\ts(basic_ttl)\tm(more_ttl)\ts(more_ttl)\tm(avginstr)\ts(avginstr)',
    'grid_sync\t1\t256\t2816\t132\t256\t520.1\t3.2\t5640.4\t9.9\t1.000117\t0.002',
    'grid_sync\t1\t256\t2816\t264\t128\t700.0\t3.0\t7700.0\t9.0\t1.367188\t0.002',
    "Cuda failure measurement.cu:173: 'too many blocks in cooperative launch'",
  ].join('\n');
  const intra = [
    'method\tGPUCount\trep\tblk\tthrd\tm(avgcycle)\ts(avgcycle)',
    'blocksync\t1\t128\t1\t32\t22.5\t0.1',
    'blocksync\t1\t128\t1\t1024\t88.0\t0.3',
    'method\tGPUCount\trep\tblk\tthrd\ttile\tm(ttl_latency)\tm(thrput)',
    'blocksync\t1\t128\t132\t32\t32\t9000.0\t0.5',
  ].join('\n');

  it('reads grid.sync ns per sync by threads and blocks per SM', () => {
    const grid = gridSyncNs(parseSyncMicro(inter), 132);
    expect(grid.get('256@1')).toBeCloseTo(1.000117, 6);
    expect(grid.get('128@2')).toBeCloseTo(1.367188, 6);
    expect(grid.size).toBe(2);
  });

  it('reads the block-sync latency rows and not the throughput rows after them', () => {
    const block = blockSyncCycles(parseSyncMicro(intra));
    expect([...block.entries()]).toEqual([
      [32, 22.5],
      [1024, 88],
    ]);
  });
});
