/**
 * The Methods text's headings in the UI's language (issue 13 §6). The text itself is written from the measuring
 * code (electron/core/methods) and stays English: its paragraphs name APIs, files and formulas exactly as the code
 * does, and the view says so. Mode ids and API names in the headings are never translated; a heading the messages
 * do not know (a newer core) stays as the core wrote it.
 */
import type { MethodSection } from '../../electron/core/methods/types';
import { modeInfos } from '../../electron/core/modes';
import type { Locale } from './locale';
import en from './messages/en';
import { modeText } from './mode-text';
import { messageIn, translatorFor } from './translate';

const SHARED_KEYS = new Map(Object.entries(en.methodsBody.sections).map(([key, title]) => [title, key]));

/**
 * The heading of `section` in `locale`: a mode's section (`modeId` given) as "Mode `id`: title" with the mode's
 * title translated, a shared section by its English title.
 */
export function methodHeading(section: MethodSection, modeId: string | null, locale: Locale): string {
  if (locale === 'en') return section.title;
  const t = translatorFor(locale);
  if (modeId !== null) {
    const title = messageIn(locale, `modeTitles.${modeId}`);
    return title ? t('methodsBody.modeSection', { id: `\`${modeId}\``, title }) : section.title;
  }
  const key = SHARED_KEYS.get(section.title);
  return (key && messageIn(locale, `methodsBody.sections.${key}`)) || section.title;
}

/**
 * The question a mode's section opens with (its first paragraph, the mode's own question) in `locale`, from the
 * translations the Run view uses (mode-text.ts); null when the section does not open with its mode's question.
 */
export function methodQuestion(section: MethodSection, modeId: string | null, locale: Locale): string | null {
  const mode = modeId === null ? undefined : modeInfos().find((m) => m.id === modeId);
  if (!mode || section.paragraphs[0] !== mode.question) return null;
  return modeText(mode, locale).question;
}
