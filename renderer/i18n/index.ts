/**
 * vue-i18n for the renderer (issue 13 §6): `en` and `zh-CN` messages, the composition API, English as the
 * fallback. Technical names (__syncthreads, cudaLaunchCooperativeKernel, mode ids) are never translated: the
 * messages name them as they are.
 */
import { createI18n } from 'vue-i18n';
import { currentLocale, type Locale } from './locale';
import en from './messages/en';
import zhCN from './messages/zh-CN';

export const messages = { en, 'zh-CN': zhCN } as const;

/** One vue-i18n instance with the workbench's messages in `locale` (the app's, and the CLI's figures). */
export function createWorkbenchI18n(locale: Locale) {
  return createI18n({
    legacy: false,
    locale,
    fallbackLocale: 'en',
    messages: messages as unknown as Record<Locale, typeof en>,
    missingWarn: false,
    fallbackWarn: false,
  });
}

/** The app's instance. */
export const i18n = createWorkbenchI18n(currentLocale.value);

/** Switches the app's language: vue-i18n, the number and date formatters, and `<html lang>`. */
export function setLocale(locale: Locale): void {
  currentLocale.value = locale;
  i18n.global.locale.value = locale;
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** Looks up a message: `key` as in the message files, `params` for its {placeholders}. */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

const translators = new Map<Locale, Translate>();

/**
 * A translation function in `locale` for code outside components (charts, their exports, the CLI's figures), which
 * must draw in the language asked for, not only the app's.
 */
export function translatorFor(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t) {
    const { global } = createWorkbenchI18n(locale);
    t = (key, params = {}) => global.t(key, params);
    translators.set(locale, t);
  }
  return t;
}
