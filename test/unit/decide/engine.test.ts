import { describe, expect, it } from 'vitest';

import { advise } from '../../../electron/model/decide/engine';
import type {
  Advice,
  Answers,
  AtomicScope,
  HazardId,
  RecommendationId,
  Scope,
} from '../../../electron/model/decide/types';
import { example, table } from './load';

interface Case {
  name: string;
  /** Inline answers, or the name of an example file of docs/examples/advise. */
  answers: Answers | string;
  /** null: the outcome is not-possible. */
  recommendation: RecommendationId | null;
  hazards: HazardId[];
  scope?: Scope;
  mask?: string | null;
  atomicScope?: AtomicScope;
  cooperative?: boolean;
  alternatives?: RecommendationId[];
  rationale?: RegExp;
  check?: (advice: Advice) => void;
}

const run = (c: Case) => advise(table, typeof c.answers === 'string' ? example(c.answers) : c.answers);

/** The cases the engine must answer (the questions of docs/decision-engine.md), one example file each. */
const issueCases: Case[] = [
  {
    name: 'grid.sync in a kernel launched with <<<>>> (state must survive): cooperative grid-sync',
    answers: 'grid-sync-normal-launch',
    recommendation: 'grid-sync',
    hazards: ['grid-sync-no-coop'],
    scope: 'device',
    cooperative: true,
    alternatives: ['kernel-boundary'],
  },
  {
    name: 'grid.sync with <<<>>> and nothing to keep on chip: kernel-boundary',
    answers: {
      where: 'other-blocks',
      current: ['grid-sync-normal'],
      storage: 'global',
      'grid-pattern': 'all-blocks-phase',
      'all-reach': 'yes',
      state: 'no',
      'grid-fits': 'fits',
    },
    recommendation: 'kernel-boundary',
    hazards: ['grid-sync-no-coop'],
    alternatives: ['grid-sync'],
  },
  {
    name: 'last block spins on a flag from block 0, normal launch, more blocks than fit: never syncthreads',
    answers: 'spin-on-flag-from-block-0',
    recommendation: 'kernel-boundary',
    hazards: ['spin-non-resident'],
    scope: 'stream',
    alternatives: ['grid-sync', 'release-acquire'],
  },
  {
    name: 'data-dependent trip counts around grid.sync',
    answers: 'data-dependent-grid-syncs',
    recommendation: 'grid-sync',
    hazards: ['unequal-grid-syncs'],
  },
  {
    name: 'counter updated from several blocks with a block-scope atomic: device scope',
    answers: 'counter-block-scope-atomic',
    recommendation: 'release-acquire',
    hazards: ['scope-too-narrow'],
    scope: 'device',
    atomicScope: 'device',
  },
  {
    name: 'early return before __syncthreads: keep the barrier unconditional',
    answers: 'early-return-syncthreads',
    recommendation: 'syncthreads',
    hazards: ['divergent-barrier'],
    scope: 'block',
    check: (a) =>
      expect(a.hazards[0]?.fix).toContain('Keep the barrier unconditional and guard only the work'),
  },
  {
    name: '__shfl_sync(0xffffffff) inside if (lane < 16): mask 0x0000ffff',
    answers: 'shfl-full-mask-half-warp',
    recommendation: 'warp-collective',
    hazards: ['mask-mismatch'],
    scope: 'warp',
    mask: '0x0000ffff',
    rationale: /__shfl_sync with the mask 0x0000ffff and a source lane inside it/,
  },
  {
    name: 'host reads a cudaMemcpyAsync destination at once: stream-sync before the read',
    answers: 'host-reads-async-copy',
    recommendation: 'stream-sync',
    hazards: ['host-read-before-completion'],
    scope: 'stream',
    alternatives: ['event-sync', 'device-sync'],
  },
  {
    name: 'a library waits for its own stream with cudaDeviceSynchronize',
    answers: 'library-device-sync',
    recommendation: 'stream-sync',
    hazards: ['device-wide-sync'],
  },
  {
    name: 'warps of one block hand a shared-memory tile to each other',
    answers: 'warps-share-tile',
    recommendation: 'syncthreads',
    hazards: [],
    scope: 'block',
  },
  {
    name: 'two phases over all blocks keeping shared-memory state: cooperative grid-sync at the co-resident limit',
    answers: 'phases-keep-shared-state',
    recommendation: 'grid-sync',
    hazards: [],
    cooperative: true,
    check: (a) =>
      expect(a.launch?.gridLimit).toMatch(/cudaOccupancyMaxActiveBlocksPerMultiprocessor.* x SM count/),
  },
  {
    name: 'two phases over all blocks, global memory only: kernel-boundary, the phases figure quoted',
    answers: 'phases-global-only',
    recommendation: 'kernel-boundary',
    hazards: [],
    alternatives: ['grid-sync'],
    check: (a) =>
      expect(a.alternatives[0]?.why).toMatch(
        /two kernels \(time ratio\): the chapter’s RTX 5090 measured about 1 \(this product’s figure: run mode phases\)/,
      ),
  },
];

