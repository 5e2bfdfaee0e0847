/**
 * The prose of an advice, written from the decision table: one place that says how the engine's texts are put
 * together (a rule's reason, the recommendation's rationale, the notes; titles with {mask}, {atomicScope}, {scope}
 * filled in), used by the engine (engine.ts) and by `rewordAdvice`, which writes an advice's prose again from a
 * table whose texts are in another language (the renderer's zh-CN translation) without running the engine again.
 * Ids, masks, API names, measurements and costs' numbers never change. No Node imports: the renderer uses it.
 */
import type { AdviceWithCosts, Cost, CostRow } from './cost-types';
import type { AdviceWords } from '../words/decide';
import { DECIDE_EN } from '../words/en/decide';
import { fillFigures, type MeasuredFigure } from './figures';
import type { DecisionTable, Recommendation, Rule } from './table-schema';
import type { Advice, AdviceSnippet, AtomicScope, LaneMask, Measurement, Scope } from './types';

export type { AdviceWords };

/** The English words (words/en/decide.ts): what the engine, the CLI and `syncbench advise --format md` use. */
export const ADVICE_WORDS: AdviceWords = DECIDE_EN.advice;

/**
 * `advice` with every `{figure:<id>}` of its prose (rationale, alternatives' and options' reasons, hazards'
 * explanations) filled from `figures` in `words` (figures.ts), and `figures` recorded on it.
 */
export function withFigures<A extends Advice>(
  advice: A,
  figures: readonly MeasuredFigure[],
  words: AdviceWords = ADVICE_WORDS,
): A {
  const figureWords = {
    phases: { measured: words.phasesMeasured, unmeasured: words.phasesUnmeasured },
    gridBlock: { measured: words.gridBlockMeasured, unmeasured: words.gridBlockUnmeasured },
  };
  const text = (t: string) => fillFigures(t, figures, figureWords, (source) => sourceText(source, words));
  return {
    ...advice,
    figures: [...figures],
    rationale: text(advice.rationale),
    alternatives: advice.alternatives.map((a) => ({ ...a, why: text(a.why) })),
    options: advice.options.map((o) => ({ ...o, why: text(o.why) })),
    hazards: advice.hazards.map((h) => ({ ...h, explanation: text(h.explanation) })),
  };
}

/** The values a title or rationale template may name (the table schema's RATIONALE_PLACEHOLDERS). */
export interface TemplateVars {
  mask: string;
  atomicScope: string;
  scope: string;
}

/** Fills {mask}, {atomicScope}, {scope}; an empty value leaves the placeholder (the schema allows it only where set). */
export function fill(template: string, vars: TemplateVars | Record<string, string>): string {
  const values = vars as Record<string, string>;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => values[name] || match);
}

/** Fills `{name}` placeholders of an AdviceWords text. */
export function wordsText(text: string, params: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (match, name: string) => params[name] ?? match);
}

/** The template values of a recommendation: its mask (the literal, else the expression), atomic scope and scope. */
export function templateVars(
  mask: LaneMask | null,
  atomicScope: AtomicScope | null,
  scope: Scope,
): TemplateVars {
  return { mask: mask ? (mask.value ?? mask.expression) : '', atomicScope: atomicScope ?? '', scope };
}

/** A rationale: the sentences joined by the words' separator. */
export function rationaleText(sentences: string[], words: AdviceWords = ADVICE_WORDS): string {
  return sentences.join(words.sentenceSeparator);
}

/** The notes of the rules that fired, in table order. */
export function notesOf(rules: Rule[]): string[] {
  return rules.flatMap((rule) => (rule.note ? [rule.note] : []));
}

/** Where a cost's number comes from, e.g. "measured on NVIDIA H200 2026-12-01". */
export function sourceText(source: CostRow['source'], words: AdviceWords = ADVICE_WORDS): string {
  const text = {
    measured: words.measuredOn,
    reference: words.referenceSource,
    published: words.publishedSource,
  };
  return wordsText(text[source.kind], { where: source.where });
}

/** Why a cost has no number: what to run, the table's reason, or that nothing measures it. */
export function missingText(
  measurement: Measurement | null,
  unmeasured: string | null,
  words: AdviceWords = ADVICE_WORDS,
): string {
  return measurement
    ? wordsText(words.notMeasured, { mode: measurement.mode, workload: measurement.workload })
    : (unmeasured ?? words.nothingMeasures);
}

/**
 * `advice` with its prose written again from `table` (the table it came from, or the same table with its texts in
 * another language) and `words`: titles, rationale, alternatives' and options' texts, measurement units, the
 * reasons nothing measures a choice, hazards, snippet titles, the answers' question texts and labels, and (for
 * advice with costs) each cost's unit, source text and missing text. Everything else is kept as it is. The rules
 * are found through `advice.sources` (the deciding rule is the first of them that recommends or says not possible),
 * so `rewordAdvice(advice, tableItCameFrom)` returns an equal advice.
 * @throws Error when `advice` names a rule, recommendation, hazard or snippet that `table` lacks (another table).
 */
export function rewordAdvice<A extends Advice | AdviceWithCosts>(
  advice: A,
  table: DecisionTable,
  words: AdviceWords = ADVICE_WORDS,
): A {
  const rules = advice.sources.map((s) => find(table.rules, s.rule, 'rule'));
  const chosen = rules.find((rule) => rule.recommend !== undefined || rule.impossible !== undefined);
  if (!chosen)
    throw new Error(`the advice names no deciding rule of this table (${advice.sources.length} sources)`);
  const reworded = chosen.impossible
    ? rewordNotPossible(advice, table, chosen.impossible, rules, words)
    : rewordRecommended(advice, table, chosen.recommend!, rules, words);
  const filled = withFigures(reworded, advice.figures, words);
  if (!('costs' in advice)) return filled as A;
  return { ...filled, costs: rewordCosts(advice.costs, table, words) } as A;
}

