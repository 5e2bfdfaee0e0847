/** Chart.js plugins of the workbench: an opaque background (exported PNGs are never transparent) and flag labels. */
import type { ChartType, Plugin } from 'chart.js';
import { isDatum, type ChartDatum, type ChartEntry } from './datum';

declare module 'chart.js' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the type parameter is Chart.js's declaration
  interface PluginOptionsByType<TType extends ChartType> {
    background?: BackgroundOptions;
    flagLabels?: FlagLabelOptions;
  }
}

export interface BackgroundOptions {
  color: string;
}

export interface FlagLabelOptions {
  incorrectColor: string;
  flaggedColor: string;
}

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

/** The words written next to a flagged point, or null for an ordinary one. */
export function flagText(datum: ChartDatum): string | null {
  if (datum.incorrect) return '✗ incorrect (not a sync)';
  const flags = [datum.noisy ? 'noisy' : '', datum.throttled ? 'throttled' : ''].filter(Boolean);
  return flags.length ? `⚠ ${flags.join(', ')}` : null;
}

/** Writes `flagText` above every flagged point or bar (once, though overlays draw it twice), so exports keep it. */
export const flagLabelPlugin: Plugin<'lineWithErrorBars' | 'barWithErrorBars', FlagLabelOptions> = {
  id: 'flagLabels',
  afterDatasetsDraw(chart, _args, options) {
    const { ctx } = chart;
    const labelled = new Set<ChartDatum>();
    ctx.save();
    ctx.font = '11px system-ui, sans-serif';
    ctx.textAlign = 'center';
    chart.data.datasets.forEach((dataset, i) => {
      const meta = chart.getDatasetMeta(i);
      if (meta.hidden) return;
      meta.data.forEach((element, j) => {
        const datum = dataset.data[j] as unknown as ChartEntry | undefined;
        const text = isDatum(datum) && !labelled.has(datum) ? flagText(datum) : null;
        if (!text || !isDatum(datum)) return;
        labelled.add(datum);
        ctx.fillStyle = datum.incorrect ? options.incorrectColor : options.flaggedColor;
        ctx.fillText(text, element.x, element.y - 14);
      });
    });
    ctx.restore();
  },
};
