import { describe, expect, it } from 'vitest';

import { startMeasuredRun } from '../../../electron/core/measure/run';
import type { NativePointSpec } from '../../../electron/model/native/addon-types';
import { hopperTables } from '../../../scripts/hopper-tables';
import { fakeBackend, syntheticPointResult } from '../helpers/fake-backend';

/** A result of `mode` from the fake backend, each point's cost a function of its spec (synthetic, never shown). */
async function resultOf(mode: string, params: Record<string, string>, ns: (s: NativePointSpec) => number) {
  const backend = fakeBackend({ result: (spec) => syntheticPointResult(ns(spec), 12, { verified: 10 }) });
  const run = await startMeasuredRun({ mode, params }, backend);
  return (await run.done).result;
}

describe('scripts/hopper-tables.ts', () => {
  it('pivots each mode by series and x and computes its derived rows from the medians', async () => {
    const pdl = await resultOf('pdl', { prologueFadds: '0,2048' }, (s) =>
      s.workload === 'pdl_plain' ? 4000 + (s.param >> 2) : 3000 + (s.param >> 2),
    );
    const pipeline = await resultOf('pipeline', { stages: '2', payloadBytes: '0,4096' }, (s) =>
      s.workload.startsWith('copy_') ? 500 : 100,
    );
    const cluster = await resultOf('cluster_arrive', { clusterSizes: '2,16' }, (s) =>
      s.workload === 'cluster_sync_ring' ? 300 : 150,
    );
    const md = hopperTables([
      { file: 'pdl.json', result: pdl },
      { file: 'pipeline.json', result: pipeline },
      { file: 'cluster.json', result: cluster },
    ]);
    expect(md).toMatch(/### pdl: programmatic dependent launch/);
    expect(md).toMatch(/\| series, by prologue FADDs +\| 0 +\| 2048 +\|/);
    // plain − PDL early is about 1000 ns at both prologues (the synthetic costs differ by 1000, ±0.4 % jitter).
    expect(md).toMatch(/\| PDL, trigger early +\| (99\d|100\d)\.\d +\| (99\d|100\d)\.\d +\|/);
    expect(md).toMatch(
      /#### copy alone per stage[\s\S]*\| copies alone: TMA bulk copy, 2 stages +\| (49\d|50\d)\.\d/,
    );
    expect(md).toMatch(/\| cluster\.sync\(\) \/ remote arrive \| 2\.00× +\| 2\.00× +\|/);
    expect(md).toMatch(/points, \d+ verified/);
  });

  it('refuses a result of another mode, naming the modes it takes', async () => {
    const grid = await resultOf('grid', {}, () => 10);
    expect(() => hopperTables([{ file: 'grid.json', result: grid }])).toThrow(
      /grid\.json: mode grid is not one of pdl, pipeline, cluster_arrive/,
    );
  });
});
