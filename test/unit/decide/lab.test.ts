import { describe, expect, it } from 'vitest';

import {
  DependencyLab,
  FUNCTION_GRAPH_NOTE,
  LAB_EDGES,
  LAB_INPUT_DEFAULTS,
  LAB_ORDER,
} from '../../../electron/model/decide/lab';
import {
  AGENTS,
  DEFAULT_PLACEMENTS,
  STORAGES,
  edgeAnswers,
  orderingEdges,
  relationOf,
  type Agent,
  type LabPlacements,
  type Storage,
} from '../../../electron/model/decide/lab-placement';
import type { HazardId, RecommendationId } from '../../../electron/model/decide/types';
import { table } from './load';

const sigmoid = (v: number) => 1 / (1 + Math.exp(-v));

describe('the dependency lab', () => {
  it('resets to defaults that are not x = 1, w = 1', () => {
    const lab = new DependencyLab();
    expect(LAB_INPUT_DEFAULTS).toEqual({ x: 0.5, w: -1 });
    expect(lab.values).toEqual({ x: 0.5, w: -1, b: -0.5, z: null, h: null, y: null });
    expect(lab.output).toBeNull();
    expect(lab.isDone()).toBe(false);
  });

  it('Reset, x = 1, w = 1, Step until done: output sigmoid(0.5) ≈ 0.622, one node per step in dependency order', () => {
    const lab = new DependencyLab();
    lab.reset();
    lab.setInput('x', 1);
    lab.setInput('w', 1);
    const steps = [];
    while (!lab.isDone()) steps.push(lab.step());
    expect(steps).toEqual([
      {
        node: 'z',
        value: 1,
        edges: [
          { from: 'x', to: 'z' },
          { from: 'w', to: 'z' },
        ],
      },
      {
        node: 'h',
        value: 0.5,
        edges: [
          { from: 'z', to: 'h' },
          { from: 'b', to: 'h' },
        ],
      },
      { node: 'y', value: sigmoid(0.5), edges: [{ from: 'h', to: 'y' }] },
    ]);
    expect(lab.output).toBeCloseTo(0.622, 3);
    expect(lab.step()).toBeNull();
  });

  it('computes sigmoid(-1) from the defaults', () => {
    const lab = new DependencyLab();
    while (lab.step());
    expect(lab.output).toBeCloseTo(0.2689, 4);
  });

  it('clears computed values when an input changes, and Reset restores the defaults', () => {
    const lab = new DependencyLab();
    lab.step();
    expect(lab.nextNode()).toBe('h');
    lab.setInput('w', 2);
    expect(lab.values.z).toBeNull();
    expect(lab.nextNode()).toBe('z');
    lab.reset();
    expect(lab.values.w).toBe(-1);
  });

  it('rejects unknown inputs and values that are not finite', () => {
    const lab = new DependencyLab();
    expect(() => lab.setInput('b', 1)).toThrow(/unknown input "b" \(inputs: x, w\)/);
    expect(() => lab.setInput('x', Number.NaN)).toThrow(/finite/);
  });

  it('evaluates every operation after its producers', () => {
    expect(LAB_ORDER).toEqual(['z', 'h', 'y']);
    for (const edge of LAB_EDGES) {
      const from = LAB_ORDER.indexOf(edge.from);
      if (from >= 0) expect(from).toBeLessThan(LAB_ORDER.indexOf(edge.to));
    }
    expect(LAB_EDGES).toHaveLength(5);
  });

  it('explains why a function graph has no memory-order or scope edges', () => {
    expect(FUNCTION_GRAPH_NOTE).toMatch(/no barriers, atomics or fences/);
    expect(FUNCTION_GRAPH_NOTE).toMatch(/scope that contains both ends/);
  });
});

