/**
 * The schema of the decision table (resources/decision/decision-table.json, format `syncbench-decision-table`,
 * version 2) and `parseDecisionTable`, which validates one. Beyond the shape it checks cross-references: every
 * recommendation and hazard id of types.ts described exactly once, answer ids unique per question, conditions naming
 * existing questions and answers (a `showIf` only earlier questions), every recommendation and hazard reachable
 * from some rule, rationale placeholders that can be filled, every snippet named by a recommendation, hazard or
 * rule declared (with its code) and every declared snippet used. No Node imports: the renderer may use it.
 *
 * The file on disk declares each snippet without its code; `loadDecisionTable` adds the text of
 * resources/decision/snippets/<id>.cu as `code`, so a parsed table always carries the snippets' source.
 */
import { z } from 'zod';

import { answerTests, ConditionSchema, type Condition } from './conditions';
import { DecideError, issueLines } from './errors';
import { checkPrices } from './table-prices-check';
import { ATOMIC_SCOPES, HAZARD_IDS, RECOMMENDATION_IDS, RULE_SOURCES, SCOPES } from './types';
import { withPhaseWork } from './work-units';

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
});

const QuestionSchema = z.strictObject({
  id: Id,
  text: Text,
  help: Text,
  /** Several answers may be chosen (the answer is then an array of ids). */
  multiple: z.boolean().optional(),
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
        'expected "chapter §4 row N", "chapter §8 misconception N" or "seed 000: <rule>" (see types.ts)',
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

const TableShape = z.strictObject({
  format: z.literal(TABLE_FORMAT),
  version: z.literal(TABLE_VERSION),
  title: Text,
  questions: z.array(QuestionSchema).min(1),
  recommendations: z.array(RecommendationSchema),
  hazards: z.array(HazardSchema),
  snippets: z.array(SnippetSchema).min(1),
  rules: z.array(RuleSchema).min(1),
});

export const DecisionTableSchema = TableShape.superRefine(checkReferences);

export type DecisionTable = z.infer<typeof DecisionTableSchema>;
export type Question = DecisionTable['questions'][number];
export type Recommendation = DecisionTable['recommendations'][number];
export type Hazard = DecisionTable['hazards'][number];
export type Rule = DecisionTable['rules'][number];
export type Snippet = DecisionTable['snippets'][number];

/**
 * Validates a parsed JSON value as a decision table.
 * @throws DecideError (kind 'table') listing every problem, each naming its field, e.g.
 *   `questions[2 "lanes"].answers[1 "lanes-0-15"].mask.value: expected 8 hex digits, e.g. 0x0000ffff`.
 */
export function parseDecisionTable(raw: unknown, origin = 'decision table'): DecisionTable {
  const parsed = DecisionTableSchema.safeParse(raw);
  if (!parsed.success) throw new DecideError('table', issueLines(parsed.error, raw), `invalid ${origin}`);
  return parsed.data;
}

type Table = z.infer<typeof TableShape>;
type Ctx = z.core.$RefinementCtx<Table>;

function checkReferences(table: Table, ctx: Ctx): void {
  const report = (path: PropertyKey[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  checkUnique(
    table.questions.map((q) => q.id),
    ['questions'],
    report,
  );
  checkUnique(
    table.rules.map((r) => r.id),
    ['rules'],
    report,
  );
  checkExactSet(
    table.recommendations.map((r) => r.id),
    RECOMMENDATION_IDS,
    ['recommendations'],
    report,
  );
  checkExactSet(
    table.hazards.map((h) => h.id),
    HAZARD_IDS,
    ['hazards'],
    report,
  );
  const answersOf = new Map(table.questions.map((q) => [q.id, q.answers.map((a) => a.id)]));
  table.questions.forEach((q, i) => {
    const path = ['questions', i];
    checkUnique(
      q.answers.map((a) => a.id),
      [...path, 'answers'],
      report,
    );
    if (q.default !== undefined && !answersOf.get(q.id)?.includes(q.default)) {
      report([...path, 'default'], `"${q.default}" is not an answer of "${q.id}"`);
    }
    const earlier = new Set(table.questions.slice(0, i).map((e) => e.id));
    if (q.showIf) checkCondition(q.showIf, answersOf, earlier, [...path, 'showIf'], report);
    q.answers.forEach((a, j) => {
      if (a.showIf) checkCondition(a.showIf, answersOf, earlier, [...path, 'answers', j, 'showIf'], report);
    });
  });
  const allQuestions = new Set(answersOf.keys());
  table.rules.forEach((rule, i) => {
    checkCondition(rule.when, answersOf, allQuestions, ['rules', i, 'when'], report);
    if (rule.recommend) checkRecommend(rule.recommend, ['rules', i, 'recommend'], report);
    rule.impossible?.options.forEach((option, j) => {
      if ((option.id === 'release-acquire') !== (option.atomicScope !== undefined)) {
        report(
          ['rules', i, 'impossible', 'options', j, 'atomicScope'],
          'required for release-acquire and only for it',
        );
      }
    });
  });
  checkSnippets(table, report);
  checkPrices(table, report);
  checkReachable(table, report);
  table.recommendations.forEach((rec, i) => {
    checkRecommendation(rec, ['recommendations', i], report);
    rec.measure.forEach((m, j) => {
      if (m.when)
        checkCondition(m.when, answersOf, allQuestions, ['recommendations', i, 'measure', j, 'when'], report);
    });
  });
}

type Report = (path: PropertyKey[], message: string) => void;

function checkUnique(ids: string[], path: PropertyKey[], report: Report): void {
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (seen.has(id)) report([...path, i, 'id'], `duplicate id "${id}"`);
    seen.add(id);
  });
}

function checkExactSet(
  ids: string[],
  expected: readonly string[],
  path: PropertyKey[],
  report: Report,
): void {
  checkUnique(ids, path, report);
  const missing = expected.filter((id) => !ids.includes(id));
  if (missing.length > 0) report(path, `missing ${missing.map((id) => `"${id}"`).join(', ')}`);
}

function checkCondition(
  condition: Condition,
  answersOf: ReadonlyMap<string, string[]>,
  askable: ReadonlySet<string>,
  path: PropertyKey[],
  report: Report,
): void {
  for (const test of answerTests(condition)) {
    const allowed = answersOf.get(test.q);
    if (!allowed) {
      report(path, `unknown question "${test.q}"`);
    } else if (!askable.has(test.q)) {
      report(path, `"${test.q}" is not asked before this question`);
    } else {
      for (const id of test.in.filter((a) => !allowed.includes(a))) {
        report(path, `"${id}" is not an answer of "${test.q}" (allowed: ${allowed.join(', ')})`);
      }
    }
  }
}

function checkRecommend(
  recommend: NonNullable<Rule['recommend']>,
  path: PropertyKey[],
  report: Report,
): void {
  const isFlag = recommend.id === 'release-acquire';
  if (isFlag !== (recommend.atomicScope !== undefined)) {
    report([...path, 'atomicScope'], 'required for release-acquire and only for it');
  }
  recommend.alternatives.forEach((alt, i) => {
    if (alt.id === recommend.id)
      report([...path, 'alternatives', i, 'id'], 'an alternative repeats the recommendation');
    if ((alt.id === 'release-acquire') !== (alt.atomicScope !== undefined)) {
      report([...path, 'alternatives', i, 'atomicScope'], 'required for release-acquire and only for it');
    }
  });
  checkUnique(
    recommend.alternatives.map((a) => a.id),
    [...path, 'alternatives'],
    report,
  );
}

function checkReachable(table: Table, report: Report): void {
  const recommended = new Set(table.rules.flatMap((r) => (r.recommend ? [r.recommend.id] : [])));
  const raised = new Set(table.rules.flatMap((r) => r.hazards ?? []));
  table.recommendations.forEach((rec, i) => {
    if (!recommended.has(rec.id)) report(['recommendations', i], `no rule recommends "${rec.id}"`);
  });
  table.hazards.forEach((hazard, i) => {
    if (!raised.has(hazard.id)) report(['hazards', i], `no rule raises "${hazard.id}"`);
  });
}

function checkRecommendation(rec: Recommendation, path: PropertyKey[], report: Report): void {
  for (const [, name] of rec.rationale.matchAll(/\{(\w+)\}/g)) {
    const known = (RATIONALE_PLACEHOLDERS as readonly string[]).includes(name ?? '');
    const fits =
      (name !== 'mask' || rec.needsMask) && (name !== 'atomicScope' || rec.id === 'release-acquire');
    if (!known || !fits)
      report([...path, 'rationale'], `placeholder {${name}} cannot be filled for "${rec.id}"`);
  }
  // A conditional measurement prices only some answers: the reason is still needed for the others.
  const always = rec.measure.filter((m) => !m.when);
  if ((always.length === 0) !== (rec.unmeasured !== null)) {
    report([...path, 'unmeasured'], 'give either measurements for every answer or the reason there are none');
  }
  // One measurement with the phase's own work and one without may both hold: the engine takes one per table.
  const keys = rec.measure.map(
    (m) => `${m.atomicScope ?? ''} ${JSON.stringify(m.when ?? null)} ${withPhaseWork(m.workload)}`,
  );
  if (
    rec.measure.length > 1 &&
    ((always.length > 1 &&
      always.some((m) => m.atomicScope === undefined) &&
      always.filter((m) => !withPhaseWork(m.workload)).length > 1) ||
      new Set(keys).size !== keys.length)
  ) {
    report([...path, 'measure'], 'several measurements need distinct atomicScope values (or conditions)');
  }
}

/** Every snippet id named anywhere is declared, none is declared twice or left unused. */
function checkSnippets(table: Table, report: Report): void {
  checkUnique(
    table.snippets.map((snippet) => snippet.id),
    ['snippets'],
    report,
  );
  const declared = new Set(table.snippets.map((snippet) => snippet.id));
  const used = new Set<string>();
  const use = (id: string | undefined, path: PropertyKey[]) => {
    if (id === undefined) return;
    used.add(id);
    if (!declared.has(id)) report(path, `unknown snippet "${id}" (declare it in snippets)`);
  };
  table.recommendations.forEach((rec, i) => use(rec.snippet, ['recommendations', i, 'snippet']));
  table.hazards.forEach((hazard, i) => {
    if (hazard.snippet !== RECOMMENDATION_SNIPPET) use(hazard.snippet, ['hazards', i, 'snippet']);
  });
  table.rules.forEach((rule, i) => {
    use(rule.recommend?.snippet, ['rules', i, 'recommend', 'snippet']);
    rule.impossible?.options.forEach((option, j) =>
      use(option.snippet, ['rules', i, 'impossible', 'options', j, 'snippet']),
    );
  });
  table.snippets.forEach((snippet, i) => {
    if (snippet.id === RECOMMENDATION_SNIPPET)
      report(['snippets', i, 'id'], `"${RECOMMENDATION_SNIPPET}" is reserved`);
    else if (!used.has(snippet.id))
      report(['snippets', i], `no recommendation, hazard or rule uses "${snippet.id}"`);
  });
}
