/**
 * The wizard's sm_90 situations, table-driven: programmatic dependent launch for a later kernel with a
 * prologue, an mbarrier with a transaction count for a TMA copy, a DSMEM store + remote arrive for a neighbour block,
 * and the three hazards of those mechanisms; then their prices from points of the new workloads.
 */
import { describe, expect, it } from 'vitest';

import { advise } from '../../../electron/model/decide/engine';
import type { Answers, HazardId, RecommendationId, Scope } from '../../../electron/model/decide/types';
import { pdlParam } from '../../../electron/model/modes/pdl';
import { pipelineParam } from '../../../electron/model/modes/pipeline';
import { costRowsFromLibrary } from '../../../electron/core/service/advice-costs';
import { MemoryLibrary, makePoint, makeResult } from '../service/doubles';
import { table } from './load';

const LATER: Answers = { where: 'later-kernel', current: 'new-code', storage: 'global' };
const BLOCK: Answers = { where: 'same-block', current: 'new-code', storage: 'shared', 'all-reach': 'yes' };
const CLUSTER: Answers = {
  where: 'same-cluster',
  current: 'new-code',
  storage: 'distributed-shared',
  'all-reach': 'yes',
};

interface Case {
  name: string;
  answers: Answers;
  recommendation: RecommendationId;
  hazards: HazardId[];
  scope?: Scope;
  alternatives?: RecommendationId[];
  minCc?: string;
}

const cases: Case[] = [
  {
    name: 'the next kernel needs the previous output only after a prologue: programmatic dependent launch',
    answers: { ...LATER, prologue: 'has-prologue' },
    recommendation: 'programmatic-launch',
    hazards: [],
    scope: 'stream',
    alternatives: ['kernel-boundary', 'grid-sync'],
    minCc: '9.0',
  },
  {
    name: 'PDL with a read before cudaGridDependencySynchronize()',
    answers: { ...LATER, prologue: 'has-prologue', 'hopper-code': ['read-before-dependency-sync'] },
    recommendation: 'programmatic-launch',
    hazards: ['missing-grid-dependency-sync'],
  },
  {
    name: 'no prologue: stream order stays the answer, and the Hopper question is not asked',
    answers: { ...LATER, prologue: 'no-prologue' },
    recommendation: 'kernel-boundary',
    hazards: [],
  },
  {
    name: 'a TMA bulk copy consumed by the block’s warps: mbarrier with a transaction count',
    answers: { ...BLOCK, 'block-pattern': 'bulk-copy' },
    recommendation: 'mbarrier-tx',
    hazards: [],
    scope: 'block',
    alternatives: ['cuda-barrier', 'syncthreads'],
    minCc: '9.0',
  },
  {
    name: 'TMA reading thread-written shared memory, parity computed by hand: both hazards',
    answers: {
      ...BLOCK,
      'block-pattern': 'bulk-copy',
      'hopper-code': ['threads-write-tma-reads', 'parity-by-hand'],
    },
    recommendation: 'mbarrier-tx',
    hazards: ['generic-proxy-to-tma', 'mbarrier-wrong-parity'],
  },
  {
    name: 'cp.async copies (not TMA) keep cuda::barrier',
    answers: { ...BLOCK, 'block-pattern': 'async-copy' },
    recommendation: 'cuda-barrier',
    hazards: [],
  },
  {
    name: 'a neighbour block of the cluster needs my data: DSMEM + remote arrive',
    answers: { ...CLUSTER, 'cluster-reach': 'neighbour' },
    recommendation: 'dsmem-remote-arrive',
    hazards: [],
    scope: 'cluster',
    alternatives: ['cluster-sync'],
    minCc: '9.0',
  },
  {
    name: 'every block of the cluster needs everyone’s data: cluster.sync()',
    answers: { ...CLUSTER, 'cluster-reach': 'all-blocks' },
    recommendation: 'cluster-sync',
    hazards: [],
  },
];

describe('the wizard’s Hopper situations', () => {
  it.each(cases)('$name', (c) => {
    const a = advise(table, c.answers);
    expect(a.recommendation).toBe(c.recommendation);
    expect(a.hazards.map((h) => h.id).sort()).toEqual([...c.hazards].sort());
    if (c.scope) expect(a.scope).toBe(c.scope);
    if (c.alternatives) expect(a.alternatives.map((x) => x.id)).toEqual(c.alternatives);
    if (c.minCc) expect(a.launch?.minComputeCapability).toBe(c.minCc);
    expect(a.sources[0]!.rule.startsWith('rec-')).toBe(true);
  });

  it('asks the Hopper question only after a Hopper answer, and ignores it otherwise', () => {
    const a = advise(table, { ...LATER, prologue: 'no-prologue', 'hopper-code': ['parity-by-hand'] });
    expect(a.ignored).toEqual(['hopper-code']);
    expect(a.hazards).toEqual([]);
  });
});

describe('the Hopper recommendations are priced from the new modes’ measurements', () => {
  it('names the mode, workload and param each is priced by', () => {
    const m = (answers: Answers) => advise(table, answers).measurement;
    expect(m({ ...LATER, prologue: 'has-prologue' })).toMatchObject({
      mode: 'pdl',
      workload: 'pdl_launch',
      param: pdlParam('early', 512),
    });
    expect(m({ ...BLOCK, 'block-pattern': 'bulk-copy' })).toMatchObject({
      mode: 'pipeline',
      workload: 'pipe_tma',
      param: pipelineParam({ payloadBytes: 4096, stages: 2, consumerWarps: 4 }),
    });
    expect(m({ ...CLUSTER, 'cluster-reach': 'neighbour' })).toMatchObject({
      mode: 'cluster_arrive',
      workload: 'cluster_arrive_ring',
      param: null,
    });
  });

  it('takes the figure of the matching point of a result, and none without one', async () => {
    const point = (workload: string, param: number, ns: number, index: number) => {
      const p = makePoint(index);
      return {
        ...p,
        workload,
        param,
        label: `${workload} point`,
        perSyncNs: { ...p.perSyncNs!, median: ns },
      };
    };
    const lib = new MemoryLibrary();
    lib.add(
      makeResult([
        point('pipe_tma', pipelineParam({ payloadBytes: 0, stages: 2, consumerWarps: 4 }), 999, 0),
        point('pipe_tma', pipelineParam({ payloadBytes: 4096, stages: 2, consumerWarps: 4 }), 123, 1),
        point('cuda_barrier', 0, 45, 2),
      ]),
    );
    const rows = await costRowsFromLibrary(advise(table, { ...BLOCK, 'block-pattern': 'bulk-copy' }), lib);
    expect(rows.map((r) => [r.id, r.workload, r.perSyncNs])).toEqual([
      ['mbarrier-tx', 'pipe_tma', 123],
      ['cuda-barrier', 'cuda_barrier', 45],
    ]);
    const pdl = await costRowsFromLibrary(advise(table, { ...LATER, prologue: 'has-prologue' }), lib);
    expect(pdl.find((r) => r.id === 'programmatic-launch')).toBeUndefined();
  });
});
