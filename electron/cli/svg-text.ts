/**
 * The texts of the CLI's SVG figures as whole strings (docs/figures.md#fonts). Skia's SVG canvas writes each run
 * of glyphs as a <text> of its own with one x per glyph and the family of the font it picked on this host (e.g.
 * "DejaVu Sans"), so the file was large and looked right only where that font exists. The CLI records each text as
 * Chart.js draws it (string, position, transform, font, colour, alignment), drops Skia's <text> elements and writes
 * one <text> per string with the figures' font stack (FIGURE_FONT: a generic family last), plus the figure's
 * <title> and <desc>.
 */
import type * as NapiCanvas from '@napi-rs/canvas';

import { ANCHOR, BASELINE, parseFont } from '../../renderer/figures/font-parts';

/** One fillText call: the string, where, and how it was drawn. */
export interface DrawnText {
  text: string;
  x: number;
  y: number;
  /** The context's transform then: a, b, c, d, e, f. */
  matrix: [number, number, number, number, number, number];
  font: string;
  fill: string;
  align: string;
  baseline: string;
}

/** XML text with &, <, > and " escaped. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Records every fillText and strokeText on `context` (the strings go into `all`, for the glyph check); the filled
 * ones go into the returned list, for the SVG.
 */
export function recordTexts(context: NapiCanvas.SKRSContext2D, all: Set<string>): DrawnText[] {
  const drawn: DrawnText[] = [];
  const fill = context.fillText.bind(context);
  const stroke = context.strokeText.bind(context);
  context.fillText = (text: string, x: number, y: number, maxWidth?: number) => {
    all.add(text);
    const { a, b, c, d, e, f } = context.getTransform();
    drawn.push({
      text,
      x,
      y,
      matrix: [a, b, c, d, e, f],
      font: context.font,
      fill: String(context.fillStyle),
      align: context.textAlign,
      baseline: context.textBaseline,
    });
    fill(text, x, y, maxWidth);
  };
  context.strokeText = (text: string, x: number, y: number, maxWidth?: number) => {
    all.add(text);
    stroke(text, x, y, maxWidth);
  };
  return drawn;
}

const round = (n: number) => Number(n.toFixed(2));

/** One <text> element of `drawn`, its font as attributes in the figures' font stack. */
function textElement(drawn: DrawnText, family: string): string {
  const font = parseFont(drawn.font);
  const [a, b, c, d, e, f] = drawn.matrix.map(round);
  const identity = a === 1 && b === 0 && c === 0 && d === 1 && e === 0 && f === 0;
  const attributes = [
    `x="${round(drawn.x)}"`,
    `y="${round(drawn.y)}"`,
    `fill="${escapeXml(drawn.fill)}"`,
    `font-family="${escapeXml(family)}"`,
    `font-size="${font?.sizePx ?? 10}"`,
    font && font.weight !== 'normal' ? `font-weight="${font.weight}"` : '',
    font && font.style !== 'normal' ? `font-style="${font.style}"` : '',
    `text-anchor="${ANCHOR[drawn.align] ?? 'start'}"`,
    `dominant-baseline="${BASELINE[drawn.baseline] ?? 'alphabetic'}"`,
    identity ? '' : `transform="matrix(${[a, b, c, d, e, f].join(' ')})"`,
  ].filter(Boolean);
  return `<text ${attributes.join(' ')}>${escapeXml(drawn.text)}</text>`;
}

/**
 * `svg` (Skia's) with its <text> elements replaced by one per string of `texts` in `family`, and a <title> and
 * <desc> first.
 */
export function withWholeTexts(
  svg: string,
  texts: readonly DrawnText[],
  family: string,
  about: { title: string; desc: string },
): string {
  const shapes = svg.replace(/<text\b[^>]*>[^<]*<\/text>/g, '');
  const head = `<title>${escapeXml(about.title)}</title><desc>${escapeXml(about.desc)}</desc>`;
  const body = texts.map((t) => textElement(t, family)).join('');
  return shapes.replace(/(<svg\b[^>]*>)/, `$1${head}`).replace(/<\/svg>\s*$/, `${body}</svg>`);
}
