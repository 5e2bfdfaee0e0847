/**
 * The fixed vocabulary of the decision engine and the shape of its result. The decision table
 * (resources/decision/decision-table.json) must describe exactly these recommendation and hazard ids; questions and
 * answers are the table's own (docs/decision-engine.md lists them).
 */

import type { MeasuredFigure } from './figures';

/** Every recommendation the engine can give; exactly one per result. */
export const RECOMMENDATION_IDS = [
  'none',
  'syncwarp',
  'warp-collective',
  'syncthreads',
  'named-barrier',
  'cuda-barrier',
  'cluster-sync',
  'grid-sync',
  'kernel-boundary',
  'release-acquire',
  'ordered-look-back',
  'stream-sync',
  'event-sync',
  'stream-wait-event',
  'device-sync',
  // Hopper's own synchronization (compute capability 9.0)
  'programmatic-launch',
  'mbarrier-tx',
  'dsmem-remote-arrive',
] as const;
export type RecommendationId = (typeof RECOMMENDATION_IDS)[number];

/** Every hazard the engine can report about the current (or planned) approach. */
export const HAZARD_IDS = [
  'divergent-barrier',
  'mask-mismatch',
  'activemask-participants',
  'collective-not-memory-order',
  'warp-sync-for-block',
  'block-barrier-across-blocks',
  'spin-non-resident',
  'volatile-sync',
  'plain-flag-after-fence',
  'fence-not-wait',
  'scope-too-narrow',
  'host-read-before-completion',
  'host-reuse-before-completion',
  'device-wide-sync',
  'host-sync-in-kernel',
  'host-round-trip',
  'grid-sync-no-coop',
  'grid-exceeds-coresident',
  'unequal-grid-syncs',
  'missing-edge',
  'storage-not-reachable',
  'state-lost-at-boundary',
  'grid-sync-for-speed',
  'profiler-timing',
  'no-release-acquire',
  'unchecked-flag-order',
  'payload-stale-load',
  'tile-order-not-launch-order',
  'stale-loop-mask',
  'segment-mask',
  'shfl-source-outside-mask',
  'implicit-warp-synchronous',
  'cluster-grid-count',
  'coresidency-unknown',
  'grid-exceeds-normal-launch',
  // Hopper's own synchronization
  'generic-proxy-to-tma',
  'mbarrier-wrong-parity',
  'missing-grid-dependency-sync',
] as const;
export type HazardId = (typeof HAZARD_IDS)[number];

/** Who takes part in (or is ordered by) the recommended mechanism. */
export const SCOPES = ['thread', 'warp', 'block', 'cluster', 'device', 'system', 'stream', 'host'] as const;
export type Scope = (typeof SCOPES)[number];

/** Scopes of cuda::atomic_ref / cuda::thread_scope_* that a release-acquire protocol can name. */
export const ATOMIC_SCOPES = ['block', 'device', 'system'] as const;
export type AtomicScope = (typeof ATOMIC_SCOPES)[number];

/**
 * The general synchronization rules (the scope rules) a table rule may cite by name (RULE_SOURCES spells each source
 * out as "the scope rules: <rule>").
 */
export const SCOPE_RULES = [
  'participants',
  'masks',
  'fence vs waiting',
  'flag publishing with release/acquire',
  'scope containing producer and consumer',
  'volatile',
  'co-residency for inter-block waiting',
  'host completion',
  'producer, consumers, storage and lifetime',
] as const;

/** How a source citing one of the scope rules begins: "the scope rules: masks". */
export const SCOPE_RULES_PREFIX = 'the scope rules: ';

/**
 * Every `source` a rule may cite: the chapter's §4 rows 1-6, its §8 misconceptions 1-5, the general rules above,
 * and its §10-D (the next step it names: mbarrier arrive/wait with transaction counts, warp specialization, programmatic
 * dependent launch on sm_90).
 */
export const RULE_SOURCES: readonly string[] = [
  ...[1, 2, 3, 4, 5, 6].map((n) => `chapter §4 row ${n}`),
  ...[1, 2, 3, 4, 5].map((n) => `chapter §8 misconception ${n}`),
  ...SCOPE_RULES.map((rule) => `${SCOPE_RULES_PREFIX}${rule}`),
  'chapter §10-D',
];

/** Answers keyed by question id: one answer id, or several for a question with `multiple: true`. */
export type Answers = Record<string, string | string[]>;

/** How the kernel must be launched for the recommendation to be valid (null fields: no requirement). */
export interface LaunchRequirement {
  cooperative?: boolean;
  /** The launch call when it is not the plain one, e.g. cudaLaunchKernelEx with both attributes for clusters. */
  api?: string;
  gridLimit?: string;
  clusterDims?: string;
  minComputeCapability?: string;
}

