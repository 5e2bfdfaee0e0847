/**
 * The protocols engineers get wrong most often, as table-driven situations of table version 2: each
 * gives the expected outcome (recommendation or not-possible), scope and the exact hazards, at least two per
 * concept, and situations that must raise no hazard at all (a wizard that cries wolf is not used).
 */
import { describe, expect, it } from 'vitest';

import { DecideError } from '../../../electron/model/decide/errors';
import { advise } from '../../../electron/model/decide/engine';
import type {
  Advice,
  AtomicScope,
  HazardId,
  RecommendationId,
  Scope,
} from '../../../electron/model/decide/types';
import { example, table } from './load';

type Concept =
  'flags' | 'look-back' | 'masks' | 'warp-synchronous' | 'not-possible' | 'clusters' | 'smaller-mistakes';

interface Situation {
  concept: Concept;
  name: string;
  /** An answers object as a file holds it ($tableVersion included). */
  answers: Record<string, string | string[] | number>;
  /** null: "not possible as described". */
  recommendation: RecommendationId | null;
  scope: Scope | null;
  hazards: HazardId[];
  atomicScope?: AtomicScope;
  check?: (advice: Advice) => void;
}

const V2 = { $tableVersion: 2, goal: 'correctness' } as const;
const lastBlock = {
  ...V2,
  where: 'other-blocks',
  storage: 'global',
  'grid-pattern': 'last-block',
  'all-reach': 'yes',
};
const coopWaits = {
  ...V2,
  where: 'other-blocks',
  storage: 'global',
  'grid-pattern': 'one-block-waits',
  'all-reach': 'yes',
  'cluster-launch': 'no',
  launch: 'cooperative',
  'grid-fits': 'fits',
};
const hostWhileRunning = { ...V2, where: 'host', storage: 'host-pinned', 'while-running': 'yes' };
const lookBack = {
  ...V2,
  where: 'other-blocks',
  storage: 'global',
  'grid-pattern': 'wait-earlier',
  'all-reach': 'yes',
};
const warpRegisters = {
  ...V2,
  where: 'same-warp',
  storage: 'registers',
  width: 'width-32',
  'src-lane': 'in-mask',
};
const warpShared = { ...V2, where: 'same-warp', storage: 'shared', 'all-reach': 'yes' };
const phases = {
  ...V2,
  where: 'other-blocks',
  storage: 'global',
  'grid-pattern': 'all-blocks-phase',
  'all-reach': 'yes',
  'cluster-launch': 'no',
};
const clusterPhases = {
  ...phases,
  current: ['new-code'],
  state: 'yes',
  'cluster-launch': 'yes',
  launch: 'cooperative',
  'grid-fits': 'fits',
};

