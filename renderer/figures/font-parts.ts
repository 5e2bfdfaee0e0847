/**
 * Canvas text settings as SVG attributes: the parts of a CSS font shorthand, and the SVG text-anchor and
 * dominant-baseline of a canvas textAlign and textBaseline. Shared by the app's SVG export
 * (renderer/components/export/svg-context.ts) and the CLI's (electron/cli/svg-text.ts).
 */

/** A CSS font shorthand as canvas contexts hold it ("bold 14px system-ui, sans-serif"), split into its parts. */
export interface FontParts {
  style: string;
  weight: string;
  sizePx: number;
  family: string;
}

const FONT =
  /^\s*(?:(normal|italic|oblique)\s+)?(?:(normal|bold|bolder|lighter|[1-9]00)\s+)?(\d+(?:\.\d+)?)px(?:\/\S+)?\s+(.+?)\s*$/;

/** The parts of `font` (Chart.js writes "[style ][weight ]SIZEpx FAMILY"); null for another form. */
export function parseFont(font: string): FontParts | null {
  const match = FONT.exec(font);
  if (!match) return null;
  return {
    style: match[1] ?? 'normal',
    weight: match[2] ?? 'normal',
    sizePx: Number(match[3]),
    family: match[4]!,
  };
}

/** SVG text-anchor of each canvas textAlign. */
export const ANCHOR: Record<string, string> = {
  left: 'start',
  start: 'start',
  center: 'middle',
  right: 'end',
  end: 'end',
};
/** SVG dominant-baseline of each canvas textBaseline. */
export const BASELINE: Record<string, string> = {
  alphabetic: 'alphabetic',
  hanging: 'hanging',
  top: 'text-before-edge',
  bottom: 'text-after-edge',
  middle: 'central',
  ideographic: 'ideographic',
};