/** The measurement that prices a recommendation: a workload of kernels/ run by a mode. */
export interface Measurement {
  mode: string;
  workload: string;
  /** The workload's `param` (e.g. the atomic scope 0/1/2 of the flag hand-offs), or null for its default. */
  param: number | null;
  /** What one unit of `perSyncNs` is, e.g. "one __syncthreads()". */
  unit: string;
}

/** The lanes a warp-level recommendation names: a literal mask, or an expression when it depends on data. */
export interface LaneMask {
  /** e.g. "0x0000ffff"; null when the lanes are only known at run time. */
  value: string | null;
  /** What to pass as the mask argument, e.g. "0x0000ffff" or "__ballot_sync(0xffffffff, cond)". */
  expression: string;
}

export interface AdviceAlternative {
  id: RecommendationId;
  title: string;
  /** Why it ranks below the recommendation. */
  why: string;
  measurement: Measurement | null;
  /** Why nothing measures it (null when `measurement` is set). */
  unmeasured: string | null;
}

/** A compiling CUDA snippet of resources/decision/snippets (its text is the file's, never a copy). */
export interface AdviceSnippet {
  id: string;
  title: string;
  /** The CUDA source, as in resources/decision/snippets/<id>.cu. */
  code: string;
}

export interface AdviceHazard {
  id: HazardId;
  title: string;
  explanation: string;
  fix: string;
  /**
   * The fix as code; for a fix that is "the recommended mechanism": the recommendation's snippet (for not-possible,
   * the first option's).
   */
  snippet: AdviceSnippet;
}

/** One way out when the situation is not possible as described: a mechanism and when it applies. */
export interface AdviceOption {
  id: RecommendationId;
  title: string;
  /** When this option applies, e.g. "The blocks can form one thread-block cluster". */
  when: string;
  why: string;
  scope: Scope;
  launch: LaunchRequirement | null;
  atomicScope: AtomicScope | null;
  measurement: Measurement | null;
  unmeasured: string | null;
  snippet: AdviceSnippet;
}

/** `recommendation`: one mechanism is recommended; `not-possible`: the hand-off cannot work as described. */
export const OUTCOMES = ['recommendation', 'not-possible'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export interface AdviceAnswer {
  question: string;
  text: string;
  answers: { id: string; label: string }[];
  /** The question was not answered and its default was used. */
  defaulted: boolean;
}

export interface AdviceSource {
  /** Rule id in the table. */
  rule: string;
  /** e.g. "chapter §4 row 2", or a scope rule of SCOPE_RULES with its prefix. */
  source: string;
}

/**
 * What `advise` returns for one set of answers. With `outcome: 'not-possible'` there is no recommendation:
 * `recommendation`, `scope`, `measurement` and `snippet` are null, `alternatives` is empty, `title` and `rationale`
 * say why, and `options` lists what would work instead (each with when it applies).
 */
export interface Advice {
  format: 'syncbench-advice';
  version: 2;
  /** Version of the decision table that produced it. */
  tableVersion: number;
  outcome: Outcome;
  recommendation: RecommendationId | null;
  title: string;
  scope: Scope | null;
  launch: LaunchRequirement | null;
  /** For release-acquire: the scope of the atomics (cuda::thread_scope_<scope>); otherwise null. */
  atomicScope: AtomicScope | null;
  /** For syncwarp and warp-collective: the exact lanes; otherwise null. */
  mask: LaneMask | null;
  /** How to price the recommendation ("measure this now"), or null when nothing measures it. */
  measurement: Measurement | null;
  /** Why nothing measures it (null when `measurement` is set, and for not-possible). */
  unmeasured: string | null;
  /** The recommendation as compiling code; null for not-possible. */
  snippet: AdviceSnippet | null;
  alternatives: AdviceAlternative[];
  /** For not-possible: what would work instead; otherwise empty. */
  options: AdviceOption[];
  hazards: AdviceHazard[];
  rationale: string;
  sources: AdviceSource[];
  /** The answers the engine used, in question order (defaults included). */
  answers: AdviceAnswer[];
  /** Questions answered but not asked (hidden by earlier answers): their answers were ignored. */
  ignored: string[];
  /** What migrating answers of an older table version assumed, one line per question; empty when none. */
  migrated: string[];
  /** The product's own figures its prose quotes where the table repeats a chapter claim (figures.ts); may be empty. */
  figures: MeasuredFigure[];
}
