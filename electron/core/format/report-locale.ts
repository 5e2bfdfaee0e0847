/** The words of a report in a locale (issue 13 §6): English or Simplified Chinese. */
import type { Locale } from '../../contract';
import type { ReportWords } from '../../model/words/report';
import { REPORT_EN } from '../../model/words/en/report';
import { REPORT_ZH_CN } from '../../model/words/zh-CN/report';

const WORDS: Record<Locale, ReportWords> = { en: REPORT_EN, 'zh-CN': REPORT_ZH_CN };

/** The ReportWords of `locale` (default English). */
export function reportWords(locale: Locale = 'en'): ReportWords {
  return WORDS[locale];
}