const situations: Situation[] = [
  // ---- flags that publish nothing
  {
    concept: 'flags',
    name: 'last block: relaxed device-scope atomics on both sides publish nothing',
    answers: {
      ...lastBlock,
      current: ['atomic-device'],
      'flag-order': 'relaxed',
      'payload-read': 'after-flag',
    },
    recommendation: 'release-acquire',
    scope: 'device',
    atomicScope: 'device',
    hazards: ['no-release-acquire'],
  },
  {
    concept: 'flags',
    name: 'last block: a plain flag with no fence on either side',
    answers: { ...lastBlock, current: ['plain-flag'], 'payload-read': 'after-flag' },
    recommendation: 'release-acquire',
    scope: 'device',
    hazards: ['no-release-acquire'],
  },
  {
    concept: 'flags',
    name: 'cooperative wait: the producer releases, the consumer reads the flag relaxed',
    answers: {
      ...coopWaits,
      current: ['spin-flag'],
      'flag-order': 'release-only',
      'payload-read': 'after-flag',
    },
    recommendation: 'release-acquire',
    scope: 'device',
    hazards: ['no-release-acquire'],
  },
  {
    concept: 'flags',
    name: 'host polls a system-scope flag correctly but read the payload through a cached load',
    answers: {
      ...hostWhileRunning,
      current: ['atomic-system'],
      'flag-order': 'release-acquire',
      'payload-read': 'cached-plain',
    },
    recommendation: 'release-acquire',
    scope: 'system',
    atomicScope: 'system',
    hazards: ['payload-stale-load'],
  },
  {
    concept: 'flags',
    name: 'no hazard: last block with a release/acquire device flag and loads after it',
    answers: {
      ...lastBlock,
      current: ['atomic-device'],
      'flag-order': 'release-acquire',
      'payload-read': 'after-flag',
    },
    recommendation: 'release-acquire',
    scope: 'device',
    hazards: [],
  },
  {
    concept: 'flags',
    name: 'the flag order is not known: say what to check',
    answers: {
      ...lastBlock,
      current: ['atomic-device'],
      'flag-order': 'unknown',
      'payload-read': 'after-flag',
    },
    recommendation: 'release-acquire',
    scope: 'device',
    hazards: ['unchecked-flag-order'],
  },
  {
    concept: 'flags',
    name: 'no hazard: a relaxed counter that publishes nothing is not asked about ordering',
    answers: {
      ...V2,
      where: 'other-blocks',
      storage: 'global',
      'grid-pattern': 'shared-counter',
      'all-reach': 'yes',
      current: ['atomic-device'],
    },
    recommendation: 'release-acquire',
    scope: 'device',
    hazards: [],
    check: (a) => expect(a.answers.map((x) => x.question)).not.toContain('flag-order'),
  },
  {
    concept: 'flags',
    name: 'another GPU polls a relaxed system-scope flag while the kernel runs',
    answers: {
      ...V2,
      where: 'other-device',
      storage: 'peer',
      'while-running': 'yes',
      current: ['atomic-system'],
      'flag-order': 'relaxed',
      'payload-read': 'after-flag',
    },
    recommendation: 'release-acquire',
    scope: 'system',
    atomicScope: 'system',
    hazards: ['no-release-acquire'],
  },
  {
    concept: 'flags',
    name: 'a fence and a plain flag, and the payload read through __ldg',
    answers: { ...lastBlock, current: ['fence-plain-flag'], 'payload-read': 'cached-plain' },
    recommendation: 'release-acquire',
    scope: 'device',
    hazards: ['plain-flag-after-fence', 'payload-stale-load'],
  },
  // ---- waiting only on blocks that started earlier
  {
    concept: 'look-back',
    name: 'no hazard: a chained scan with tile ids from an atomic counter, normal launch',
    answers: { ...lookBack, current: ['new-code'], 'tile-id': 'atomic-ticket' },
    recommendation: 'ordered-look-back',
    scope: 'device',
    hazards: [],
    check: (a) => {
      expect(a.launch).toBeNull();
      expect(a.alternatives.map((x) => x.id)).toEqual(['kernel-boundary', 'grid-sync']);
    },
  },
  {
    concept: 'look-back',
    name: 'decoupled look-back on blockIdx - 1: names the ordering race, not spinning in general',
    answers: {
      ...lookBack,
      current: ['spin-flag'],
      'tile-id': 'block-index',
      'flag-order': 'release-acquire',
      'payload-read': 'after-flag',
    },
    recommendation: 'ordered-look-back',
    scope: 'device',
    hazards: ['tile-order-not-launch-order'],
  },
  {
    concept: 'look-back',
    name: 'look-back with atomic tile ids but relaxed status flags',
    answers: {
      ...lookBack,
      current: ['atomic-device'],
      'tile-id': 'atomic-ticket',
      'flag-order': 'relaxed',
      'payload-read': 'after-flag',
    },
    recommendation: 'ordered-look-back',
    scope: 'device',
    hazards: ['no-release-acquire'],
  },
  {
    concept: 'look-back',
    name: 'planning a chained scan on blockIdx order',
    answers: { ...lookBack, current: ['new-code'], 'tile-id': 'block-index' },
    recommendation: 'ordered-look-back',
    scope: 'device',
    hazards: ['tile-order-not-launch-order'],
  },
  {
    concept: 'look-back',
    name: 'a chained scan that orders the tiles with __syncthreads',
    answers: { ...lookBack, current: ['syncthreads'], 'tile-id': 'block-index' },
    recommendation: 'ordered-look-back',
    scope: 'device',
    hazards: ['tile-order-not-launch-order', 'block-barrier-across-blocks'],
  },
  // ---- masks in loops and partial warps
  {
    concept: 'masks',
    name: 'no hazard: lanes leave a loop and the mask is recomputed by the lanes still in it',
    answers: { ...warpRegisters, current: ['shfl-own-mask'], lanes: 'loop-exit', 'loop-mask': 'recomputed' },
    recommendation: 'warp-collective',
    scope: 'warp',
    hazards: [],
    check: (a) => {
      expect(a.mask?.value).toBeNull();
      expect(a.mask?.expression).toMatch(/mask = __ballot_sync\(mask, stay\), recomputed every iteration/);
      expect(a.answers.map((x) => x.question)).not.toContain('all-reach');
    },
  },
  {
    concept: 'masks',
    name: 'a full mask inside a loop that lanes leave at different iterations',
    answers: {
      ...warpRegisters,
      current: ['shfl-full-mask'],
      lanes: 'loop-exit',
      'loop-mask': 'fixed-before-loop',
    },
    recommendation: 'warp-collective',
    scope: 'warp',
    hazards: ['stale-loop-mask'],
    check: (a) => expect(a.snippet?.id).toBe('loop-ballot-mask'),
  },
  {
    concept: 'masks',
    name: '__activemask() inside a loop with exiting lanes',
    answers: { ...warpRegisters, current: ['activemask'], lanes: 'loop-exit', 'loop-mask': 'activemask' },
    recommendation: 'warp-collective',
    scope: 'warp',
    hazards: ['activemask-participants'],
  },
  {
    concept: 'masks',
    name: 'no hazard: __syncwarp(mask) with a recomputed mask in a ragged loop over shared memory',
    answers: {
      ...V2,
      where: 'same-warp',
      storage: 'shared',
      current: ['syncwarp-mask'],
      lanes: 'loop-exit',
      'loop-mask': 'recomputed',
    },
    recommendation: 'syncwarp',
    scope: 'warp',
    hazards: [],
  },
  {
    concept: 'masks',
    name: "width-8 shuffles with one segment's mask while the whole warp shuffles",
    answers: {
      ...warpRegisters,
      current: ['shfl-own-mask'],
      lanes: 'all',
      width: 'width-8',
      'segment-mask': 'own-segment',
      'all-reach': 'yes',
    },
    recommendation: 'warp-collective',
    scope: 'warp',
    hazards: ['segment-mask'],
    check: (a) => expect(a.hazards[0]?.snippet?.id).toBe('subwarp-shfl-width'),
  },
  {
    concept: 'masks',
    name: 'no hazard: width-16 shuffles with the full mask, the note explains srcLane',
    answers: {
      ...warpRegisters,
      current: ['shfl-full-mask'],
      lanes: 'all',
      width: 'width-16',
      'segment-mask': 'every-lane',
      'all-reach': 'yes',
    },
    recommendation: 'warp-collective',
    scope: 'warp',
    hazards: [],
    check: (a) => {
      expect(a.mask?.value).toBe('0xffffffff');
      expect(a.rationale).toMatch(/srcLane \(or delta\) then counts from the start of the caller's segment/);
    },
  },
  {
    concept: 'masks',
    name: 'inside if (lane >= 16) a shuffle reads lane 0',
    answers: {
      ...warpRegisters,
      current: ['shfl-own-mask'],
      lanes: 'lanes-16-31',
      'src-lane': 'outside-mask',
      'all-reach': 'yes',
    },
    recommendation: 'warp-collective',
    scope: 'warp',
    hazards: ['shfl-source-outside-mask'],
    check: (a) => expect(a.mask?.value).toBe('0xffff0000'),
  },
  {
    concept: 'masks',
    name: 'full mask inside if (lane < 16) and a source lane outside the branch',
    answers: {
      ...warpRegisters,
      current: ['shfl-full-mask'],
      lanes: 'lanes-0-15',
      'src-lane': 'outside-mask',
      'all-reach': 'yes',
    },
    recommendation: 'warp-collective',
    scope: 'warp',
    hazards: ['mask-mismatch', 'shfl-source-outside-mask'],
  },
  {
    concept: 'masks',
    name: 'no hazard: a ballot mask computed before a data-dependent branch',
    answers: { ...warpRegisters, current: ['shfl-own-mask'], lanes: 'data-dependent', 'all-reach': 'yes' },
    recommendation: 'warp-collective',
    scope: 'warp',
    hazards: [],
    check: (a) => expect(a.mask?.expression).toMatch(/__ballot_sync\(0xffffffff, cond\)/),
  },
  // ---- legacy warp-synchronous code
  {
    concept: 'warp-synchronous',
    name: 'the last warp of a reduction relies on lock-step and volatile shared memory',
    answers: { ...warpShared, current: ['warp-synchronous'], lanes: 'all' },
    recommendation: 'syncwarp',
    scope: 'warp',
    hazards: ['implicit-warp-synchronous'],
    check: (a) => {
      expect(a.mask?.value).toBe('0xffffffff');
      expect(a.hazards[0]?.fix).toMatch(/__syncwarp\(\) between the read and the write/);
      expect(a.hazards[0]?.snippet?.id).toBe('warp-reduce-syncwarp');
    },
  },
  {
    concept: 'warp-synchronous',
    name: 'no hazard: the warp-synchronous reduction with __syncwarp() added between the steps',
    answers: { ...warpShared, current: ['warp-synchronous', 'syncwarp'], lanes: 'all' },
    recommendation: 'syncwarp',
    scope: 'warp',
    hazards: [],
  },
  {
    concept: 'warp-synchronous',
    name: 'a half-warp tail of a reduction in lock-step: not mistaken for a volatile flag',
    answers: { ...warpShared, current: ['warp-synchronous'], lanes: 'lanes-0-15' },
    recommendation: 'syncwarp',
    scope: 'warp',
    hazards: ['implicit-warp-synchronous'],
    check: (a) => {
      expect(a.mask?.value).toBe('0x0000ffff');
      expect(a.hazards.map((h) => h.id)).not.toContain('volatile-sync');
    },
  },
  // ---- not possible as described
  {
    concept: 'not-possible',
    name: 'shared memory read by other blocks after __syncthreads',
    answers: {
      ...phases,
      current: ['syncthreads'],
      storage: 'shared',
      state: 'no',
      launch: 'normal',
      'grid-fits': 'fits',
    },
    recommendation: null,
    scope: null,
    hazards: ['block-barrier-across-blocks'],
    check: (a) => {
      expect(a.outcome).toBe('not-possible');
      expect(a.options.map((o) => [o.id, o.snippet.id])).toEqual([
        ['cluster-sync', 'cluster-dsmem'],
        ['grid-sync', 'grid-sync-cooperative'],
        ['kernel-boundary', 'kernel-boundary-two-kernels'],
      ]);
      expect(a.options[0]?.when).toMatch(/one thread-block cluster/);
      expect(a.rationale).not.toMatch(/only global memory has to survive/);
    },
  },
  {
    concept: 'not-possible',
    name: 'distributed shared memory read by a block outside the cluster',
    answers: {
      ...V2,
      where: 'other-blocks',
      storage: 'distributed-shared',
      'grid-pattern': 'one-block-waits',
      'all-reach': 'yes',
      current: ['new-code'],
      'cluster-launch': 'no',
      launch: 'normal',
      'grid-fits': 'fits',
    },
    recommendation: null,
    scope: null,
    hazards: [],
    check: (a) => expect(a.alternatives).toEqual([]),
  },
  {
    concept: 'not-possible',
    name: "the last block reads the other blocks' shared memory",
    answers: { ...lastBlock, storage: 'shared', current: ['new-code'] },
    recommendation: null,
    scope: null,
    hazards: [],
  },
  {
    concept: 'not-possible',
    name: 'keeping a tile in shared memory for other blocks across a phase',
    answers: {
      ...phases,
      current: ['new-code'],
      storage: 'shared',
      state: 'yes',
      launch: 'normal',
      'grid-fits': 'fits',
    },
    recommendation: null,
    scope: null,
    hazards: [],
  },
  {
    concept: 'not-possible',
    name: 'no hazard, and possible: distributed shared memory inside one cluster',
    answers: {
      ...V2,
      where: 'same-cluster',
      storage: 'distributed-shared',
      'all-reach': 'yes',
      current: ['cluster-sync'],
    },
    recommendation: 'cluster-sync',
    scope: 'cluster',
    hazards: [],
  },
  // ---- clusters with a cooperative launch
  {
    concept: 'clusters',
    name: 'no hazard: grid.sync with clusters, grid counted in blocks of whole clusters',
    answers: { ...clusterPhases, 'grid-count': 'cluster-blocks' },
    recommendation: 'grid-sync',
    scope: 'device',
    hazards: [],
    check: (a) => {
      expect(a.launch?.cooperative).toBe(true);
      expect(a.launch?.api).toBe(
        'cudaLaunchKernelEx with cudaLaunchAttributeCooperative and cudaLaunchAttributeClusterDimension',
      );
      expect(a.launch?.gridLimit).toMatch(/cudaOccupancyMaxActiveClusters/);
      expect(a.snippet?.id).toBe('cluster-cooperative-launch');
    },
  },
  {
    concept: 'clusters',
    name: 'gridDim compared with cudaOccupancyMaxActiveClusters itself',
    answers: { ...clusterPhases, 'grid-count': 'clusters-as-blocks' },
    recommendation: 'grid-sync',
    scope: 'device',
    hazards: ['cluster-grid-count'],
  },
  {
    concept: 'clusters',
    name: 'the co-resident limit taken from blocks per SM, ignoring the clusters',
    answers: { ...clusterPhases, 'grid-count': 'per-sm-blocks' },
    recommendation: 'grid-sync',
    scope: 'device',
    hazards: ['cluster-grid-count'],
  },
  {
    concept: 'clusters',
    name: 'a cluster grid never compared with the limit',
    answers: { ...clusterPhases, 'grid-count': 'not-compared' },
    recommendation: 'grid-sync',
    scope: 'device',
    hazards: ['coresidency-unknown'],
  },
  {
    concept: 'clusters',
    name: 'one block waits for another in a cooperative cluster launch',
    answers: {
      ...coopWaits,
      current: ['spin-flag'],
      'cluster-launch': 'yes',
      'grid-count': 'cluster-blocks',
      'flag-order': 'release-acquire',
      'payload-read': 'after-flag',
    },
    recommendation: 'release-acquire',
    scope: 'device',
    atomicScope: 'device',
    hazards: [],
    check: (a) => expect(a.launch?.api).toMatch(/cudaLaunchKernelEx/),
  },
  {
    concept: 'clusters',
    name: '"I do not know" whether the cooperative grid fits now raises a hazard',
    answers: {
      ...phases,
      current: ['new-code'],
      state: 'yes',
      launch: 'cooperative',
      'grid-fits': 'unknown',
    },
    recommendation: 'grid-sync',
    scope: 'device',
    hazards: ['coresidency-unknown'],
    check: (a) => expect(a.launch?.api).toBeUndefined(),
  },
  {
    concept: 'clusters',
    name: 'grid.sync with <<<>>> and an unknown grid size',
    answers: { ...phases, current: ['grid-sync-normal'], state: 'yes', 'grid-fits': 'unknown' },
    recommendation: 'grid-sync',
    scope: 'device',
    hazards: ['grid-sync-no-coop', 'coresidency-unknown'],
  },
  // ---- smaller mistakes: a grid beyond the co-resident limit per launch kind
  {
    concept: 'smaller-mistakes',
    name: 'grid.sync with <<<>>> beyond the co-resident limit hangs, it does not fail to launch',
    answers: { ...phases, current: ['grid-sync-normal'], state: 'yes', 'grid-fits': 'exceeds' },
    recommendation: 'grid-sync',
    scope: 'device',
    hazards: ['grid-sync-no-coop', 'grid-exceeds-normal-launch'],
    check: (a) => {
      const text = a.hazards.map((h) => h.explanation).join(' ');
      expect(text).toMatch(/does not fail/);
      expect(text).toMatch(/hangs/);
    },
  },
  {
    concept: 'smaller-mistakes',
    name: 'a cooperative launch beyond the co-resident limit is refused',
    answers: {
      ...phases,
      current: ['new-code'],
      state: 'yes',
      launch: 'cooperative',
      'grid-fits': 'exceeds',
    },
    recommendation: 'grid-sync',
    scope: 'device',
    hazards: ['grid-exceeds-coresident'],
    check: (a) => expect(a.hazards[0]?.explanation).toMatch(/cudaErrorCooperativeLaunchTooLarge/),
  },
  {
    concept: 'smaller-mistakes',
    name: 'planning grid.sync, launched with <<<>>> today, more blocks than fit',
    answers: { ...phases, current: ['new-code'], state: 'yes', launch: 'normal', 'grid-fits': 'exceeds' },
    recommendation: 'grid-sync',
    scope: 'device',
    hazards: ['grid-exceeds-normal-launch'],
  },
  {
    concept: 'smaller-mistakes',
    name: 'a spin under <<<>>> with an unknown grid size: one hazard, the spin, not also co-residency',
    answers: {
      ...coopWaits,
      current: ['spin-flag'],
      launch: 'normal',
      'grid-fits': 'unknown',
      'flag-order': 'release-acquire',
      'payload-read': 'after-flag',
    },
    recommendation: 'kernel-boundary',
    scope: 'stream',
    hazards: ['spin-non-resident'],
  },
];

describe('situations of table version 2', () => {
  it('has at least 40, at least 2 per concept and at least 5 that raise no hazard', () => {
    expect(situations.length).toBeGreaterThanOrEqual(40);
    const perConcept = new Map<Concept, number>();
    for (const s of situations) perConcept.set(s.concept, (perConcept.get(s.concept) ?? 0) + 1);
    expect(perConcept.size).toBe(7);
    for (const [concept, n] of perConcept) expect(n, concept).toBeGreaterThanOrEqual(2);
    expect(situations.filter((s) => s.hazards.length === 0).length).toBeGreaterThanOrEqual(5);
  });

  it.each(situations.map((s) => [`${s.concept}: ${s.name}`, s] as const))('%s', (_name, s) => {
    const a = advise(table, s.answers);
    expect(a.outcome).toBe(s.recommendation === null ? 'not-possible' : 'recommendation');
    expect(a.recommendation).toBe(s.recommendation);
    expect(a.scope).toBe(s.scope);
    expect(a.hazards.map((h) => h.id).sort()).toEqual([...s.hazards].sort());
    if (s.atomicScope) expect(a.atomicScope).toBe(s.atomicScope);
    expect(a.migrated).toEqual([]);
    expect(a.hazards.every((h) => h.snippet.code.length > 0)).toBe(true);
    s.check?.(a);
  });
});

describe('answers of table version 1', () => {
  it('are migrated: an atomic flag of version 1 gets "unknown" ordering and the hazard that says what to check', () => {
    const v1 = {
      where: 'other-blocks',
      current: ['atomic-device'],
      storage: 'global',
      'grid-pattern': 'last-block',
      'all-reach': 'yes',
    };
    const a = advise(table, v1);
    expect(a.migrated).toEqual([
      'flag-order: "unknown" (version 1 did not ask how the flag is ordered (it took every atomic flag for a release/acquire pair))',
      'payload-read: "after-flag" (version 1 assumed the data is read with ordinary loads after the flag)',
    ]);
    expect(a.recommendation).toBe('release-acquire');
    expect(a.hazards.map((h) => h.id)).toEqual(['unchecked-flag-order']);
    expect(advise(table, { ...v1, $tableVersion: 1 })).toEqual(a);
  });

  it('keep the advice of version 1 where version 1 assumed what it did not ask (a shuffle file of docs/examples)', () => {
    const {
      $tableVersion: _version,
      width: _width,
      'src-lane': _srcLane,
      ...v1
    } = example('shfl-full-mask-half-warp') as Record<string, unknown>;
    const a = advise(table, v1);
    expect(a.migrated.map((m) => m.split(':')[0])).toEqual(['width', 'src-lane']);
    expect(a.recommendation).toBe('warp-collective');
    expect(a.mask?.value).toBe('0x0000ffff');
    expect(a.hazards.map((h) => h.id)).toEqual(['mask-mismatch']);
  });

  it('fill a question that an earlier fill makes asked (cluster-launch), and only asked ones', () => {
    const a = advise(table, {
      where: 'other-blocks',
      current: ['grid-sync-coop'],
      storage: 'global',
      'grid-pattern': 'all-blocks-phase',
      'all-reach': 'yes',
      state: 'yes',
      'grid-fits': 'fits',
    });
    expect(a.migrated).toEqual([
      'cluster-launch: "no" (version 1 assumed a launch without thread-block clusters)',
    ]);
    expect(a.hazards).toEqual([]);
  });

  it('are not migrated when they name version 2: a missing new question is an error', () => {
    expect(() =>
      advise(table, {
        ...V2,
        where: 'same-warp',
        current: ['shfl-full-mask'],
        storage: 'registers',
        lanes: 'all',
        'all-reach': 'yes',
      }),
    ).toThrow(/incomplete answers:\n {2}- width: .*needs an answer/);
  });

  it('reject a table version the engine does not know, naming the known ones', () => {
    for (const version of [3, 0, '2', 1.5]) {
      let error: unknown;
      try {
        advise(table, {
          $tableVersion: version,
          where: 'same-thread',
          current: ['new-code'],
          storage: 'registers',
        });
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(DecideError);
      expect((error as DecideError).kind).toBe('answers');
      expect((error as DecideError).issues[0]).toMatch(
        /^\$tableVersion: .* is not a table version \(known: 1, 2\)$/,
      );
    }
  });
});
