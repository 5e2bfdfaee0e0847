/**
 * The provenance footer (renderer/figures/footer.ts) wraps to the figure's width: the line breaker on its own, and
 * every footer line Chart.js writes on a real canvas (@napi-rs/canvas, as the CLI's PNG and SVG figures) for the
 * comparison of the measured H200 modes run with the published RTX 5090 modes table, whose citation line is wider
 * than the 800 px export, measured with the canvas' own text metrics at the place it was written.
 */
import { createCanvas } from '@napi-rs/canvas';
import { Chart, type ChartItem } from 'chart.js';
import { describe, expect, it } from 'vitest';
import { comparisonKind } from '../../../../renderer/figures/compare-facets';
import { comparisonFigures, staticConfig } from '../../../../renderer/figures/figure';
import { wrapLine } from '../../../../renderer/figures/footer';
import { registerCharts } from '../../../../renderer/figures/register';
import { FIGURE_OPTIONS, reference } from './figure-fixtures';

/** Each character 10 px wide. */
const tenEach = (s: string) => s.length * 10;

describe('wrapLine', () => {
  it('keeps a line that fits, breaks at spaces otherwise, and never exceeds the width', () => {
    expect(wrapLine('one two', 100, tenEach)).toEqual(['one two']);
    const lines = wrapLine('aaa bbb ccc ddd eee', 80, tenEach);
    expect(lines).toEqual(['aaa bbb', 'ccc ddd', 'eee']);
    for (const line of lines) expect(tenEach(line)).toBeLessThanOrEqual(80);
  });

  it('breaks a word wider than the line between its characters, and CJK text between any two characters', () => {
    expect(wrapLine('abcdefghij', 40, tenEach)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrapLine('英伟达显卡同步开销', 30, tenEach)).toEqual(['英伟达', '显卡同', '步开销']);
    expect(wrapLine('', 30, tenEach)).toEqual(['']);
  });
});

/** Each footer line written while the comparison figure is drawn on a `width` × 450 canvas: text, x, ink width. */
function footerLines(width: number, locale: 'en' | 'zh-CN'): { text: string; x: number; width: number }[] {
  registerCharts();
  const results = [reference('h200-modes.json'), reference('chapter-rtx5090-modes.json')];
  const [model] = comparisonFigures(results, { ...FIGURE_OPTIONS, locale, kind: comparisonKind(results) });
  const canvas = createCanvas(width, 450);
  const ctx = canvas.getContext('2d');
  const written: { text: string; x: number; width: number }[] = [];
  const fillText = ctx.fillText.bind(ctx);
  ctx.fillText = (text: string, x: number, y: number, maxWidth?: number) => {
    // The footer is the 11 px left-aligned text at the bottom of the figure.
    if (ctx.font.startsWith('11px') && ctx.textAlign === 'left' && y > 380) {
      written.push({ text, x, width: ctx.measureText(text).width });
    }
    fillText(text, x, y, maxWidth);
  };
  const chart = new Chart(canvas as unknown as ChartItem, staticConfig(model!.config, 1));
  chart.destroy();
  return written;
}

describe('footer drawn', () => {
  for (const locale of ['en', 'zh-CN'] as const) {
    for (const width of [800, 560]) {
      it(`fits every line within a ${width} px figure (${locale}) and keeps all its words`, () => {
        const lines = footerLines(width, locale);
        for (const line of lines) expect(line.x + line.width, line.text).toBeLessThanOrEqual(width);
        expect(lines.length).toBeGreaterThanOrEqual(2);
        // Nothing is lost: the citation's last words are on the last line.
        expect(lines.map((l) => l.text).join(' ')).toContain('__syncthreads');
      });
    }
  }

  it("wraps the published run's line at 800 px in English: more lines than runs", () => {
    expect(footerLines(800, 'en').length).toBeGreaterThan(2);
  });
});
