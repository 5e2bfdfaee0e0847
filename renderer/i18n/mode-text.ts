/**
 * A mode's title and question in the UI's language. English is written once, in the mode's module: the `ModeInfo`
 * the host sends (`mode.title`, `mode.question`); another language's come from its modes words
 * (electron/model/words/<locale>/modes.ts). A mode those words do not know keeps the host's English. Mode ids and
 * API names are never translated.
 */
import type { ModeInfo } from '../../electron/contract';
import { WORDS } from '../../electron/model/words';
import type { Locale } from '../figures/locale';

/** The title and question of `mode` in `locale`. */
export function modeText(
  mode: Pick<ModeInfo, 'id' | 'title' | 'question'>,
  locale: Locale,
): {
  title: string;
  question: string;
} {
  const words = WORDS[locale].modes[mode.id];
  return { title: words?.title ?? mode.title, question: words?.question ?? mode.question };
}