const base = { current: ['new-code'], storage: 'global' };
const warp = { ...base, where: 'same-warp', storage: 'shared', lanes: 'all', 'all-reach': 'yes' };
const block = {
  ...base,
  where: 'same-block',
  storage: 'shared',
  'block-pattern': 'phase-boundary',
  'all-reach': 'yes',
};
const cluster = { ...base, where: 'same-cluster', storage: 'distributed-shared', 'all-reach': 'yes' };
const phases = {
  ...base,
  where: 'other-blocks',
  'grid-pattern': 'all-blocks-phase',
  'all-reach': 'yes',
  state: 'no',
  launch: 'normal',
  'grid-fits': 'unknown',
};
const waits = { ...base, where: 'other-blocks', 'grid-pattern': 'one-block-waits', 'all-reach': 'yes' };
const host = {
  ...base,
  where: 'host',
  storage: 'host-pinned',
  'while-running': 'no',
  'host-action': 'read-result',
  'queue-after': 'no',
};
const hostRead = host;
const hostInput = { ...base, where: 'host', 'while-running': 'no', 'host-action': 'provide-input' };

const ownCases: Case[] = [
  {
    name: 'same thread: none',
    answers: { ...base, where: 'same-thread' },
    recommendation: 'none',
    hazards: [],
    scope: 'thread',
  },
  {
    name: 'same thread with a barrier today: still none, no hazard',
    answers: { ...base, where: 'same-thread', current: ['syncthreads'] },
    recommendation: 'none',
    hazards: [],
  },
  {
    name: 'lanes of a warp through shared memory: syncwarp with the full mask',
    answers: { ...warp, current: ['syncwarp'] },
    recommendation: 'syncwarp',
    hazards: [],
    scope: 'warp',
    mask: '0xffffffff',
    alternatives: ['syncthreads', 'warp-collective'],
  },
  {
    name: '__syncwarp() (full mask) inside if (lane >= 16): mask 0xffff0000',
    answers: { ...warp, current: ['syncwarp'], lanes: 'lanes-16-31' },
    recommendation: 'syncwarp',
    hazards: ['mask-mismatch'],
    mask: '0xffff0000',
  },
  {
    name: 'lanes 0..7 through shared memory: mask 0x000000ff',
    answers: { ...warp, lanes: 'lanes-0-7' },
    recommendation: 'syncwarp',
    hazards: [],
    mask: '0x000000ff',
  },
  {
    name: 'even lanes exchange registers: mask 0x55555555',
    answers: { ...warp, storage: 'registers', lanes: 'even' },
    recommendation: 'warp-collective',
    hazards: [],
    mask: '0x55555555',
  },
  {
    name: 'data-dependent lanes: mask from __ballot_sync before the branch',
    answers: { ...warp, storage: 'registers', lanes: 'data-dependent' },
    recommendation: 'warp-collective',
    hazards: [],
    mask: null,
    check: (a) => expect(a.mask?.expression).toMatch(/^__ballot_sync\(0xffffffff, cond\)/),
  },
  {
    name: '__activemask() as the mask',
    answers: { ...warp, storage: 'registers', current: ['activemask'] },
    recommendation: 'warp-collective',
    hazards: ['activemask-participants'],
  },
  {
    name: 'a full-mask shuffle used to order shared memory',
    answers: { ...warp, current: ['shfl-full-mask'] },
    recommendation: 'syncwarp',
    hazards: ['collective-not-memory-order'],
  },
  {
    name: 'all lanes said to take part but some return early',
    answers: { ...warp, current: ['syncwarp'], 'all-reach': 'early-return' },
    recommendation: 'syncwarp',
    hazards: ['mask-mismatch'],
  },
  {
    name: 'lanes loop a data-dependent number of times around __syncwarp',
    answers: { ...warp, current: ['syncwarp'], 'all-reach': 'varying-trip-count' },
    recommendation: 'syncwarp',
    hazards: ['divergent-barrier'],
  },
  {
    name: '__syncthreads inside if (lane < 16) of a warp exchange',
    answers: { ...warp, current: ['syncthreads'], lanes: 'lanes-0-15' },
    recommendation: 'syncwarp',
    hazards: ['divergent-barrier'],
    mask: '0x0000ffff',
  },
  {
    name: 'misconception 2: __syncwarp for a block-wide shared-memory hand-off',
    answers: { ...block, current: ['syncwarp'] },
    recommendation: 'syncthreads',
    hazards: ['warp-sync-for-block'],
    check: (a) =>
      expect(a.sources).toContainEqual({ rule: 'hz-warp-for-block', source: 'chapter §8 misconception 2' }),
  },
  {
    name: 'producer warps hand data to consumer warps: named barrier',
    answers: { ...block, 'block-pattern': 'warp-subset' },
    recommendation: 'named-barrier',
    hazards: [],
    scope: 'block',
    alternatives: ['syncthreads', 'cuda-barrier'],
  },
  {
    name: 'pipeline of async copies: cuda::barrier',
    answers: { ...block, 'block-pattern': 'async-copy' },
    recommendation: 'cuda-barrier',
    hazards: [],
    check: (a) => expect(a.sources[0]?.source).toBe('chapter §4 row 5'),
  },
  {
    name: '__syncthreads inside a branch part of the block skips',
    answers: { ...block, current: ['syncthreads'], 'all-reach': 'inside-branch' },
    recommendation: 'syncthreads',
    hazards: ['divergent-barrier'],
  },
  {
    name: 'a register value read by other warps',
    answers: { ...block, storage: 'registers' },
    recommendation: 'syncthreads',
    hazards: ['storage-not-reachable'],
  },
  {
    name: 'no synchronization between warps today',
    answers: { ...block, current: ['nothing'] },
    recommendation: 'syncthreads',
    hazards: ['missing-edge'],
  },
  {
    name: 'host wait used to order blocks of a cluster inside a kernel',
    answers: { ...cluster, current: ['device-sync'] },
    recommendation: 'cluster-sync',
    hazards: ['host-sync-in-kernel'],
    scope: 'cluster',
  },
  {
    name: 'volatile flag between warps',
    answers: { ...block, current: ['volatile-flag'] },
    recommendation: 'syncthreads',
    hazards: ['volatile-sync'],
  },
  {
    name: 'blocks of a cluster through distributed shared memory: cluster-sync with cluster dims',
    answers: cluster,
    recommendation: 'cluster-sync',
    hazards: [],
    scope: 'cluster',
    check: (a) => {
      expect(a.launch?.clusterDims).toMatch(/8 blocks portable, 16/);
      expect(a.launch?.minComputeCapability).toBe('9.0');
    },
  },
  {
    name: '__syncthreads used to order blocks of a cluster',
    answers: { ...cluster, current: ['syncthreads'] },
    recommendation: 'cluster-sync',
    hazards: ['block-barrier-across-blocks'],
  },
  {
    name: 'cluster barrier after an early return',
    answers: { ...cluster, current: ['cluster-sync'], 'all-reach': 'early-return' },
    recommendation: 'cluster-sync',
    hazards: ['divergent-barrier'],
  },
  {
    name: '__syncthreads used to order other blocks of the grid',
    answers: { ...phases, current: ['syncthreads'] },
    recommendation: 'kernel-boundary',
    hazards: ['block-barrier-across-blocks'],
  },
  {
    name: '__syncthreads together with grid.sync is not flagged as crossing blocks',
    answers: { ...phases, current: ['syncthreads', 'grid-sync-coop'], state: 'yes', 'grid-fits': 'fits' },
    recommendation: 'grid-sync',
    hazards: [],
  },
  {
    name: 'a block waits for another under a cooperative launch that fits: device-scope release/acquire',
    answers: {
      ...waits,
      current: ['spin-flag'],
      launch: 'cooperative',
      'grid-fits': 'fits',
      'flag-order': 'release-acquire',
    },
    recommendation: 'release-acquire',
    hazards: [],
    atomicScope: 'device',
    cooperative: true,
    alternatives: ['grid-sync', 'kernel-boundary'],
  },
  {
    name: 'volatile spin under a cooperative launch of unknown size',
    answers: { ...waits, current: ['volatile-flag'], launch: 'cooperative', 'grid-fits': 'unknown' },
    recommendation: 'kernel-boundary',
    hazards: ['spin-non-resident', 'volatile-sync', 'coresidency-unknown'],
  },
  {
    name: 'several current mechanisms: spin on a volatile flag with a normal launch',
    answers: {
      ...waits,
      current: ['spin-flag', 'volatile-flag'],
      launch: 'normal',
      'grid-fits': 'fits',
      'flag-order': 'release-acquire',
    },
    recommendation: 'kernel-boundary',
    hazards: ['spin-non-resident', 'volatile-sync'],
  },
  {
    name: 'last block combines results, published with a fence and a plain flag',
    answers: {
      ...base,
      where: 'other-blocks',
      'grid-pattern': 'last-block',
      'all-reach': 'yes',
      current: ['fence-plain-flag'],
    },
    recommendation: 'release-acquire',
    hazards: ['plain-flag-after-fence'],
    atomicScope: 'device',
    alternatives: ['kernel-boundary'],
  },
  {
    name: 'a fence alone expected to make the consumer wait',
    answers: { ...waits, current: ['fence-only'], launch: 'normal', 'grid-fits': 'fits' },
    recommendation: 'kernel-boundary',
    hazards: ['fence-not-wait'],
  },
  {
    name: 'misconception 3: cooperative grid sized beyond the co-resident limit',
    answers: { ...phases, current: ['grid-sync-coop'], state: 'yes', 'grid-fits': 'exceeds' },
    recommendation: 'grid-sync',
    hazards: ['grid-exceeds-coresident'],
  },
  {
    name: 'planning grid.sync with a grid larger than the co-resident limit, launched with <<<>>> today',
    answers: { ...phases, state: 'yes', 'grid-fits': 'exceeds' },
    recommendation: 'grid-sync',
    hazards: ['grid-exceeds-normal-launch'],
    check: (a) => expect(a.hazards[0]?.explanation).not.toMatch(/cudaErrorCooperativeLaunchTooLarge\./),
  },
  {
    name: 'misconceptions 4 and 5: grid.sync for speed, timed under ncu',
    answers: { ...phases, goal: 'faster-phases', timing: 'profiler-attached' },
    recommendation: 'kernel-boundary',
    hazards: ['grid-sync-for-speed', 'profiler-timing'],
  },
  {
    name: 'a counter in shared memory updated by other blocks: not possible as described',
    answers: {
      ...base,
      where: 'other-blocks',
      storage: 'shared',
      'grid-pattern': 'shared-counter',
      'all-reach': 'yes',
    },
    recommendation: null,
    hazards: [],
    check: (a) => expect(a.outcome).toBe('not-possible'),
  },
  {
    name: 'a device-scope counter is fine',
    answers: {
      ...base,
      where: 'other-blocks',
      current: ['atomic-device'],
      'grid-pattern': 'shared-counter',
      'all-reach': 'yes',
    },
    recommendation: 'release-acquire',
    hazards: [],
  },
  {
    name: 'a later kernel in the same stream: the kernel boundary is the edge',
    answers: { ...base, where: 'later-kernel' },
    recommendation: 'kernel-boundary',
    hazards: [],
    scope: 'stream',
  },
  {
    name: 'shared memory expected to survive into the next kernel',
    answers: { ...base, where: 'later-kernel', storage: 'shared' },
    recommendation: 'kernel-boundary',
    hazards: ['state-lost-at-boundary'],
  },
  {
    name: 'cudaStreamSynchronize between two kernels of one stream',
    answers: { ...base, where: 'later-kernel', current: ['stream-sync'] },
    recommendation: 'kernel-boundary',
    hazards: ['host-round-trip'],
  },
  {
    name: 'another stream with no edge',
    answers: { ...base, where: 'other-stream', current: ['nothing'] },
    recommendation: 'stream-wait-event',
    hazards: ['missing-edge'],
    scope: 'stream',
  },
  {
    name: 'cudaDeviceSynchronize between two streams',
    answers: { ...base, where: 'other-stream', current: ['device-sync'] },
    recommendation: 'stream-wait-event',
    hazards: ['device-wide-sync', 'host-round-trip'],
  },
  {
    name: 'host reads while later work is queued: event-sync',
    answers: { ...host, 'queue-after': 'yes' },
    recommendation: 'event-sync',
    hazards: [],
    alternatives: ['stream-sync', 'device-sync'],
  },
  {
    name: 'host needs all work before teardown: device-sync is right there',
    answers: { ...host, current: ['device-sync'], 'host-action': 'all-work' },
    recommendation: 'device-sync',
    hazards: [],
    scope: 'device',
  },
  {
    name: 'host overwrites the source of an async copy at once',
    answers: { ...host, current: ['read-after-async-copy'], 'host-action': 'reuse-source' },
    recommendation: 'stream-sync',
    hazards: ['host-reuse-before-completion'],
  },
  {
    name: 'host writes input, then launches the kernel: the launch in stream order is the edge',
    answers: { ...host, 'host-action': 'provide-input' },
    recommendation: 'kernel-boundary',
    hazards: [],
    scope: 'host',
  },
  {
    name: 'host and a running kernel exchange a flag with device-scope atomics',
    answers: {
      ...base,
      where: 'host',
      storage: 'host-pinned',
      'while-running': 'yes',
      current: ['atomic-device'],
      'flag-order': 'release-acquire',
      'payload-read': 'after-flag',
    },
    recommendation: 'release-acquire',
    hazards: ['scope-too-narrow'],
    scope: 'system',
    atomicScope: 'system',
  },
  {
    name: 'a running kernel polls pageable host memory',
    answers: { ...base, where: 'host', storage: 'host-pageable', 'while-running': 'yes' },
    recommendation: 'release-acquire',
    hazards: ['storage-not-reachable'],
  },
  {
    name: 'another GPU after the producer finishes: stream-wait-event across devices',
    answers: { ...base, where: 'other-device', storage: 'peer', 'while-running': 'no' },
    recommendation: 'stream-wait-event',
    hazards: [],
  },
  {
    name: 'another GPU while the kernel runs: system scope',
    answers: {
      ...base,
      where: 'other-device',
      storage: 'peer',
      'while-running': 'yes',
      current: ['atomic-system'],
      'flag-order': 'release-acquire',
      'payload-read': 'after-flag',
    },
    recommendation: 'release-acquire',
    hazards: [],
    atomicScope: 'system',
  },
  {
    name: 'chapter §4 row 6: removing a needed block barrier to save time',
    answers: { ...block, current: ['nothing'], goal: 'fewer-syncs', timing: 'event-median' },
    recommendation: 'syncthreads',
    hazards: ['missing-edge'],
    rationale: /deleting a needed __syncthreads is a correctness bug/,
    check: (a) => expect(a.sources.map((s) => s.source)).toContain('chapter §4 row 6'),
  },
  {
    name: 'host input in pageable memory, copied before the launch (host-access defaults to copy): the launch order',
    answers: { ...hostInput, storage: 'host-pageable' },
    recommendation: 'kernel-boundary',
    hazards: [],
    check: (a) =>
      expect(a.answers.find((u) => u.question === 'host-access')).toMatchObject({
        answers: [{ id: 'copy' }],
        defaulted: true,
      }),
  },
  {
    name: 'a kernel reads host input in pageable memory itself: not reachable, copy it before the launch',
    answers: { ...hostInput, storage: 'host-pageable', 'host-access': 'kernel' },
    recommendation: 'kernel-boundary',
    hazards: ['storage-not-reachable'],
    scope: 'stream',
    alternatives: ['none', 'stream-sync'],
    rationale: /cudaMemcpyAsync\(d_in, h_in, bytes, cudaMemcpyHostToDevice, stream\)/,
    check: (a) =>
      expect(a.sources[0]).toEqual({ rule: 'rec-host-input-pageable', source: expect.any(String) }),
  },
  {
    name: 'a kernel reads host input in pinned memory itself: launched after the write, the memory mapped',
    answers: { ...hostInput, storage: 'host-pinned', 'host-access': 'kernel' },
    recommendation: 'kernel-boundary',
    hazards: [],
    rationale: /cudaHostAllocMapped.*cudaHostGetDevicePointer/,
  },
  {
    name: 'a kernel writes its result into pageable host memory itself: not reachable; the host still waits',
    answers: { ...hostRead, storage: 'host-pageable', 'host-access': 'kernel' },
    recommendation: 'stream-sync',
    hazards: ['storage-not-reachable'],
    alternatives: ['event-sync', 'device-sync'],
  },
  {
    name: 'a kernel writes its result into mapped pinned memory: wait for the stream, memory must be mapped',
    answers: { ...hostRead, storage: 'host-pinned', 'host-access': 'kernel' },
    recommendation: 'stream-sync',
    hazards: [],
    rationale: /cudaHostRegisterMapped/,
  },
  {
    name: 'the host reads a result copied into pinned memory: wait for the stream, no mapping note',
    answers: { ...hostRead, storage: 'host-pinned' },
    recommendation: 'stream-sync',
    hazards: [],
    check: (a) => expect(a.rationale).not.toMatch(/mapped/),
  },
];

