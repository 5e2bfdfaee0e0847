/**
 * Run-form fields: the text a field starts with (the parameter's default) and the client-side check of what the
 * user typed (kind and range from ParamInfo). An empty field is left out of the request, so the host applies the
 * mode's default (which may depend on the device, e.g. a cooperative maximum).
 */
import type { ParamInfo } from '../../electron/contract';
import { translatorFor, type Translate } from '../figures/translate';

const ENGLISH = translatorFor('en');

export type ParamValue = number | string | number[];

/** The outcome of checking one field: its value (undefined: left to the host's default) or what is wrong. */
export type ParamCheck = { ok: true; value: ParamValue | undefined } | { ok: false; error: string };

/** The initial text of a field: the default, lists comma-separated, nothing when the host decides. */
export function defaultText(param: ParamInfo): string {
  if (param.default === null) return '';
  return Array.isArray(param.default) ? param.default.join(', ') : String(param.default);
}

function rangeError(param: ParamInfo, value: number, t: Translate): string | null {
  const unit = param.unit ? ` ${param.unit}` : '';
  const { min, max } = param;
  if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
    if (min !== undefined && max !== undefined) return t('paramField.between', { min, max, unit });
    return min !== undefined ? t('paramField.atLeast', { min, unit }) : t('paramField.atMost', { max, unit });
  }
  return null;
}

function checkNumber(param: ParamInfo, text: string, integer: boolean, t: Translate): ParamCheck {
  const value = Number(text);
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text) || !Number.isFinite(value)) {
    return { ok: false, error: t(integer ? 'paramField.wholeNumber' : 'paramField.number') };
  }
  if (integer && !Number.isInteger(value)) return { ok: false, error: t('paramField.wholeNumber') };
  const error = rangeError(param, value, t);
  return error ? { ok: false, error } : { ok: true, value };
}

function checkIntList(param: ParamInfo, text: string, t: Translate): ParamCheck {
  const items = text.split(/[\s,]+/).filter(Boolean);
  const values: number[] = [];
  for (const item of items) {
    const check = checkNumber(param, item, true, t);
    if (!check.ok) return { ok: false, error: t('paramField.item', { item, error: check.error }) };
    values.push(check.value as number);
  }
  return { ok: true, value: values };
}

/** Checks the text of one field against its parameter's kind and range; the message in `t`'s language. */
export function checkParam(param: ParamInfo, raw: string, t: Translate = ENGLISH): ParamCheck {
  const text = raw.trim();
  if (text === '') return { ok: true, value: undefined };
  switch (param.kind) {
    case 'int':
      return checkNumber(param, text, true, t);
    case 'number':
      return checkNumber(param, text, false, t);
    case 'enum':
      return param.values?.includes(text)
        ? { ok: true, value: text }
        : { ok: false, error: t('paramField.oneOf', { values: (param.values ?? []).join(', ') }) };
    case 'int-list':
      return checkIntList(param, text, t);
  }
}
