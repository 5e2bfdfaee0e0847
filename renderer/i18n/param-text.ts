/**
 * A mode parameter's or stopping-rule field's words in the UI's language: label, help and unit, from the message
 * files' `params.<name>` (`helpByMode.<mode>` where a mode words its help apart). English is the host's own text; the English messages equal the core's (test/unit/renderer/i18n/
 * param-text.test.ts holds them so), so a translation always renders the current English. A parameter the messages
 * do not know (a newer host) keeps the host's English. Parameter names, values
 * and API names are never translated.
 */
import type { ParamInfo } from '../../electron/contract';
import type { Locale } from '../figures/locale';
import { messageIn } from '../figures/translate';

/** The words of a parameter field. */
export interface ParamText {
  label: string;
  help: string;
  unit: string | undefined;
}

/** The words of `param` (of mode `modeId`; null for a stopping-rule field) in `locale`. */
export function paramText(param: ParamInfo, modeId: string | null, locale: Locale): ParamText {
  const key = `params.${param.name}`;
  const own = { label: param.label, help: param.help, unit: param.unit };
  if (locale === 'en' || messageIn('en', `${key}.label`) === undefined) return own;
  const text = (part: string) => messageIn(locale, `${key}.${part}`) ?? messageIn('en', `${key}.${part}`);
  const ownHelp = modeId ? text(`helpByMode.${modeId}`) : undefined;
  return {
    label: text('label') ?? param.label,
    help: ownHelp ?? text('help') ?? param.help,
    unit: param.unit === undefined ? undefined : (text('unit') ?? param.unit),
  };
}
