/**
 * Fonts of the CLI's figures (docs/figures.md#fonts): headless GPU hosts often have no Chinese font, and Skia then
 * draws every Chinese character as the missing-glyph box. The CLI registers Noto Sans SC (SIL Open Font License,
 * the npm package @fontsource/noto-sans-sc: Latin and Simplified Chinese, regular and bold) with @napi-rs/canvas
 * under the family FIGURE_FONT names, and checks every text a figure drew: a character no font could draw fails
 * the export (FigureTextError, exit 4) instead of writing boxes.
 */
import { createRequire } from 'node:module';

import type * as NapiCanvas from '@napi-rs/canvas';

import { FIGURE_FONT, FIGURE_CJK_FAMILY } from '../../renderer/figures/plugins';

/** The files registered: `@fontsource/noto-sans-sc/files/noto-sans-sc-<subset>-<weight>-normal.woff2`. */
const SUBSETS = ['latin', 'chinese-simplified'] as const;
const WEIGHTS = [400, 700] as const;

/** Characters a FigureTextError names at most (the rest are counted). */
const NAMED_AT_MOST = 12;

/** Characters no font of the figure could draw; the message names them and what to do. */
export class FigureTextError extends Error {
  override name = 'FigureTextError';
  constructor(readonly characters: readonly string[]) {
    const named = characters.slice(0, NAMED_AT_MOST).map((c) => {
      const code = c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
      return `"${c}" (U+${code})`;
    });
    const more = characters.length > NAMED_AT_MOST ? ` and ${characters.length - NAMED_AT_MOST} more` : '';
    super(
      `the figure cannot be drawn: no font here has ${named.join(', ')}${more}; ` +
        `install the npm package @fontsource/noto-sans-sc next to the CLI (or a system font with these characters), ` +
        `or export with --locale en`,
    );
  }
}

let registered: string[] | null = null;

/**
 * Registers the Noto Sans SC files (once) under FIGURE_CJK_FAMILY; returns the files registered (none when the
 * package is not installed, e.g. in the self-contained GPU-host bundle: checkGlyphs then names what is missing).
 */
export function registerFigureFonts(canvas: typeof NapiCanvas): string[] {
  if (registered) return registered;
  const require = createRequire(import.meta.url);
  registered = SUBSETS.flatMap((subset) =>
    WEIGHTS.flatMap((weight) => {
      const file = `@fontsource/noto-sans-sc/files/noto-sans-sc-${subset}-${weight}-normal.woff2`;
      let path: string;
      try {
        path = require.resolve(file);
      } catch {
        return [];
      }
      return canvas.GlobalFonts.registerFromPath(path, FIGURE_CJK_FAMILY) ? [path] : [];
    }),
  );
  return registered;
}

/** The alpha of each pixel of `text` drawn alone in the figures' font (20 px), as a string of 0s and 1s. */
function inkOf(canvas: typeof NapiCanvas, text: string): string {
  const surface = canvas.createCanvas(40, 32);
  const context = surface.getContext('2d');
  context.font = `20px ${FIGURE_FONT}`;
  context.fillStyle = '#000000';
  context.fillText(text, 4, 24);
  const alpha = context.getImageData(0, 0, 40, 32).data.filter((_, i) => i % 4 === 3);
  return Array.from(alpha, (a) => (a > 100 ? '1' : '0')).join('');
}

/** A private-use character no font has: what Skia draws for it is the missing-glyph box. */
const NO_GLYPH = '\uE000';

/**
 * The characters of `texts` that no font of the figures' font stack can draw: each drawn alone looks exactly like
 * a character no font has (the missing-glyph box). White space is not checked.
 */
export function undrawableCharacters(canvas: typeof NapiCanvas, texts: Iterable<string>): string[] {
  const characters = new Set<string>();
  for (const text of texts) for (const c of text) if (!/\s/u.test(c)) characters.add(c);
  const box = inkOf(canvas, NO_GLYPH);
  return [...characters].filter((c) => inkOf(canvas, c) === box);
}

/** @throws FigureTextError naming the characters of `texts` no font can draw. */
export function checkGlyphs(canvas: typeof NapiCanvas, texts: Iterable<string>): void {
  const missing = undrawableCharacters(canvas, texts);
  if (missing.length > 0) throw new FigureTextError(missing);
}
