/** The words of a report in a locale (issue 13 §6): English or Simplified Chinese. */
import type { Locale } from '../../contract';
import type { ReportWords } from './report-words';
import { REPORT_WORDS_EN } from './report-words-en';
import { REPORT_WORDS_ZH_CN } from './report-words-zh-cn';

const WORDS: Record<Locale, ReportWords> = { en: REPORT_WORDS_EN, 'zh-CN': REPORT_WORDS_ZH_CN };

/** The ReportWords of `locale` (default English). */
export function reportWords(locale: Locale = 'en'): ReportWords {
  return WORDS[locale];
}