describe('placing the lab on GPU agents', () => {
  it('offers the agents of the first table and the storage answers of the table', () => {
    expect(AGENTS).toEqual(['thread', 'lane', 'warp', 'block', 'cluster', 'kernel', 'host']);
    const storage = table.questions.find((q) => q.id === 'storage')?.answers.map((a) => a.id);
    expect([...STORAGES]).toEqual(storage);
  });

  it.each<[Agent, Agent, string]>([
    ['thread', 'thread', 'same-thread'],
    ['lane', 'lane', 'same-thread'],
    ['thread', 'lane', 'same-warp'],
    ['warp', 'thread', 'same-warp'],
    ['warp', 'warp', 'same-warp'],
    ['lane', 'block', 'same-block'],
    ['block', 'block', 'same-block'],
    ['cluster', 'warp', 'same-cluster'],
    ['kernel', 'thread', 'other-blocks'],
    ['block', 'kernel', 'other-blocks'],
    ['host', 'host', 'same-thread'],
    ['host', 'kernel', 'host'],
    ['thread', 'host', 'host'],
  ])('%s -> %s is %s', (producer, consumer, where) => {
    expect(relationOf(producer, consumer)).toBe(where);
  });

  it('needs no ordering edge when every node runs on one thread', () => {
    const edges = orderingEdges(table, DEFAULT_PLACEMENTS);
    expect(edges.map((e) => [e.where, e.recommendation, e.hazards])).toEqual(
      LAB_EDGES.map(() => ['same-thread', 'none', []]),
    );
  });

  it('asks the engine for the edge each dependency needs', () => {
    const placements: LabPlacements = {
      x: { agent: 'host', storage: 'host-pinned' },
      w: { agent: 'kernel', storage: 'global' },
      b: { agent: 'thread', storage: 'registers' },
      z: { agent: 'kernel', storage: 'global' },
      h: { agent: 'block', storage: 'shared' },
      y: { agent: 'lane', storage: 'registers' },
    };
    const edges = orderingEdges(table, placements);
    expect(edges.map((e) => [`${e.edge.from}->${e.edge.to}`, e.where, e.recommendation, e.hazards])).toEqual([
      ['x->z', 'host', 'kernel-boundary', []],
      ['w->z', 'other-blocks', 'kernel-boundary', []],
      ['z->h', 'other-blocks', 'kernel-boundary', []],
      ['b->h', 'same-block', 'syncthreads', ['storage-not-reachable']],
      ['h->y', 'same-block', 'syncthreads', []],
    ]);
    expect(edges.every((e) => e.advice.ignored.length === 0)).toBe(true);
  });

  it('says "not possible" for a value a whole kernel leaves in shared memory for its next node', () => {
    const placements: LabPlacements = {
      ...DEFAULT_PLACEMENTS,
      z: { agent: 'kernel', storage: 'shared' },
      h: { agent: 'kernel', storage: 'global' },
    };
    const zh = orderingEdges(table, placements).find((e) => e.edge.from === 'z' && e.edge.to === 'h')!;
    expect(zh.where).toBe('other-blocks');
    expect(zh.recommendation).toBeNull();
    expect(zh.advice.outcome).toBe('not-possible');
    expect(zh.advice.options.map((o) => o.id)).toEqual(['cluster-sync', 'grid-sync', 'kernel-boundary']);
  });

  /** One edge between the host and the GPU: producer agent and storage, consumer agent, what the engine must say. */
  it.each<[Agent, Storage, Agent, RecommendationId, HazardId[], RegExp | null]>([
    // The host leaves an input for a kernel.
    [
      'host',
      'host-pageable',
      'kernel',
      'kernel-boundary',
      ['storage-not-reachable'],
      /cudaMemcpyHostToDevice/,
    ],
    [
      'host',
      'host-pageable',
      'block',
      'kernel-boundary',
      ['storage-not-reachable'],
      /cudaMemcpyHostToDevice/,
    ],
    [
      'host',
      'host-pageable',
      'thread',
      'kernel-boundary',
      ['storage-not-reachable'],
      /cudaMemcpyHostToDevice/,
    ],
    ['host', 'host-pinned', 'kernel', 'kernel-boundary', [], /cudaHostAllocMapped/],
    ['host', 'global', 'kernel', 'kernel-boundary', [], null],
    ['host', 'registers', 'kernel', 'kernel-boundary', ['storage-not-reachable'], null],
    // A kernel leaves a result for the host.
    ['kernel', 'global', 'host', 'stream-sync', [], null],
    ['kernel', 'host-pinned', 'host', 'stream-sync', [], /cudaHostRegisterMapped/],
    ['kernel', 'host-pageable', 'host', 'stream-sync', ['storage-not-reachable'], null],
    ['warp', 'host-pageable', 'host', 'stream-sync', ['storage-not-reachable'], null],
    ['block', 'shared', 'host', 'stream-sync', ['storage-not-reachable'], null],
    // Both ends on one side.
    ['host', 'host-pageable', 'host', 'none', [], null],
    ['kernel', 'host-pageable', 'kernel', 'kernel-boundary', ['storage-not-reachable'], null],
  ])('%s (%s) -> %s: %s, hazards %j', (producer, storage, consumer, recommendation, hazards, rationale) => {
    const placements: LabPlacements = {
      ...DEFAULT_PLACEMENTS,
      h: { agent: producer, storage },
      y: { agent: consumer, storage: 'global' },
    };
    const hy = orderingEdges(table, placements).find((e) => e.edge.from === 'h' && e.edge.to === 'y')!;
    expect([hy.recommendation, hy.hazards]).toEqual([recommendation, hazards]);
    if (rationale) expect(hy.advice.rationale).toMatch(rationale);
    else expect(hy.advice.rationale).not.toMatch(/mapped into the device's address space/);
    expect(hy.advice.ignored).toEqual([]);
    if (producer === 'host' && storage === 'host-pageable' && consumer !== 'host') {
      expect(hy.advice.hazards.find((h) => h.id === 'storage-not-reachable')?.explanation).toMatch(
        /pageable host memory is not directly accessible to kernels/,
      );
      expect(hy.advice.alternatives.map((a) => a.id)).toEqual(['none', 'stream-sync']);
    }
  });

  it('gives warp edges a mask and host reads a stream wait', () => {
    const lanes = edgeAnswers(
      table,
      { agent: 'lane', storage: 'registers' },
      { agent: 'thread', storage: 'registers' },
    );
    expect(lanes).toMatchObject({ where: 'same-warp', lanes: 'all', 'all-reach': 'yes' });
    const placements: LabPlacements = {
      ...DEFAULT_PLACEMENTS,
      h: { agent: 'lane', storage: 'registers' },
      y: { agent: 'host', storage: 'host-pinned' },
    };
    const [, , zh, , hy] = orderingEdges(table, placements);
    expect([zh?.recommendation, zh?.advice.mask?.value]).toEqual(['warp-collective', '0xffffffff']);
    expect([hy?.where, hy?.recommendation, hy?.hazards]).toEqual([
      'host',
      'stream-sync',
      ['storage-not-reachable'],
    ]);
  });
});
