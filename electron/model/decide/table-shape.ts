/**
 * The shape of the decision table (resources/decision/decision-table.json): each part's zod schema, field by field.
 * The cross-references between the parts are checked by table-checks.ts; table-schema.ts puts the two together.
 * No Node imports: the renderer may use it.
 */
import { z } from 'zod';

import { ConditionSchema } from './conditions';
import { ATOMIC_SCOPES, HAZARD_IDS, RECOMMENDATION_IDS, RULE_SOURCES, SCOPES } from './types';

export const TABLE_FORMAT = 'syncbench-decision-table';
export const TABLE_VERSION = 2;

/** A hazard whose `snippet` is this shows the recommendation's snippet (its fix is the recommended mechanism). */
export const RECOMMENDATION_SNIPPET = 'recommendation';

/** Placeholders a recommendation's rationale template may use. */
export const RATIONALE_PLACEHOLDERS = ['mask', 'atomicScope', 'scope'] as const;

const Id = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'expected lower-case words joined by "-"');
const Text = z.string().trim().min(1);

const LaneMaskSchema = z.strictObject({
  value: z
    .string()
    .regex(/^0x[0-9a-f]{8}$/, 'expected 8 hex digits, e.g. 0x0000ffff')
    .nullable(),
  expression: Text,
});

const AnswerSchema = z.strictObject({
  id: Id,
  label: Text,
  help: Text.optional(),
  /** For the lanes question: the mask the answer stands for. */
  mask: LaneMaskSchema.optional(),
  /**
   * Offered only when this holds for the earlier answers (absent: always offered), e.g. no device barrier is
   * offered as today's synchronization when the host produces the value.
   */
  showIf: ConditionSchema.optional(),
  /** Of a multiple-choice question: chosen, it excludes every other answer (e.g. "Nothing yet"). */
  alone: z.literal(true).optional(),
});

const QuestionSchema = z.strictObject({
  id: Id,
  text: Text,
  help: Text,
  /** Several answers may be chosen (the answer is then an array of ids). */
  multiple: z.boolean().optional(),
  /** Of a multiple-choice question: groups of answer ids of which at most one may be chosen (exclusive.ts). */
  exclusive: z.array(z.array(Id).min(2)).optional(),
  /** Asked only when this holds for the earlier answers (absent: always asked). */
  showIf: ConditionSchema.optional(),
  /** Used when the question is asked but not answered (absent: an answer is required). */
  default: Id.optional(),
  answers: z.array(AnswerSchema).min(2),
});

const LaunchSchema = z.strictObject({
  cooperative: z.literal(true).optional(),
  api: Text.optional(),
  gridLimit: Text.optional(),
  clusterDims: Text.optional(),
  minComputeCapability: z
    .string()
    .regex(/^\d+\.\d+$/, 'expected e.g. "9.0"')
    .optional(),
});

const MeasurementSchema = z.strictObject({
  mode: z.string().regex(/^[a-z0-9_-]+$/, 'expected a mode id, e.g. block'),
  workload: z.string().regex(/^[a-z0-9_]+$/, 'expected a workload id of kernels/, e.g. grid_sync'),
  param: z.int().nonnegative().nullable(),
  unit: Text,
  /** For release-acquire: the atomic scope this measurement prices. */
  atomicScope: z.enum(ATOMIC_SCOPES).optional(),
  /** Prices the recommendation only when this holds for the answers (e.g. the consumer is on another GPU). */
  when: ConditionSchema.optional(),
});

