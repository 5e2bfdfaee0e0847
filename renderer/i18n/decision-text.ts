/**
 * The decision table's texts in the UI's language. English is the table itself
 * (resources/decision/decision-table.json); Simplified Chinese comes from resources/decision/decision-table.zh-CN.json,
 * keyed by the table's ids: questions and answers, hazards, recommendations (title, rationale, why nothing measures
 * one, each measurement's unit), snippet titles, and the rules' texts (why a rule recommends, its alternatives, its
 * note, the options of a not-possible outcome). A unit test fails when an id is missing in either file. Ids, API
 * names and masks are never translated. A text missing from the translation falls back to English.
 *
 * The advice arrives from the host in English (the host prices it); `localizedAdvice` writes its prose again from
 * the translated table with the core's rewordAdvice, so the texts are put together exactly as the engine does.
 */
import { ADVICE_WORDS, rewordAdvice, type AdviceWords } from '../../electron/model/decide/advice-prose';
import type { AdviceWithCosts } from '../../electron/model/decide/costs';
import { LAUNCH_WORDS, launchText, type LaunchWords } from '../../electron/model/decide/launch-text';
import {
  ADVICE_MARKDOWN_WORDS,
  adviseToMarkdown,
  type AdviceMarkdownWords,
} from '../../electron/model/decide/markdown';
import { PRICE_WORDS, type PriceWords } from '../../electron/model/decide/price-text';
import type { Advice, AdviceHazard, LaunchRequirement } from '../../electron/model/decide/types';
import type {
  DecisionTable,
  Question,
  Recommendation,
  Rule,
  Snippet,
} from '../../electron/model/decide/table-schema';
import zhCN from '../../resources/decision/decision-table.zh-CN.json';
import type { Locale } from '../figures/locale';
import { messageIn } from '../figures/translate';

/** A rule's texts: why it recommends (or why not possible), its title/rationale overrides, alternatives, options, note. */
export interface RuleTranslation {
  because?: string;
  title?: string;
  rationale?: string;
  /** Why each alternative ranks lower, by recommendation id. */
  alternatives?: Record<string, string>;
  /** A not-possible rule's ways out, by recommendation id. */
  options?: Record<string, { when: string; why: string }>;
  note?: string;
}

/** The shape of a translation file. */
export interface DecisionTranslation {
  format: 'syncbench-decision-table-translation';
  locale: Locale;
  questions: Record<string, { text: string; help: string; answers: Record<string, string> }>;
  hazards: Record<string, { title: string; explanation: string; fix: string }>;
  /** `measure`: each measurement's unit, by its workload id. */
  recommendations: Record<
    string,
    { title: string; rationale: string; unmeasured: string | null; measure: Record<string, string> }
  >;
  snippets: Record<string, { title: string }>;
  rules: Record<string, RuleTranslation>;
}

const TRANSLATIONS: Partial<Record<Locale, DecisionTranslation>> = {
  'zh-CN': zhCN as DecisionTranslation,
};

/** `question` with its text, help and answer labels in `locale` (the same object shape, ids unchanged). */
export function localizedQuestion(question: Question, locale: Locale): Question {
  const t = TRANSLATIONS[locale]?.questions[question.id];
  if (!t) return question;
  return {
    ...question,
    text: t.text || question.text,
    help: t.help || question.help,
    answers: question.answers.map((a) => ({ ...a, label: t.answers[a.id] ?? a.label })),
  };
}

/** `hazard` with its title, explanation and fix in `locale`. */
export function localizedHazard(hazard: AdviceHazard, locale: Locale): AdviceHazard {
  const t = TRANSLATIONS[locale]?.hazards[hazard.id];
  return t ? { ...hazard, title: t.title, explanation: t.explanation, fix: t.fix } : hazard;
}

/**
 * `rec` (a recommendation of the table) with its title, rationale, why nothing measures it and each measurement's
 * unit in `locale`; placeholders ({mask}, {atomicScope}) are kept for the engine's fill.
 */
export function localizedRecommendation(rec: Recommendation, locale: Locale): Recommendation {
  const t = TRANSLATIONS[locale]?.recommendations[rec.id];
  if (!t) return rec;
  return {
    ...rec,
    title: t.title || rec.title,
    rationale: t.rationale || rec.rationale,
    unmeasured: rec.unmeasured === null ? null : t.unmeasured || rec.unmeasured,
    measure: rec.measure.map((m) => ({ ...m, unit: t.measure[m.workload] ?? m.unit })),
  };
}

