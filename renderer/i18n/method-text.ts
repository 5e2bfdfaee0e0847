/**
 * The Methods text in the UI's language: the core writes it (electron/model/methods) from the measuring code in the
 * words of a locale (electron/model/words/{en,zh-CN}/methods.ts), with each mode's title and question from
 * mode-text.ts (English from the mode's own ModeInfo, another language from its modes words). API names, files,
 * formulas and numbers are the core's. A mode the Chinese words do not describe yet keeps English paragraphs, which
 * the section marks (`lang: 'en'`).
 */
import { runMethodLines, runMethodRows, type RunMethodRow } from '../../electron/model/methods/run-method';
import { methodSections } from '../../electron/model/methods/sections';
import type { MethodSection } from '../../electron/model/methods/types';
import { WORDS } from '../../electron/model/words';
import type { ModeText } from '../../electron/model/words/methods';
import { MODES } from '../../electron/model/modes';
import type { ResultFile } from '../../electron/model/results/schema';
import type { Locale } from '../figures/locale';
import { modeText } from './mode-text';

/** A mode's title and question in `locale` (see modeText). */
function modeTextIn(locale: Locale): (id: string) => ModeText {
  return (id) => modeText(MODES.find((m) => m.info.id === id)!.info, locale);
}

/** One result's own plan in sentences (see runMethodLines) in `locale`. */
export function runMethodLinesIn(result: ResultFile, locale: Locale): string[] {
  return runMethodLines(result, WORDS[locale].methods.run);
}

/** One result's per-point plan and figures (see runMethodRows), its texts in `locale`. */
export function runMethodRowsIn(result: ResultFile, locale: Locale): RunMethodRow[] {
  return runMethodRows(result, WORDS[locale].methods.run);
}

/** The method sections of `modeIds` (see methodSections) in `locale`. */
export function methodSectionsIn(modeIds: string[], locale: Locale): MethodSection[] {
  return methodSections(modeIds, WORDS[locale].methods, modeTextIn(locale));
}
