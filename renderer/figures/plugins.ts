/**
 * Chart.js plugins of the workbench: an opaque background (exported PNGs are never transparent), flag labels by
 * flagged and below-resolution points (placed by flag-layout.ts so they never overlap); the provenance footer of a
 * figure is footer.ts's. Every text comes in the options, in
 * the chart's language, so pictures and the CLI's figures say the same as the screen.
 */
import type { ChartType, Plugin } from 'chart.js';
import { numberFormat, withUnit } from './numbers';
import type { Locale } from './locale';
import { isDatum, type ChartDatum, type ChartEntry } from './datum';
import { placeLabels, type LabelRequest } from './flag-layout';
import { markBoxes } from './mark-boxes';

declare module 'chart.js' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the type parameter is Chart.js's declaration
  interface PluginOptionsByType<TType extends ChartType> {
    background?: BackgroundOptions;
    flagLabels?: FlagLabelOptions;
    provenance?: ProvenanceOptions;
  }
}

export interface BackgroundOptions {
  color: string;
}

/** The words of the flag labels, in the chart's language. */
export interface FlagTexts {
  incorrect: string;
  noisy: string;
  throttled: string;
  /** "< {resolution} (timer resolution)": {resolution} is replaced by the formatted resolution and unit. */
  belowResolution: string;
  /** The unit of the y axis, after the resolution. */
  unit: string;
  /**
   * Whether a below-resolution point gets its own label (bars: a handful; on lines they would crowd each other, so
   * the tooltip and the note under the chart say it).
   */
  labelBelowResolution: boolean;
  locale: Locale;
}

export interface FlagLabelOptions {
  incorrectColor: string;
  flaggedColor: string;
  texts: FlagTexts;
}

export interface ProvenanceOptions {
  /** One line per run drawn (device · date · app version · source), empty for none. */
  lines: string[];
  color: string;
}

/**
 * The family of Chinese text where the system's font has none: the CLI registers Noto Sans SC under it
 * (electron/cli/figure-fonts.ts); a browser uses it only when the system has it.
 */
export const FIGURE_CJK_FAMILY = 'Noto Sans SC';
/** The family of every text of a figure: the app's own (renderer/styles/base.css, body), a generic one last. */
export const FIGURE_FONT = `system-ui, -apple-system, 'Segoe UI', '${FIGURE_CJK_FAMILY}', sans-serif`;
/** Size of flag labels, in CSS pixels. */
const SMALL_FONT_PX = 11;

/** Fills the whole canvas with `options.color` beneath everything drawn. */
export const backgroundPlugin: Plugin<'lineWithErrorBars' | 'barWithErrorBars', BackgroundOptions> = {
  id: 'background',
  beforeDraw(chart, _args, options) {
    const { ctx, width, height } = chart;
    ctx.save();
    ctx.globalCompositeOperation = 'destination-over';
    ctx.fillStyle = options.color;
    ctx.fillRect(0, 0, width, height);
    ctx.restore();
  },
};

/** "< 0.51 ns (timer resolution)" for a datum below the timer's resolution, else null. */
export function resolutionText(datum: ChartDatum, texts: FlagTexts): string | null {
  if (datum.belowResolution === null || !texts.belowResolution) return null;
  const digits = numberFormat({ maximumSignificantDigits: 2 }, texts.locale);
  const resolution = withUnit(digits.format(datum.belowResolution), datum.belowResolution, texts.unit);
  return texts.belowResolution.replace('{resolution}', resolution);
}

/** The words written next to a flagged or below-resolution point, or null for an ordinary one. */
export function flagText(datum: ChartDatum, texts: FlagTexts): string | null {
  if (datum.incorrect) return texts.incorrect;
  const flags = [datum.noisy ? texts.noisy : '', datum.throttled ? texts.throttled : ''].filter(Boolean);
  const below = resolutionText(datum, texts);
  if (flags.length) return `⚠ ${flags.join(', ')}${below ? ` · ${below}` : ''}`;
  return below;
}

/** Whether `flagText` could say anything about the datum (a cheap test for the many ordinary points). */
function mayBeLabelled(datum: ChartDatum, texts: FlagTexts): boolean {
  return (
    datum.incorrect ||
    datum.noisy ||
    datum.throttled ||
    (datum.belowResolution !== null && !!texts.belowResolution)
  );
}

/** A label's ink above and below its baseline, CSS pixels: as measured, never less than the font's usual share. */
function inkOf(metrics: { actualBoundingBoxAscent?: number; actualBoundingBoxDescent?: number }): {
  ascent: number;
  descent: number;
} {
  const finite = (v: number | undefined, least: number) => (Number.isFinite(v) ? Math.max(v!, least) : least);
  return {
    ascent: finite(metrics.actualBoundingBoxAscent, SMALL_FONT_PX * 0.8),
    descent: finite(metrics.actualBoundingBoxDescent, SMALL_FONT_PX * 0.25),
  };
}

/**
 * Writes `flagText` beside every flagged point or bar (once, though overlays draw it twice), so exports keep it,
 * where flag-layout.ts places it: never over another label nor over a mark of any series (mark-boxes.ts), left
 * out where there is no room.
 */
export const flagLabelPlugin: Plugin<'lineWithErrorBars' | 'barWithErrorBars', FlagLabelOptions> = {
  id: 'flagLabels',
  afterDatasetsDraw(chart, _args, options) {
    const { ctx } = chart;
    const labelled = new Set<ChartDatum>();
    const labels: { text: string; color: string }[] = [];
    const requests: LabelRequest[] = [];
    // The texts are read once per draw: `options` is Chart.js's resolver proxy, slow to read per point (a live
    // chart of 10,000 points spent most of its redraws here).
    const texts: FlagTexts = { ...options.texts };
    if (!texts.labelBelowResolution) texts.belowResolution = '';
    ctx.save();
    ctx.font = `${SMALL_FONT_PX}px ${FIGURE_FONT}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'alphabetic';
    chart.data.datasets.forEach((dataset, i) => {
      const meta = chart.getDatasetMeta(i);
      if (meta.hidden) return;
      meta.data.forEach((element, j) => {
        const datum = dataset.data[j] as unknown as ChartEntry | undefined;
        if (!isDatum(datum) || !mayBeLabelled(datum, texts) || labelled.has(datum)) return;
        const text = flagText(datum, texts);
        if (!text) return;
        labelled.add(datum);
        const metrics = ctx.measureText(text);
        requests.push({ x: element.x, y: element.y, width: metrics.width, ...inkOf(metrics) });
        const flagged = datum.incorrect || datum.noisy || datum.throttled;
        const color = datum.incorrect
          ? options.incorrectColor
          : flagged
            ? options.flaggedColor
            : (chart.options.color?.toString() ?? options.flaggedColor);
        labels.push({ text, color });
      });
    });
    const obstacles = requests.length > 0 ? markBoxes(chart) : [];
    for (const { index, x, baseline } of placeLabels(requests, chart.chartArea, obstacles)) {
      ctx.fillStyle = labels[index]!.color;
      ctx.fillText(labels[index]!.text, x, baseline);
    }
    ctx.restore();
  },
};
