/**
 * The UI language (issue 13 §6): English or Simplified Chinese, as one reactive value that every formatter reads,
 * so templates that format numbers or dates re-render when the user switches language.
 */
import { ref } from 'vue';

export const LOCALES = ['en', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];

/** The locale shown now (set by setLocale; i18n.ts keeps vue-i18n in step). */
export const currentLocale = ref<Locale>('en');

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