/** `snippet` with its title in `locale` (its code is the file's, never translated). */
export function localizedSnippet(snippet: Snippet, locale: Locale): Snippet {
  const title = TRANSLATIONS[locale]?.snippets[snippet.id]?.title;
  return title ? { ...snippet, title } : snippet;
}

/** `rule` with its reason, overrides, alternatives' and options' texts and note in `locale`. */
function localizedRule(rule: Rule, locale: Locale): Rule {
  const t = TRANSLATIONS[locale]?.rules[rule.id];
  if (!t) return rule;
  const out: Rule = { ...rule };
  if (rule.note) out.note = t.note || rule.note;
  if (rule.recommend) {
    const r = rule.recommend;
    out.recommend = {
      ...r,
      because: t.because || r.because,
      ...(r.title ? { title: t.title || r.title } : {}),
      ...(r.rationale ? { rationale: t.rationale || r.rationale } : {}),
      alternatives: r.alternatives.map((a) => ({ ...a, why: t.alternatives?.[a.id] ?? a.why })),
    };
  }
  if (rule.impossible) {
    out.impossible = {
      because: t.because || rule.impossible.because,
      options: rule.impossible.options.map((o) => ({ ...o, ...(t.options?.[o.id] ?? {}) })),
    };
  }
  return out;
}

const TABLES = new WeakMap<DecisionTable, Map<Locale, DecisionTable>>();

/** `table` with every text in `locale` (cached per table and locale); the English table itself for `en`. */
export function localizedTable(table: DecisionTable, locale: Locale): DecisionTable {
  if (!TRANSLATIONS[locale]) return table;
  const cached = TABLES.get(table)?.get(locale);
  if (cached) return cached;
  const out: DecisionTable = {
    ...table,
    questions: table.questions.map((q) => localizedQuestion(q, locale)),
    recommendations: table.recommendations.map((r) => localizedRecommendation(r, locale)),
    hazards: table.hazards.map((h) => {
      const t = TRANSLATIONS[locale]?.hazards[h.id];
      return t ? { ...h, title: t.title, explanation: t.explanation, fix: t.fix } : h;
    }),
    snippets: table.snippets.map((s) => localizedSnippet(s, locale)),
    rules: table.rules.map((r) => localizedRule(r, locale)),
  };
  TABLES.set(table, (TABLES.get(table) ?? new Map<Locale, DecisionTable>()).set(locale, out));
  return out;
}

/** The words of `defaults` in `locale`: the messages under `prefix`, English where one is missing. */
function wordsIn<W extends object>(defaults: W, prefix: string, locale: Locale): W {
  return Object.fromEntries(
    Object.entries(defaults).map(([key, english]) => [
      key,
      // A group of words (adviceMarkdown.sourceWords) is looked up word by word under its key.
      typeof english === 'object' && english !== null
        ? wordsIn(english as object, `${prefix}.${key}`, locale)
        : (messageIn(locale, `${prefix}.${key}`) ?? english),
    ]),
  ) as W;
}

/**
 * `advice` (from the host, in English) with every text in `locale`: titles, rationale, alternatives, options,
 * hazards, snippet titles, units, costs' source and missing texts, the answers. `table` is the table it came from.
 * @throws Error when the advice names a rule, recommendation, hazard or snippet the table lacks.
 */
export function localizedAdvice<A extends Advice | AdviceWithCosts>(
  advice: A,
  table: DecisionTable,
  locale: Locale,
): A {
  if (!TRANSLATIONS[locale]) return advice;
  const words = wordsIn<AdviceWords>(ADVICE_WORDS, 'adviceText', locale);
  return rewordAdvice(advice, localizedTable(table, locale), words);
}

/** The words of a price (unit of work, conversion, interval, cluster size) in `locale`. */
export function localizedPriceWords(locale: Locale): PriceWords {
  return wordsIn<PriceWords>(PRICE_WORDS, 'priceText', locale);
}

/** `advice` (already in `locale`, see localizedAdvice) as the Markdown export, its headings and labels in `locale`. */
export function adviceMarkdown(advice: AdviceWithCosts, locale: Locale): string {
  const words = wordsIn<AdviceMarkdownWords>(ADVICE_MARKDOWN_WORDS, 'adviceMarkdown', locale);
  return adviseToMarkdown(
    advice,
    words,
    wordsIn<LaunchWords>(LAUNCH_WORDS, 'launch', locale),
    localizedPriceWords(locale),
  );
}

/** The launch a recommendation requires, in words of `locale` (API names and limits as the table gives them). */
export function localizedLaunch(launch: LaunchRequirement | null, locale: Locale): string {
  return launchText(launch, wordsIn<LaunchWords>(LAUNCH_WORDS, 'launch', locale));
}
