/**
 * A mode's title and question in the UI's language (issue 13 §6), from the message files' `modeTitles` and
 * `modeQuestions`. English is the host's own text (the English messages equal the core's, held so by a unit test);
 * a mode the messages do not know keeps the host's words. Mode ids and API names are never translated.
 */
import type { ModeInfo } from '../../electron/contract';
import type { Locale } from '../figures/locale';
import { messageIn } from '../figures/translate';

/** The title and question of `mode` in `locale`. */
export function modeText(
  mode: Pick<ModeInfo, 'id' | 'title' | 'question'>,
  locale: Locale,
): {
  title: string;
  question: string;
} {
  if (locale === 'en') return { title: mode.title, question: mode.question };
  return {
    title: messageIn(locale, `modeTitles.${mode.id}`) ?? mode.title,
    question: messageIn(locale, `modeQuestions.${mode.id}`) ?? mode.question,
  };
}