describe('advise: the cases of the first table', () => {
  it.each(issueCases.map((c) => [c.name, c] as const))('%s', (_name, c) => expectCase(c));
});

describe('advise: more cases', () => {
  it('has at least 30 of them', () => expect(ownCases.length).toBeGreaterThanOrEqual(30));
  it.each(ownCases.map((c) => [c.name, c] as const))('%s', (_name, c) => expectCase(c));
});

function expectCase(c: Case): void {
  const advice = run(c);
  expect(advice.recommendation).toBe(c.recommendation);
  expect(advice.hazards.map((h) => h.id).sort()).toEqual([...c.hazards].sort());
  if (c.scope) expect(advice.scope).toBe(c.scope);
  if (c.mask !== undefined) expect(advice.mask?.value).toBe(c.mask);
  if (c.atomicScope) expect(advice.atomicScope).toBe(c.atomicScope);
  if (c.cooperative) expect(advice.launch?.cooperative).toBe(true);
  if (c.alternatives) expect(advice.alternatives.map((a) => a.id)).toEqual(c.alternatives);
  if (c.rationale) expect(advice.rationale).toMatch(c.rationale);
  c.check?.(advice);
}

describe('advise: texts that fit the host-to-GPU edge', () => {
  // The rules that recommend a kernel boundary for host input replace its title and its paragraph about two
  // phases of GPU work (grid.sync, the phases mode), which say nothing about a host's input.
  it.each([
    ['pinned, copied', { ...hostInput, storage: 'host-pinned' }, /buffer’s lifetime/],
    [
      'pinned, read by the kernel',
      { ...hostInput, storage: 'host-pinned', 'host-access': 'kernel' },
      /lifetime/,
    ],
    [
      'pageable, read by the kernel',
      { ...hostInput, storage: 'host-pageable', 'host-access': 'kernel' },
      /copy and the launch in one stream/,
    ],
  ])('%s', (_name, answers, fitting) => {
    const a = advise(table, answers);
    expect(a.recommendation).toBe('kernel-boundary');
    expect(a.title).toMatch(/^stream order: /);
    expect(a.rationale).toMatch(fitting);
    expect(a.rationale).not.toMatch(/phases mode|grid\.sync|next phase/);
  });

  it("keeps the kernel boundary's own texts for a later kernel in the same stream", () => {
    const a = advise(table, { ...base, where: 'later-kernel' });
    expect(a.recommendation).toBe('kernel-boundary');
    expect(a.title).toMatch(/^a kernel boundary/);
    expect(a.rationale).toMatch(/next kernel in the same stream/);
  });
});

