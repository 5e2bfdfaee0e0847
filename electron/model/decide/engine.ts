/**
 * The decision engine (docs/decision-engine.md): answers in, advice out. Pure functions of a validated decision table.
 *
 * How a table is read (docs/decision-engine.md):
 * - Answers of an older table version are migrated first (migrate.ts); what that assumed is listed in `migrated`.
 * - Questions are asked in table order; one is asked only when its `showIf` holds for the earlier answers. An
 *   unanswered asked question takes its `default`, or is an error. Answers to questions not asked are ignored
 *   (listed in `ignored`).
 * - The first rule (table order) whose `when` holds and that has `recommend` or `impossible` gives the outcome: one
 *   recommendation, or "not possible as described" with the options that would work instead. Every rule that holds
 *   adds its `hazards` and `note`. Each rule cites its source (docs/decision-engine.md#rules); `sources` lists the
 *   rules that fired.
 * - Every recommendation, option and hazard fix carries its snippet: the code of resources/decision/snippets/<id>.cu
 *   as the table loader read it.
 */
import { ADVICE_WORDS, fill, notesOf, rationaleText, templateVars, withFigures } from './advice-prose';
import { parseAnswers } from './answers';
import { holds, type AnswerSets } from './conditions';
import { offeredQuestion, walk } from './engine-walk';
import { DecideError } from './errors';
import type { MeasuredFigure } from './figures';
import { migrateAnswers } from './migrate';
import type { DecisionTable, Recommendation, Rule } from './table-schema';
import { RECOMMENDATION_SNIPPET } from './table-shape';
import { withPhaseWork } from './work-units';
import type {
  Advice,
  AdviceHazard,
  AdviceOption,
  AdviceSnippet,
  AtomicScope,
  HazardId,
  LaneMask,
  Measurement,
  RecommendationId,
} from './types';

export { nextQuestion, visibleQuestions } from './engine-walk';

/**
 * Runs the engine.
 * @param raw answers object (parsed JSON): `{ "<question id>": "<answer id>" | ["<answer id>", ...] }`, with an
 *   optional `"$tableVersion"` (absent: version 1, migrated).
 * @returns the advice: one recommendation with scope, launch, mask or atomic scope, snippet and alternatives, or
 *   "not possible" with options; hazards with fixes and snippets; rationale and the rules that fired.
 * @param figures the product's own figures (figures.ts; the service reads them from the results library): where the
 *   table's prose repeats a chapter claim they are quoted, the chapter's beside them; without one, the chapter's
 *   figure and what to run.
 * @throws DecideError kind 'answers' for an unknown question or answer id (the message lists the allowed ones), an
 *   unknown `$tableVersion` or an asked question left unanswered; kind 'table' when no rule gives an outcome (a
 *   gap in the table).
 */
export function advise(table: DecisionTable, raw: unknown, figures: readonly MeasuredFigure[] = []): Advice {
  return withFigures(decide(table, raw), figures);
}

/** The advice for `raw` before figures are filled in (see advise). */
function decide(table: DecisionTable, raw: unknown): Advice {
  const { rest, reserved } = withoutReservedKeys(raw);
  const { answers: current, migrated } = migrateAnswers(table, rest);
  const answers = parseAnswers(table, current);
  const walked = walk(table, answers);
  refuseUnanswerable(walked);
  const { sets, used } = walked;
  const fired = table.rules.filter((rule) => holds(rule.when, sets));
  const chosen = fired.find((rule) => rule.recommend !== undefined || rule.impossible !== undefined);
  if (!chosen) {
    const given = used.map((u) => `${u.question}=${u.answers.map((a) => a.id).join('+')}`).join(', ');
    throw new DecideError('table', [`no rule recommends anything for ${given}`], 'gap in the decision table');
  }
  const contributing = fired.filter((rule) => rule === chosen || rule.hazards || rule.note);
  const common = {
    format: 'syncbench-advice' as const,
    version: 2 as const,
    tableVersion: table.version,
    sources: contributing.map((rule) => ({ rule: rule.id, source: rule.source })),
    answers: used,
    ignored: [...reserved, ...walked.ignored],
    migrated,
    figures: [],
  };
  const work = phaseWorkOf(table, chosen, sets);
  const outcome = chosen.impossible
    ? notPossible(table, chosen.impossible, fired, sets, work)
    : recommended(table, chosen.recommend!, fired, sets, work);
  return { ...common, ...outcome };
}

/** What an advice says beyond its table, answers and sources: the outcome and its prose. */
type Outcome = Omit<
  Advice,
  'format' | 'version' | 'tableVersion' | 'sources' | 'answers' | 'ignored' | 'migrated' | 'figures'
