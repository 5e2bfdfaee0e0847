/**
 * Messages for code outside components (charts, their exports, the CLI's figures, the HTML report's script): a
 * lookup in the same message files vue-i18n uses, with `{name}` placeholders filled in. It needs neither Vue nor
 * vue-i18n, so the report's inlined script and the CLI stay free of them. Falls back to English, then to the key.
 */
import type { Locale } from './locale';
import { UI_EN as en } from '../../electron/model/words/en/ui';
import { UI_ZH_CN as zhCN } from '../../electron/model/words/zh-CN/ui';

export const messages = { en, 'zh-CN': zhCN } as const;

/** Looks up a message: `key` as in the message files ("chart.summary"), `params` for its {placeholders}. */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

function lookup(tree: object, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The message `key` of `locale` as written (placeholders unfilled), or undefined when that locale lacks it. */
export function messageIn(locale: Locale, key: string): string | undefined {
  return lookup(messages[locale], key);
}

/** A translation function in `locale`. A placeholder without a param stays as written ("{resolution}"). */
export function translatorFor(locale: Locale): Translate {
  return (key, params = {}) => {
    const text = lookup(messages[locale], key) ?? lookup(messages.en, key) ?? key;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in params ? String(params[name]) : whole,
    );
  };
}
