/**
 * The decision engine (issue 4 §2): answers in, advice out. Pure functions of a validated decision table.
 *
 * How a table is read (docs/decision-engine.md):
 * - Questions are asked in table order; one is asked only when its `showIf` holds for the earlier answers. An
 *   unanswered asked question takes its `default`, or is an error. Answers to questions not asked are ignored
 *   (listed in `ignored`).
 * - The first rule (table order) whose `when` holds and that has `recommend` gives the recommendation; every rule
 *   that holds adds its `hazards` and `note`. Each rule cites its source (chapter §4 row, §8 misconception, or a
 *   seed 000 rule); `sources` lists the rules that fired.
 */
import { parseAnswers } from './answers';
import { holds, type AnswerSets } from './conditions';
import { DecideError } from './errors';
import type { DecisionTable, Question, Recommendation, Rule } from './table-schema';
import type {
  Advice,
  AdviceAnswer,
  AdviceHazard,
  Answers,
  AtomicScope,
  HazardId,
  LaneMask,
  Measurement,
  RecommendationId,
} from './types';

interface Walk {
  sets: Map<string, Set<string>>;
  used: AdviceAnswer[];
  missing: Question[];
  ignored: string[];
}

/** Follows the questions in order with the given answers (defaults filling the gaps). */
function walk(table: DecisionTable, answers: Answers): Walk {
  const sets = new Map<string, Set<string>>();
  const out: Walk = { sets, used: [], missing: [], ignored: [] };
  for (const question of table.questions) {
    const given = answers[question.id];
    if (question.showIf && !holds(question.showIf, sets)) {
      if (given !== undefined) out.ignored.push(question.id);
      continue;
    }
    const ids =
      given === undefined ? (question.default === undefined ? [] : [question.default]) : [given].flat();
    if (ids.length === 0) {
      out.missing.push(question);
      continue;
    }
    sets.set(question.id, new Set(ids));
    out.used.push({
      question: question.id,
      text: question.text,
      answers: ids.map((id) => ({ id, label: question.answers.find((a) => a.id === id)?.label ?? id })),
      defaulted: given === undefined,
    });
  }
  return out;
}

/**
 * The questions asked for these answers, in order (what a wizard shows as "so far" plus the next ones).
 * `answers` need not be complete; unknown ids are not checked here (use `parseAnswers`).
 */
export function visibleQuestions(table: DecisionTable, answers: Answers): Question[] {
  const { sets, missing } = walk(table, answers);
  return table.questions.filter((q) => sets.has(q.id) || missing.includes(q));
}

/** The first asked question without an explicit answer (defaults do not count), or null when all are answered. */
export function nextQuestion(table: DecisionTable, answers: Answers): Question | null {
  return visibleQuestions(table, answers).find((q) => answers[q.id] === undefined) ?? null;
}

/**
 * Runs the engine.
 * @param raw answers object (parsed JSON): `{ "<question id>": "<answer id>" | ["<answer id>", ...] }`.
 * @returns the advice: one recommendation with scope, launch, mask or atomic scope, alternatives, hazards,
 *   rationale and the rules that fired.
 * @throws DecideError kind 'answers' for an unknown question or answer id (the message lists the allowed ones) or
 *   an asked question left unanswered; kind 'table' when no rule recommends anything (a gap in the table).
 */
export function advise(table: DecisionTable, raw: unknown): Advice {
  const answers = parseAnswers(table, raw);
  const { sets, used, missing, ignored } = walk(table, answers);
  if (missing.length > 0) {
    throw new DecideError(
      'answers',
      missing.map(
        (q) => `${q.id}: "${q.text}" needs an answer (allowed: ${q.answers.map((a) => a.id).join(', ')})`,
      ),
      'incomplete answers',
    );
  }
  const fired = table.rules.filter((rule) => holds(rule.when, sets));
  const chosen = fired.find((rule) => rule.recommend !== undefined);
  if (!chosen?.recommend) {
    const given = used.map((u) => `${u.question}=${u.answers.map((a) => a.id).join('+')}`).join(', ');
    throw new DecideError('table', [`no rule recommends anything for ${given}`], 'gap in the decision table');
  }
  const recommend = chosen.recommend;
  const rec = recommendation(table, recommend.id);
  const atomicScope = recommend.atomicScope ?? null;
  const mask = rec.needsMask ? laneMask(table, sets) : null;
  const scope = recommend.scope ?? rec.scope;
  const vars = { mask: mask ? (mask.value ?? mask.expression) : '', atomicScope: atomicScope ?? '', scope };
  const contributing = fired.filter((rule) => rule === chosen || rule.hazards || rule.note);
  return {
    format: 'syncbench-advice',
    version: 1,
    tableVersion: table.version,
    recommendation: rec.id,
    title: fill(rec.title, vars),
    scope,
    launch: recommend.launch ?? rec.launch,
    atomicScope,
    mask,
    ...priced(rec, atomicScope, sets),
    alternatives: recommend.alternatives.map((alt) => {
      const altRec = recommendation(table, alt.id);
      const altScope = alt.atomicScope ?? null;
      return {
        id: alt.id,
        title: fill(altRec.title, { ...vars, atomicScope: altScope ?? '', scope: altRec.scope }),
        why: alt.why,
        ...priced(altRec, altScope, sets),
      };
    }),
    hazards: hazardsOf(table, fired),
    rationale: [recommend.because, fill(rec.rationale, vars), ...notesOf(fired)].join(' '),
    sources: contributing.map((rule) => ({ rule: rule.id, source: rule.source })),
    answers: used,
    ignored,
  };
}

function recommendation(table: DecisionTable, id: RecommendationId): Recommendation {
  const rec = table.recommendations.find((r) => r.id === id);
  // parseDecisionTable guarantees every id is described; this guards tables built by hand.
  if (!rec)
    throw new DecideError('table', [`recommendation "${id}" is not described`], 'incomplete decision table');
  return rec;
}

function hazardsOf(table: DecisionTable, fired: Rule[]): AdviceHazard[] {
  const ids = new Set<HazardId>(fired.flatMap((rule) => rule.hazards ?? []));
  return table.hazards
    .filter((h) => ids.has(h.id))
    .map((h) => ({ id: h.id, title: h.title, explanation: h.explanation, fix: h.fix }));
}

function notesOf(fired: Rule[]): string[] {
  return fired.flatMap((rule) => (rule.note ? [rule.note] : []));
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

/** The measurement that prices a recommendation for these answers, or why there is none. */
function priced(rec: Recommendation, atomicScope: AtomicScope | null, sets: AnswerSets) {
  const measurement = pickMeasurement(rec, atomicScope, sets);
  return { measurement, unmeasured: measurement ? null : rec.unmeasured };
}

/**
 * The measurement of a recommendation: among those whose `when` holds for the answers (a conditional one first,
 * e.g. the cross-GPU round trip when the consumer is on another GPU), the one of the atomic scope for release-acquire.
 */
function pickMeasurement(
  rec: Recommendation,
  atomicScope: AtomicScope | null,
  sets: AnswerSets,
): Measurement | null {
  const fits = rec.measure
    .filter((x) => !x.when || holds(x.when, sets))
    .sort((a, b) => Number(b.when !== undefined) - Number(a.when !== undefined));
  const m = fits.find((x) => x.atomicScope === (atomicScope ?? undefined)) ?? fits[0];
  return m ? { mode: m.mode, workload: m.workload, param: m.param, unit: m.unit } : null;
}

/** Fills {mask}, {atomicScope}, {scope} (the table schema allows a placeholder only where it has a value). */
function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => vars[name] || match);
}