>;

/**
 * @throws DecideError kind 'answers' for answers chosen together that exclude each other (naming the pair), answers
 *   the questions do not offer after the earlier answers, and an asked question left unanswered.
 */
function refuseUnanswerable({ sets, missing, notOffered, contradictions }: ReturnType<typeof walk>): void {
  if (contradictions.length > 0) {
    throw new DecideError(
      'answers',
      contradictions.map(
        ({ question, pair: [a, b] }) =>
          `${question.id}: "${a}" and "${b}" exclude each other (the decision table declares them exclusive); choose one`,
      ),
      'contradictory answers',
    );
  }
  if (notOffered.length > 0) {
    throw new DecideError(
      'answers',
      notOffered.map(({ question, ids }) => {
        const offered = offeredQuestion(question, sets).answers.map((a) => a.id);
        return `${question.id}: ${ids.map((id) => `"${id}"`).join(', ')} not offered after the earlier answers (offered: ${offered.join(', ')})`;
      }),
      'answers the questions do not offer',
    );
  }
  if (missing.length > 0) {
    throw new DecideError(
      'answers',
      missing.map(
        (q) => `${q.id}: "${q.text}" needs an answer (allowed: ${q.answers.map((a) => a.id).join(', ')})`,
      ),
      'incomplete answers',
    );
  }
}

/** "Not possible as described": the options that would work instead, the hazards and the rationale. */
function notPossible(
  table: DecisionTable,
  impossible: NonNullable<Rule['impossible']>,
  fired: Rule[],
  sets: AnswerSets,
  work: boolean,
): Outcome {
  // A fix that is "the recommended mechanism" shows the first way out (the schema requires at least one).
  const options = impossible.options.map((option) => optionOf(table, option, sets, work));
  return {
    outcome: 'not-possible',
    recommendation: null,
    title: ADVICE_WORDS.notPossibleTitle,
    scope: null,
    launch: null,
    atomicScope: null,
    mask: null,
    measurement: null,
    unmeasured: null,
    snippet: null,
    alternatives: [],
    options,
    hazards: hazardsOf(table, fired, options[0]!.snippet),
    rationale: rationaleText([impossible.because, ...notesOf(fired)]),
  };
}

/** One recommendation with its scope, launch, mask or atomic scope, snippet, alternatives, hazards and rationale. */
function recommended(
  table: DecisionTable,
  recommend: NonNullable<Rule['recommend']>,
  fired: Rule[],
  sets: AnswerSets,
  work: boolean,
): Outcome {
  const rec = recommendation(table, recommend.id);
  const atomicScope = recommend.atomicScope ?? null;
  const mask = rec.needsMask ? laneMask(table, sets) : null;
  const scope = recommend.scope ?? rec.scope;
  const vars = templateVars(mask, atomicScope, scope);
  const snippet = snippetOf(table, recommend.snippet ?? rec.snippet);
  return {
    outcome: 'recommendation',
    recommendation: rec.id,
    title: fill(recommend.title ?? rec.title, vars),
    scope,
    launch: recommend.launch ?? rec.launch,
    atomicScope,
    mask,
    ...priced(rec, atomicScope, sets, work),
    snippet,
    alternatives: recommend.alternatives.map((alt) => {
      const altRec = recommendation(table, alt.id);
      const altScope = alt.atomicScope ?? null;
      return {
        id: alt.id,
        title: fill(altRec.title, { ...vars, atomicScope: altScope ?? '', scope: altRec.scope }),
        why: alt.why,
        ...priced(altRec, altScope, sets, work),
      };
    }),
    options: [],
    hazards: hazardsOf(table, fired, snippet),
    rationale: rationaleText([
      recommend.because,
      fill(recommend.rationale ?? rec.rationale, vars),
      ...notesOf(fired),
    ]),
  };
}

function recommendation(table: DecisionTable, id: RecommendationId): Recommendation {
  const rec = table.recommendations.find((r) => r.id === id);
  // parseDecisionTable guarantees every id is described; this guards tables built by hand.
  if (!rec)
    throw new DecideError('table', [`recommendation "${id}" is not described`], 'incomplete decision table');
  return rec;
}

function snippetOf(table: DecisionTable, id: string): AdviceSnippet {
  const snippet = table.snippets.find((s) => s.id === id);
  // parseDecisionTable guarantees every named snippet is declared; this guards tables built by hand.
  if (!snippet)
    throw new DecideError('table', [`snippet "${id}" is not declared`], 'incomplete decision table');
  return { id: snippet.id, title: snippet.title, code: snippet.code };
}

