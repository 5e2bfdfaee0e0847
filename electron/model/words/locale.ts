/**
 * Which of the contract's LOCALES a system asks for. Browser-safe: the renderer picks its language
 * from navigator.languages with it, the desktop shell its menus' and dialogs' from Electron's app.getLocale().
 */
import { LOCALES, type Locale } from '../../contract';

/**
 * The supported locale closest to the system's preferred languages (in preference order, BCP 47 tags): any
 * Chinese except the traditional-script variants (zh-TW, zh-HK, zh-MO, zh-Hant) picks zh-CN; anything else
 * English.
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

/** Whether `value` names a supported locale (a saved setting, a request's field). */
export function isLocale(value: unknown): value is Locale {
  return LOCALES.includes(value as Locale);
}