describe('advise: a cooperative launch of clusters', () => {
  it('says to launch with cudaLaunchKernelEx and both attributes, never cudaLaunchCooperativeKernel', () => {
    const a = advise(table, example('cluster-grid-sync-counted-in-clusters'));
    expect(a.recommendation).toBe('grid-sync');
    expect(a.launch?.api).toBe(
      'cudaLaunchKernelEx with cudaLaunchAttributeCooperative and cudaLaunchAttributeClusterDimension',
    );
    expect(a.rationale).toContain(
      'Launch with cudaLaunchKernelEx, its cudaLaunchConfig_t carrying two attributes: ' +
        'cudaLaunchAttributeCooperative (value 1) and cudaLaunchAttributeClusterDimension',
    );
    expect(a.rationale).not.toContain('cudaLaunchCooperativeKernel');
    expect(a.rationale).toContain('cudaOccupancyMaxActiveClusters');
  });
});

describe('advise: the shape of the result', () => {
  it('never recommends syncthreads for the spinning-block case, whatever the launch', () => {
    for (const launch of ['normal', 'cooperative']) {
      for (const fits of ['fits', 'exceeds', 'unknown']) {
        const a = advise(table, { ...waits, current: ['spin-flag'], launch, 'grid-fits': fits });
        expect(a.recommendation).not.toBe('syncthreads');
        expect(['kernel-boundary', 'release-acquire']).toContain(a.recommendation);
      }
    }
  });

  it('fills every template and gives every hazard a fix', () => {
    const a = advise(table, example('shfl-full-mask-half-warp'));
    expect(a.title).toBe(
      'a *_sync warp collective (__shfl_sync, __ballot_sync, __match_any_sync) with mask 0x0000ffff',
    );
    expect(a.rationale).not.toMatch(/\{\w+\}/);
    expect(a.hazards.every((h) => h.fix.length > 0)).toBe(true);
  });

  it('carries the measurement of the recommendation and of each alternative', () => {
    const a = advise(table, example('counter-block-scope-atomic'));
    expect(a.measurement).toEqual({
      mode: 'handoff',
      workload: 'handoff_blocks',
      param: 1,
      unit: 'one flag round trip between two blocks (release/acquire)',
    });
    expect(a.alternatives[0]?.measurement?.workload).toBe('boundary_launches');
    const warpCollective = advise(table, example('shfl-full-mask-half-warp'));
    expect(warpCollective.measurement).toBeNull();
    expect(warpCollective.unmeasured).toMatch(/No workload times a shuffle/);
  });

  it('lists the rules that fired with their sources', () => {
    const a = advise(table, example('grid-sync-normal-launch'));
    expect(a.sources).toEqual([
      { rule: 'rec-grid-phase-state', source: 'chapter §4 row 3' },
      { rule: 'hz-grid-no-coop', source: 'chapter §8 misconception 1' },
      { rule: 'note-phases', source: 'chapter §8 misconception 4' },
    ]);
  });
});
