/**
 * The provenance footer of a figure (docs/exports.md#provenance): one line per run drawn (device · date · app
 * version · source), written at the bottom left in a Chart.js layout box of its own, so the layout gives it the
 * room its lines take. A line longer than the figure is wide wraps at its spaces (or between any two CJK
 * characters), a word wider than the whole line between its characters: a footer never runs past the right edge,
 * on screen, in the app's PNG and SVG exports or in the CLI's figures.
 */
import { layouts, type Chart, type ChartArea, type LayoutItem, type Plugin } from 'chart.js';
import { FIGURE_FONT, type ProvenanceOptions } from './plugins';

/** Size and line height of the footer's text, in CSS pixels (it spans the layout's width, inside its padding). */
const FOOTER_FONT_PX = 11;
const FOOTER_LINE_PX = 14;

/** Pieces a line may break between: a word with the spaces after it, or one CJK character. */
const PIECES =
  /[\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]|[^\s\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]+\s*|\s+/gu;

/**
 * `text` broken into lines no wider than `maxWidth` as `measure` measures them (CSS pixels): greedily at spaces
 * and between CJK characters, a piece wider than a line between its characters. Trailing spaces are dropped. At
 * least one line (perhaps empty).
 */
export function wrapLine(text: string, maxWidth: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  const push = () => {
    lines.push(line.trimEnd());
    line = '';
  };
  for (const piece of text.match(PIECES) ?? []) {
    if (measure((line + piece).trimEnd()) <= maxWidth) {
      line += piece;
      continue;
    }
    if (line.trim()) push();
    line = '';
    for (const char of piece.trimStart()) {
      if (line && measure((line + char).trimEnd()) > maxWidth) push();
      line += char;
    }
  }
  if (line.trim() || lines.length === 0) push();
  return lines;
}

/** The footer's layout box: measures and wraps the lines to the figure's width, then writes them. */
class FooterBox {
  position = 'bottom' as const;
  weight = 3000;
  fullSize = true;
  left = 0;
  top = 0;
  right = 0;
  bottom = 0;
  width = 0;
  height = 0;
  /** The lines as wrapped at the last layout. */
  wrapped: string[] = [];

  constructor(
    private readonly chart: Chart,
    public options: ProvenanceOptions,
  ) {}

  isHorizontal(): boolean {
    return true;
  }

  update(maxWidth: number): void {
    const { ctx } = this.chart;
    ctx.save();
    ctx.font = `${FOOTER_FONT_PX}px ${FIGURE_FONT}`;
    const room = Math.max(1, maxWidth);
    const measure = (s: string) => ctx.measureText(s).width;
    this.wrapped = (this.options.lines ?? []).flatMap((line) => wrapLine(line, room, measure));
    ctx.restore();
    this.width = maxWidth;
    this.height = this.wrapped.length > 0 ? this.wrapped.length * FOOTER_LINE_PX + 6 : 0;
  }

  draw(_area: ChartArea): void {
    if (this.wrapped.length === 0) return;
    const { ctx } = this.chart;
    ctx.save();
    ctx.font = `${FOOTER_FONT_PX}px ${FIGURE_FONT}`;
    ctx.fillStyle = this.options.color;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'bottom';
    this.wrapped.forEach((line, i) => {
      ctx.fillText(line, this.left, this.top + 6 + (i + 1) * FOOTER_LINE_PX);
    });
    ctx.restore();
  }
}

const boxes = new WeakMap<Chart, FooterBox>();

/** Adds the footer box to every chart (empty, no room taken, where the figure has no provenance lines). */
export const provenancePlugin: Plugin<'lineWithErrorBars' | 'barWithErrorBars', ProvenanceOptions> = {
  id: 'provenance',
  start(chart, _args, options) {
    const drawn = chart as unknown as Chart;
    const box = new FooterBox(drawn, options);
    layouts.addBox(drawn, box as unknown as LayoutItem);
    boxes.set(drawn, box);
  },
  beforeUpdate(chart, _args, options) {
    const box = boxes.get(chart as unknown as Chart);
    if (box) box.options = options;
  },
  stop(chart) {
    const drawn = chart as unknown as Chart;
    const box = boxes.get(drawn);
    if (box) layouts.removeBox(drawn, box as unknown as LayoutItem);
    boxes.delete(drawn);
  },
};
