/**
 * The boxes a chart's marks cover on the canvas (CSS pixels, y grows downwards), which flag labels keep clear of
 * (flag-layout.ts, docs/figures.md#flag-labels): every drawn point's marker (its radius and border), every bar, and
 * every error bar's stem and caps, of all the visible datasets, overlays included.
 */
import type { Chart } from 'chart.js';
import type { LabelBox } from './flag-layout';

/** What the element of a point or a bar with an error bar holds once laid out (chartjs-chart-error-bars). */
interface MarkElement {
  x: number;
  y: number;
  base?: number;
  width?: number;
  yMin?: number | number[] | null;
  yMax?: number | number[] | null;
  options?: Record<'radius' | 'borderWidth' | 'errorBarWhiskerSize' | 'errorBarWhiskerRatio', unknown>;
}

/** An option's number (the first of an indexable one), else `fallback`. */
function num(value: unknown, fallback: number): number {
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof first === 'number' && Number.isFinite(first) ? first : fallback;
}

/** Half the thickness kept around an error bar's stem and caps, CSS pixels. */
const STROKE_HALF_PX = 1.5;

/** The ends (pixels) of an element's error bar, or none. */
function barEnds(element: MarkElement): number[] {
  const ends = [element.yMin, element.yMax].flat();
  return ends.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
}

/** The boxes one element covers: its marker or bar, its error bar's stem and caps. */
function elementBoxes(element: MarkElement, isBar: boolean): LabelBox[] {
  const { x, y } = element;
  if (!Number.isFinite(x) || !Number.isFinite(y)) return [];
  const boxes: LabelBox[] = [];
  const options = element.options ?? ({} as NonNullable<MarkElement['options']>);
  if (isBar) {
    const half = (element.width ?? 0) / 2;
    const base = element.base ?? y;
    boxes.push({ left: x - half, right: x + half, top: Math.min(y, base), bottom: Math.max(y, base) });
  } else {
    const r = num(options.radius, 3) + num(options.borderWidth, 1) / 2;
    if (r > 0) boxes.push({ left: x - r, right: x + r, top: y - r, bottom: y + r });
  }
  const ends = barEnds(element);
  if (ends.length > 0) {
    const ratio = num(options.errorBarWhiskerRatio, 0);
    const cap =
      isBar && ratio > 0 && element.width
        ? element.width * ratio * 0.5
        : num(options.errorBarWhiskerSize, 0) / 2;
    const [top, bottom] = [Math.min(y, ...ends), Math.max(y, ...ends)];
    boxes.push({ left: x - STROKE_HALF_PX, right: x + STROKE_HALF_PX, top, bottom });
    for (const end of ends) {
      boxes.push({ left: x - cap, right: x + cap, top: end - STROKE_HALF_PX, bottom: end + STROKE_HALF_PX });
    }
  }
  return boxes;
}

/** Every mark's box of `chart`'s visible datasets, as drawn at its last layout. */
export function markBoxes(chart: Pick<Chart, 'data' | 'getDatasetMeta'>): LabelBox[] {
  const boxes: LabelBox[] = [];
  chart.data.datasets.forEach((_dataset, i) => {
    const meta = chart.getDatasetMeta(i);
    if (meta.hidden) return;
    const isBar = String(meta.type).startsWith('bar');
    for (const element of meta.data as unknown as MarkElement[]) boxes.push(...elementBoxes(element, isBar));
  });
  return boxes;
}
