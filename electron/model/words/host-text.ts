/**
 * Coded host messages (the contract's HostText): the host makes each one with `hostText` (its English message and
 * its code and parameters together, from english.ts), and any side words one in a language with `renderText` or
 * `renderPieces` over that language's templates. Pure and browser-safe: the renderer uses the same functions.
 */
import type { HostParam, HostText } from '../../contract';
import { HOST_TEXT_EN } from './en/host';

/** Message templates by code path (`import.added` → `templates.import.added`); `list` separates list items. */
export interface TextTemplates {
  readonly [key: string]: string | TextTemplates;
}

/** A run of a rendered message: its text, and whether it is English prose kept as it is (a `{ en }` parameter). */
export interface TextPiece {
  text: string;
  en: boolean;
}

function template(templates: TextTemplates, code: string): string | undefined {
  let node: string | TextTemplates | undefined = templates;
  for (const part of code.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function isText(param: HostParam): param is HostText {
  return typeof param === 'object' && !Array.isArray(param) && 'code' in param;
}

function piecesOf(param: HostParam, templates: TextTemplates): TextPiece[] | null {
  if (typeof param === 'string' || typeof param === 'number') return [{ text: String(param), en: false }];
  if (Array.isArray(param)) {
    const separator = template(templates, 'list') ?? ', ';
    const out: TextPiece[] = [];
    for (const [i, item] of param.entries()) {
      const pieces = piecesOf(item, templates);
      if (pieces === null) return null;
      if (i > 0) out.push({ text: separator, en: false });
      out.push(...pieces);
    }
    return out;
  }
  if (isText(param)) return renderPieces(param, templates);
  return [{ text: param.en, en: true }];
}

/**
 * `text` in the language of `templates`, as runs of text (neighbours of one kind merged): placeholders filled
 * from the parameters, nested texts rendered the same way. Null when a code (this one or a nested one) has no
 * template there, or a placeholder has no parameter: the caller then shows the host's English message.
 */
export function renderPieces(text: HostText, templates: TextTemplates): TextPiece[] | null {
  const source = template(templates, text.code);
  if (source === undefined) return null;
  const out: TextPiece[] = [];
  const push = (piece: TextPiece) => {
    if (piece.text === '') return;
    const last = out.at(-1);
    if (last && last.en === piece.en) last.text += piece.text;
    else out.push({ ...piece });
  };
  let at = 0;
  for (const match of source.matchAll(/\{(\w+)\}/g)) {
    push({ text: source.slice(at, match.index), en: false });
    const param = text.params[match[1]!];
    const pieces = param === undefined ? null : piecesOf(param, templates);
    if (pieces === null) return null;
    pieces.forEach(push);
    at = match.index + match[0].length;
  }
  push({ text: source.slice(at), en: false });
  return out;
}

/** `text` in the language of `templates` as one string, or null as renderPieces. */
export function renderText(text: HostText, templates: TextTemplates): string | null {
  return (
    renderPieces(text, templates)
      ?.map((p) => p.text)
      .join('') ?? null
  );
}

/**
 * A coded message and its English (english.ts): what the host sends, `message` beside `text`.
 * @throws Error when `code` or a nested code has no English template or a placeholder no parameter (a bug here).
 */
export function hostText(code: string, params: HostText['params'] = {}): { text: HostText; message: string } {
  const text = { code, params };
  const message = renderText(text, HOST_TEXT_EN);
  if (message === null)
    throw new Error(`host text "${code}": no English template, or a parameter is missing`);
  return { text, message };
}

/** A nested word or clause of a message, e.g. the reason inside "imported … because {why}". */
export function word(code: string, params: HostText['params'] = {}): HostText {
  return { code, params };
}
