/**
 * The page the browser shell answers (401) to an address without its token: styled, in the browser's language
 * (Accept-Language, en or zh-CN), saying why (the token changes each time the server starts, so an old address or
 * a shared link no longer opens it) and what to do (open the address `npm start` / `syncbench serve` printed
 * again; a "Which barrier?" link's answers are after the `#`, which the browser keeps in this address and never
 * sends, so the user appends that part to the new address). The page has no script; its style is inline, allowed
 * by its own CSP hash (docs/architecture.md#browser-shell-bounds).
 */
import { createHash } from 'node:crypto';

import type { Locale } from '../contract';
import { renderText, word } from '../model/words/host-text';
import { WORDS } from '../model/words';
import { pickLocale } from '../model/words/locale';

const STYLE = `body{margin:0;background:#f6f7f9;color:#1c1f24;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans CJK SC","Microsoft YaHei",sans-serif}
main{max-width:44rem;margin:3rem auto;padding:1.5rem 2rem;background:#fff;border:1px solid #d5d9e0;border-left:4px solid #b26b00;border-radius:6px}
h1{font-size:1.35rem;margin:0 0 1rem}p{margin:0.6rem 0;overflow-wrap:anywhere}
code{font:0.9em ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#eef0f3;padding:0.05rem 0.3rem;border-radius:3px}
.brand{font-weight:600;color:#0b57a4;margin:0 0 0.5rem}`;

/** The CSP of the page: nothing but its own inline style (its sha256), so no other style or any script runs. */
export const NO_TOKEN_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The preferred languages of an Accept-Language header, best first ("zh-CN,zh;q=0.9,en;q=0.8"). */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        /^q=([\d.]+)$/.exec(params.map((p) => p.trim()).find((p) => p.startsWith('q=')) ?? '')?.[1] ?? 1,
      );
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((l) => l.tag !== '' && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((l) => l.tag);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One template's text as HTML: escaped, `code` spans as <code>. */
function paragraph(locale: Locale, code: string, params: Record<string, string> = {}): string {
  const text = renderText(word(`noToken.${code}`, params), WORDS[locale].host);
  if (text === null) throw new Error(`no-token page: no "${locale}" template noToken.${code}`);
  return escapeHtml(text).replace(/`([^`]*)`/g, '<code>$1</code>');
}

/**
 * The path and query the address asked for, without its token: shown so the user can append it to the new
 * address; null for the start page alone ("/"). The `#` part never reaches the server.
 */
export function askedPath(url: string): string | null {
  const parsed = new URL(url, 'http://localhost');
  parsed.searchParams.delete('token');
  const asked = parsed.pathname + parsed.search;
  return asked === '/' ? null : asked;
}

/**
 * The page for `url` without its token, in the language of `acceptLanguage`: its HTML and locale.
 */
export function noTokenPage(
  url: string,
  acceptLanguage: string | undefined,
): { html: string; locale: Locale } {
  const locale = pickLocale(acceptedLanguages(acceptLanguage));
  const asked = askedPath(url);
  const p = (code: string, params?: Record<string, string>) => `<p>${paragraph(locale, code, params)}</p>`;
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${paragraph(locale, 'title')}</title><style>${STYLE}</style></head>
<body><main data-testid="no-token">
<p class="brand">Sync Workbench</p>
<h1>${paragraph(locale, 'heading')}</h1>
${p('why')}
${p('fix')}
${asked ? p('asked', { path: `\`${asked}\`` }) : ''}
${p('answers')}
</main></body></html>`;
  return { html, locale };
}