/** The parts of an advice that every outcome has: hazards and the answers' question texts and labels. */
function rewordCommon(advice: Advice, table: DecisionTable): Pick<Advice, 'hazards' | 'answers'> {
  return {
    hazards: advice.hazards.map((h) => {
      const hazard = find(table.hazards, h.id, 'hazard');
      return {
        ...h,
        title: hazard.title,
        explanation: hazard.explanation,
        fix: hazard.fix,
        snippet: rewordSnippet(table, h.snippet),
      };
    }),
    answers: advice.answers.map((a) => {
      const question = find(table.questions, a.question, 'question');
      return {
        ...a,
        text: question.text,
        answers: a.answers.map((x) => ({
          ...x,
          label: question.answers.find((q) => q.id === x.id)?.label ?? x.label,
        })),
      };
    }),
  };
}

function rewordSnippet(table: DecisionTable, s: AdviceSnippet): AdviceSnippet {
  return { ...s, title: find(table.snippets, s.id, 'snippet').title };
}

/** A not-possible outcome: its title, each option's texts, and the rationale of the deciding rule. */
function rewordNotPossible(
  advice: Advice,
  table: DecisionTable,
  impossible: NonNullable<Rule['impossible']>,
  rules: Rule[],
  words: AdviceWords,
): Advice {
  const mask = laneMaskOf(table, advice);
  return {
    ...advice,
    ...rewordCommon(advice, table),
    title: words.notPossibleTitle,
    options: advice.options.map((o, i) => {
      const option = impossible.options[i]!;
      const r = find(table.recommendations, o.id, 'recommendation');
      const vars = templateVars(r.needsMask ? mask : null, o.atomicScope, r.scope);
      return {
        ...o,
        title: fill(r.title, vars),
        when: option.when,
        why: option.why,
        ...priced(r, o.measurement),
        snippet: rewordSnippet(table, o.snippet),
      };
    }),
    rationale: rationaleText([impossible.because, ...notesOf(rules)], words),
  };
}

/** A recommendation: its title, measurement, snippet, alternatives and rationale. */
function rewordRecommended(
  advice: Advice,
  table: DecisionTable,
  recommend: NonNullable<Rule['recommend']>,
  rules: Rule[],
  words: AdviceWords,
): Advice {
  const r = find(table.recommendations, recommend.id, 'recommendation');
  const vars = templateVars(advice.mask, advice.atomicScope, advice.scope ?? r.scope);
  return {
    ...advice,
    ...rewordCommon(advice, table),
    title: fill(recommend.title ?? r.title, vars),
    ...priced(r, advice.measurement),
    snippet: advice.snippet && rewordSnippet(table, advice.snippet),
    alternatives: advice.alternatives.map((a, i) => {
      const alt = recommend.alternatives[i]!;
      const altRec = find(table.recommendations, a.id, 'recommendation');
      const altVars = { ...vars, atomicScope: alt.atomicScope ?? '', scope: altRec.scope };
      return { ...a, title: fill(altRec.title, altVars), why: alt.why, ...priced(altRec, a.measurement) };
    }),
    rationale: rationaleText(
      [recommend.because, fill(recommend.rationale ?? r.rationale, vars), ...notesOf(rules)],
      words,
    ),
  };
}

/** Each cost's unit, source text and missing text, in `words`; the numbers are kept. */
function rewordCosts(
  costs: AdviceWithCosts['costs'],
  table: DecisionTable,
  words: AdviceWords,
): AdviceWithCosts['costs'] {
  const costOf = (c: Cost): Cost => {
    const { measurement, unmeasured } = priced(
      find(table.recommendations, c.id, 'recommendation'),
      c.measurement,
    );
    return {
      ...c,
      measurement,
      sourceLabel: c.source ? sourceText(c.source, words) : null,
      missing: c.perSyncNs === null ? missingText(measurement, unmeasured, words) : null,
    };
  };
  return {
    unit: costs.unit,
    recommendation: costs.recommendation && costOf(costs.recommendation),
    alternatives: costs.alternatives.map(costOf),
    options: costs.options.map(costOf),
  };
}

/** A measurement with the unit of the table's entry for its workload, and the table's reason when there is none. */
function priced(rec: Recommendation, measurement: Measurement | null) {
  if (!measurement) return { measurement, unmeasured: rec.unmeasured };
  const entry = rec.measure.find((m) => m.workload === measurement.workload && m.param === measurement.param);
  return { measurement: { ...measurement, unit: entry?.unit ?? measurement.unit }, unmeasured: null };
}

/** The mask the answers stand for (the first asked question whose chosen answer has a mask), as the engine picks it. */
function laneMaskOf(table: DecisionTable, advice: Advice): LaneMask | null {
  for (const question of table.questions) {
    const chosen = new Set(advice.answers.find((a) => a.question === question.id)?.answers.map((a) => a.id));
    const answer = question.answers.find((a) => a.mask && chosen.has(a.id));
    if (answer?.mask) return answer.mask;
  }
  return null;
}

function find<T extends { id: string }>(items: readonly T[], id: string, what: string): T {
  const item = items.find((x) => x.id === id);
  if (!item) throw new Error(`the advice names ${what} "${id}", which this decision table lacks`);
  return item;
}
