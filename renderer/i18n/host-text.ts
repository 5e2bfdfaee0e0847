/**
 * The host's coded messages in the UI's language: the host sends each message in English with its
 * code and parameters (the contract's HostText, worded by electron/model/words); the renderer words the code from
 * the message files' `hostText` (en.ts holds the host's own templates, so English is the host's text). A code the
 * messages do not know (a newer host), or a message without a code (an older host), shows the host's English,
 * marked as English in any other language.
 */
import type { Failure, HostText } from '../../electron/contract';
import { renderPieces, word, type TextPiece, type TextTemplates } from '../../electron/model/words/host-text';
import type { Locale } from '../figures/locale';
import { messages } from '../figures/translate';

export type { TextPiece };

/** A host message: its English, and its code and parameters where the host sent them. */
export interface HostWords {
  message: string;
  text?: HostText | undefined;
}

/**
 * A refusal's field messages by field name: each field's English with its code where the host sent one
 * (`fieldTexts`), so it is worded in the UI's language; a field without a code shows its English.
 */
export function fieldWords(failure: Pick<Failure, 'fieldErrors' | 'fieldTexts'>): Record<string, HostWords> {
  return Object.fromEntries(
    Object.entries(failure.fieldErrors ?? {}).map(([field, message]) => {
      const text = failure.fieldTexts?.[field];
      return [field, text ? { message, text } : { message }];
    }),
  );
}

/** A field's message on a line of its own, after the field's name (`plan.field`: "iters: …"). */
export function namedFieldWords(field: string, words: HostWords): HostWords {
  const message = `${field}: ${words.message}`;
  return words.text ? { message, text: word('plan.field', { field, problem: words.text }) } : { message };
}

/**
 * `words` in `locale` as runs of text; a run with `en: true` is English on a page in another language (English
 * prose inside a translated message, or the whole host message when its code is unknown).
 */
export function hostPieces(words: HostWords, locale: Locale): TextPiece[] {
  if (locale === 'en') return [{ text: words.message, en: false }];
  const templates = messages[locale].hostText as unknown as TextTemplates;
  const pieces = words.text ? renderPieces(words.text, templates) : null;
  return pieces ?? [{ text: words.message, en: true }];
}

/** `words` in `locale` as one string (see hostPieces). */
export function hostMessage(words: HostWords, locale: Locale): string {
  return hostPieces(words, locale)
    .map((p) => p.text)
    .join('');
}

/** Whether `words` shows English in `locale` (never in English itself), so a view can say why. */
export function hasEnglish(words: HostWords, locale: Locale): boolean {
  return locale !== 'en' && hostPieces(words, locale).some((p) => p.en);
}
