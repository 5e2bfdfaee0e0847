/**
 * vue-i18n for the renderer's components: `en` and `zh-CN` messages, the composition API, English as
 * the fallback. Technical names (__syncthreads, cudaLaunchCooperativeKernel, mode ids) are never translated: the
 * messages name them as they are. Code outside components translates with translate.ts.
 */
import { createI18n } from 'vue-i18n';
import { setFormatLocale } from '../figures/numbers';
import type { Locale } from '../figures/locale';
import type { UI_EN } from '../../electron/model/words/en/ui';
import { messages } from '../figures/translate';

/** The app's instance. */
export const i18n = createI18n({
  legacy: false,
  locale: 'en',
  fallbackLocale: 'en',
  messages: messages as unknown as Record<Locale, typeof UI_EN>,
  missingWarn: false,
  fallbackWarn: false,
});

/** Switches the app's language: vue-i18n, the number and date formatters, and `<html lang>`. */
export function setLocale(locale: Locale): void {
  i18n.global.locale.value = locale;
  setFormatLocale(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