const PtxPattern = z.string().refine(
  (source) => {
    try {
      new RegExp(source);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'expected a regular expression (JavaScript syntax) matched against the PTX' },
);

const SnippetSchema = z.strictObject({
  id: Id,
  title: Text,
  /** Patterns the snippet's PTX (nvcc -arch=sm_90 -ptx) must contain: the instructions the advice promises. */
  ptx: z.array(PtxPattern).min(1),
  /** Patterns the PTX must not contain (e.g. no barrier where none is needed). */
  ptxAbsent: z.array(PtxPattern).optional(),
  /** Host calls the source must contain (host code is checked by the compiler front end, not in the PTX). */
  host: z.array(Text).optional(),
  /** The CUDA source of resources/decision/snippets/<id>.cu (added by loadDecisionTable). */
  code: z.string().refine((code) => code.trim().length > 0, { message: 'expected CUDA source' }),
});

const RecommendationSchema = z.strictObject({
  id: z.enum(RECOMMENDATION_IDS),
  title: Text,
  scope: z.enum(SCOPES),
  /** syncwarp / warp-collective: the result carries the lanes' mask. */
  needsMask: z.boolean(),
  launch: LaunchSchema.nullable(),
  /** One paragraph; may use {mask}, {atomicScope}, {scope}. */
  rationale: Text,
  /** What prices it (several only for release-acquire, one per atomic scope). */
  measure: z.array(MeasurementSchema),
  /** Why nothing prices it, when `measure` is empty. */
  unmeasured: Text.nullable(),
  /** The example snippet (a rule's `recommend.snippet` may replace it). */
  snippet: Id,
});

const HazardSchema = z.strictObject({
  id: z.enum(HAZARD_IDS),
  title: Text,
  explanation: Text,
  fix: Text,
  /** The fix as a snippet id, or "recommendation": the recommendation's snippet. */
  snippet: Id,
});

const AlternativeSchema = z.strictObject({
  id: z.enum(RECOMMENDATION_IDS),
  why: Text,
  atomicScope: z.enum(ATOMIC_SCOPES).optional(),
});

const RecommendSchema = z.strictObject({
  id: z.enum(RECOMMENDATION_IDS),
  /** Why this rule leads to the recommendation, in plain words. */
  because: Text,
  /**
   * Replaces the recommendation's own title where it does not fit the situation (a kernel boundary between two
   * phases of GPU work vs. the host's input put before the launch); may use {mask}, {atomicScope}, {scope}.
   */
  title: Text.optional(),
  /** Replaces the recommendation's own rationale paragraph where it does not fit the situation. */
  rationale: Text.optional(),
  scope: z.enum(SCOPES).optional(),
  atomicScope: z.enum(ATOMIC_SCOPES).optional(),
  /** Replaces the recommendation's own launch requirement. */
  launch: LaunchSchema.optional(),
  /** Replaces the recommendation's own example snippet. */
  snippet: Id.optional(),
  alternatives: z.array(AlternativeSchema),
});

const OptionSchema = z.strictObject({
  id: z.enum(RECOMMENDATION_IDS),
  /** When this way out applies. */
  when: Text,
  why: Text,
  atomicScope: z.enum(ATOMIC_SCOPES).optional(),
  /** Replaces the recommendation's example snippet. */
  snippet: Id.optional(),
});

/** "Not possible as described": why, and what would work instead. */
const ImpossibleSchema = z.strictObject({
  because: Text,
  options: z.array(OptionSchema).min(1),
});

const RuleSchema = z
  .strictObject({
    id: Id,
    when: ConditionSchema,
    source: z.string().refine((s) => RULE_SOURCES.includes(s), {
      message:
        'expected "chapter §4 row N", "chapter §8 misconception N" or "the scope rules: <rule>" (see types.ts)',
    }),
    /** The first rule (in table order) that holds and has `recommend` or `impossible` gives the outcome. */
    recommend: RecommendSchema.optional(),
    /** The situation cannot work as described (instead of a recommendation). */
    impossible: ImpossibleSchema.optional(),
    /** Every rule that holds adds its hazards. */
    hazards: z.array(z.enum(HAZARD_IDS)).min(1).optional(),
    /** Every rule that holds adds its note to the rationale. */
    note: Text.optional(),
  })
  .refine((rule) => rule.recommend || rule.impossible || rule.hazards || rule.note, {
    message: 'a rule needs at least one of recommend, impossible, hazards, note',
  })
  .refine((rule) => !(rule.recommend && rule.impossible), {
    message: 'a rule gives either a recommendation or "not possible", not both',
  });

export const TableShape = z.strictObject({
  format: z.literal(TABLE_FORMAT),
  version: z.literal(TABLE_VERSION),
  title: Text,
  questions: z.array(QuestionSchema).min(1),
  recommendations: z.array(RecommendationSchema),
  hazards: z.array(HazardSchema),
  snippets: z.array(SnippetSchema).min(1),
  rules: z.array(RuleSchema).min(1),
});

/** A table of the right shape, before its cross-references are checked. */
export type Table = z.infer<typeof TableShape>;
