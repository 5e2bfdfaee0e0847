/**
 * The Methods text in the UI's language (issue 13 §6): the core writes it (electron/model/methods) from the
 * measuring code in the words of a locale module (words-en.ts, words-zh-cn.ts), with the mode titles and questions
 * of the messages (`modeTitles`, `modeQuestions`). API names, files, formulas and numbers are the core's. A mode the
 * Chinese words do not describe yet keeps English paragraphs, which the section marks (`lang: 'en'`).
 */
import { runMethodLines, runMethodRows, type RunMethodRow } from '../../electron/model/methods/run-method';
import { methodSections } from '../../electron/model/methods/sections';
import type { MethodSection } from '../../electron/model/methods/types';
import { METHOD_WORDS_EN } from '../../electron/model/words/en/methods';
import { METHOD_WORDS_ZH_CN } from '../../electron/model/words/zh-CN/methods';
import type { MethodWords, ModeText } from '../../electron/model/words/methods';
import { MODES } from '../../electron/model/modes';
import type { ResultFile } from '../../electron/model/results/schema';
import type { Locale } from '../figures/locale';
import { messageIn } from '../figures/translate';

const WORDS: Record<Locale, MethodWords> = { en: METHOD_WORDS_EN, 'zh-CN': METHOD_WORDS_ZH_CN };

/** A mode's title and question in `locale` (the messages; the mode's own English where one is missing). */
function modeTextIn(locale: Locale): (id: string) => ModeText {
  return (id) => {
    const info = MODES.find((m) => m.info.id === id)!.info;
    return {
      title: messageIn(locale, `modeTitles.${id}`) ?? info.title,
      question: messageIn(locale, `modeQuestions.${id}`) ?? info.question,
    };
  };
}

/** One result's own plan in sentences (see runMethodLines) in `locale`. */
export function runMethodLinesIn(result: ResultFile, locale: Locale): string[] {
  return runMethodLines(result, WORDS[locale].run);
}

/** One result's per-point plan and figures (see runMethodRows), its texts in `locale`. */
export function runMethodRowsIn(result: ResultFile, locale: Locale): RunMethodRow[] {
  return runMethodRows(result, WORDS[locale].run);
}

/** The method sections of `modeIds` (see methodSections) in `locale`. */
export function methodSectionsIn(modeIds: string[], locale: Locale): MethodSection[] {
  return methodSections(modeIds, WORDS[locale], modeTextIn(locale));
}
