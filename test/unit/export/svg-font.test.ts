import { describe, expect, it } from 'vitest';
import { parseFont } from '../../../renderer/figures/font-parts';

describe('parseFont (the SVG export writes these parts as attributes)', () => {
  it('splits the fonts Chart.js writes', () => {
    expect(parseFont("bold 14px system-ui, -apple-system, 'Segoe UI', sans-serif")).toEqual({
      style: 'normal',
      weight: 'bold',
      sizePx: 14,
      family: "system-ui, -apple-system, 'Segoe UI', sans-serif",
    });
    expect(parseFont('italic 600 11.5px serif')).toEqual({
      style: 'italic',
      weight: '600',
      sizePx: 11.5,
      family: 'serif',
    });
    expect(parseFont('12px DejaVu Sans')).toMatchObject({
      weight: 'normal',
      sizePx: 12,
      family: 'DejaVu Sans',
    });
    expect(parseFont('large')).toBeNull();
  });
});
