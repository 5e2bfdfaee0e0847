/**
 * The words of a report in a locale, English or Simplified Chinese: the locale's report catalogue
 * (electron/model/words/<locale>/report.ts) with what comes from other areas composed in: the verdict rule filled
 * with the comparison's thresholds (docs/methods.md#comparing-runs), and each mode's title and question (English:
 * the mode's own ModeInfo; another locale: its modes words, falling back to English).
 */
import type { Locale } from '../../contract';
import { verdictRuleText } from '../../model/compare/verdict';
import { englishModeText } from '../../model/methods/sections';
import { WORDS } from '../../model/words';
import type { ModeText } from '../../model/words/methods';
import type { ReportWords } from '../../model/words/report';

function composed(locale: Locale): ReportWords {
  const words = WORDS[locale];
  const modeText = (id: string): ModeText => {
    const en = englishModeText(id);
    const own = words.modes[id];
    return { title: own?.title ?? en.title, question: own?.question ?? en.question };
  };
  const rule = verdictRuleText(words.compare.verdictRule);
  return { ...words.report, comparison: { ...words.report.comparison, rule }, modeText };
}

const REPORTS: Record<Locale, ReportWords> = { en: composed('en'), 'zh-CN': composed('zh-CN') };

/** The ReportWords of `locale` (default English). */
export function reportWords(locale: Locale = 'en'): ReportWords {
  return REPORTS[locale];
}

/** The English ReportWords: what the CLI and the exports say by default. */
export const REPORT_WORDS_EN: ReportWords = REPORTS.en;