function optionOf(
  table: DecisionTable,
  option: NonNullable<Rule['impossible']>['options'][number],
  sets: AnswerSets,
  work: boolean,
): AdviceOption {
  const rec = recommendation(table, option.id);
  const atomicScope = option.atomicScope ?? null;
  const mask = rec.needsMask ? laneMask(table, sets) : null;
  const vars = templateVars(mask, atomicScope, rec.scope);
  return {
    id: rec.id,
    title: fill(rec.title, vars),
    when: option.when,
    why: option.why,
    scope: rec.scope,
    launch: rec.launch,
    atomicScope,
    ...priced(rec, atomicScope, sets, work),
    snippet: snippetOf(table, option.snippet ?? rec.snippet),
  };
}

/**
 * The hazards of the rules that fired, in table order; a fix that is "the recommendation" shows `recSnippet` (the
 * recommendation's snippet, or the first option's when the outcome is not possible).
 */
function hazardsOf(table: DecisionTable, fired: Rule[], recSnippet: AdviceSnippet): AdviceHazard[] {
  const ids = new Set<HazardId>(fired.flatMap((rule) => rule.hazards ?? []));
  return table.hazards
    .filter((h) => ids.has(h.id))
    .map((h) => ({
      id: h.id,
      title: h.title,
      explanation: h.explanation,
      fix: h.fix,
      snippet: h.snippet === RECOMMENDATION_SNIPPET ? recSnippet : snippetOf(table, h.snippet),
    }));
}

/** The mask carried by the chosen lanes answer (the first asked question whose answer has a mask). */
function laneMask(table: DecisionTable, sets: AnswerSets): LaneMask | null {
  for (const question of table.questions) {
    const chosen = sets.get(question.id);
    const answer = question.answers.find((a) => a.mask && chosen?.has(a.id));
    if (answer?.mask) return answer.mask;
  }
  return null;
}

/**
 * Whether the choices of `rule` are priced with the phase's own work included: when one of them can only be (the
 * kernel boundary), so every choice that has such a measurement takes it and the table compares like for like
 * (docs/decision-engine.md#prices).
 */
function phaseWorkOf(table: DecisionTable, rule: Rule, sets: AnswerSets): boolean {
  const choices = rule.recommend
    ? [rule.recommend, ...rule.recommend.alternatives]
    : (rule.impossible?.options ?? []);
  return choices.some((c) => {
    const m = pickMeasurement(recommendation(table, c.id), c.atomicScope ?? null, sets, false);
    return m !== null && withPhaseWork(m.workload);
  });
}

/** The measurement that prices a recommendation for these answers, or why there is none. */
function priced(rec: Recommendation, atomicScope: AtomicScope | null, sets: AnswerSets, work: boolean) {
  const measurement = pickMeasurement(rec, atomicScope, sets, work);
  return { measurement, unmeasured: measurement ? null : rec.unmeasured };
}

/**
 * The measurement of a recommendation: among those whose `when` holds for the answers (a conditional one first,
 * e.g. the cross-GPU round trip when the consumer is on another GPU), the one of the atomic scope for release-acquire;
 * one with the phase's own work included exactly when `work` (see phaseWorkOf), where the choice has both kinds.
 */
function pickMeasurement(
  rec: Recommendation,
  atomicScope: AtomicScope | null,
  sets: AnswerSets,
  work: boolean,
): Measurement | null {
  const holding = rec.measure.filter((x) => !x.when || holds(x.when, sets));
  const sameWork = holding.filter((x) => withPhaseWork(x.workload) === work);
  const fits = (sameWork.length > 0 ? sameWork : holding).sort(
    (a, b) => Number(b.when !== undefined) - Number(a.when !== undefined),
  );
  const m = fits.find((x) => x.atomicScope === (atomicScope ?? undefined)) ?? fits[0];
  return m ? { mode: m.mode, workload: m.workload, param: m.param, unit: m.unit } : null;
}

/** Keys no question can have: JavaScript's object machinery, which a parser or schema may drop without a word. */
const RESERVED_KEYS = ['__proto__', 'constructor', 'prototype'];

/** `raw` without the RESERVED_KEYS it holds as its own keys, and those keys (listed as ignored in the advice). */
function withoutReservedKeys(raw: unknown): { rest: unknown; reserved: string[] } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { rest: raw, reserved: [] };
  const reserved = RESERVED_KEYS.filter((key) => Object.hasOwn(raw, key));
  if (reserved.length === 0) return { rest: raw, reserved };
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) if (!reserved.includes(key)) rest[key] = value;
  return { rest, reserved };
}
