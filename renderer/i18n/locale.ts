/** The UI languages (issue 13 §6): English and Simplified Chinese, and which one the system asks for. */

export const LOCALES = ['en', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * The supported locale closest to the system's preferred languages (navigator.languages order): any Chinese
 * except the traditional-script variants (zh-TW, zh-HK, zh-MO, zh-Hant) picks zh-CN; anything else English.
 */
export function pickLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    if (lower === 'en' || lower.startsWith('en-')) return 'en';
    if (lower === 'zh' || lower.startsWith('zh-')) {
      return /^zh-(tw|hk|mo|hant)/.test(lower) ? 'en' : 'zh-CN';
    }
  }
  return 'en';
}

/** Whether `value` names a supported locale (e.g. a saved setting). */
export function isLocale(value: unknown): value is Locale {
  return LOCALES.includes(value as Locale);
}
