/**
 * The decision table's question and hazard texts in the UI's language (issue 13 §6). English is the table itself
 * (resources/decision/decision-table.json); Simplified Chinese comes from resources/decision/decision-table.zh-CN.json,
 * keyed by the table's ids, and a unit test fails when an id is missing in either file. Ids, API names and masks
 * are never translated. A text missing from the translation falls back to English.
 */
import { LAUNCH_WORDS, launchText, type LaunchWords } from '../../electron/core/decide/launch-text';
import type { AdviceHazard, LaunchRequirement } from '../../electron/core/decide/types';
import type { Question } from '../../electron/core/decide/table-schema';
import zhCN from '../../resources/decision/decision-table.zh-CN.json';
import type { Locale } from './locale';
import { messageIn } from './translate';

/** The shape of a translation file. */
export interface DecisionTranslation {
  format: 'syncbench-decision-table-translation';
  locale: Locale;
  questions: Record<string, { text: string; help: string; answers: Record<string, string> }>;
  hazards: Record<string, { title: string; explanation: string; fix: string }>;
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

/** The launch a recommendation requires, in words of `locale` (API names and limits as the table gives them). */
export function localizedLaunch(launch: LaunchRequirement | null, locale: Locale): string {
  const words = Object.fromEntries(
    Object.entries(LAUNCH_WORDS).map(([key, english]) => [
      key,
      messageIn(locale, `launch.${key}`) ?? english,
    ]),
  ) as unknown as LaunchWords;
  return launchText(launch, words);
}
