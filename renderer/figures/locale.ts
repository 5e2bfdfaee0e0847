/**
 * The UI languages: English and Simplified Chinese (the contract's LOCALES: the host words its
 * reports and desktop windows in the same ones), and which one the system asks for (electron/model/words/locale.ts,
 * which the desktop shell uses too).
 */
export { LOCALES, type Locale } from '../../electron/contract';
export { isLocale, pickLocale } from '../../electron/model/words/locale';
