/**
 * The x axis of a chart: categories for bars; for line modes the mode's x axis (plan.xAxis), logarithmic with
 * ticks at 1, 2, 5 × 10ⁿ (log-ticks.ts) where the plan says so. The y axis is chosen by axis-choice.ts.
 */
import { axisLabel } from '../../electron/model/words/axis-labels';
import type { ChartSpec } from './chart-model';
import { logTickLabel, placeXLogTicks } from './log-ticks';
import type { ChartPalette } from './palette';
import type { Translate } from './translate';

/** The x scale of a chart of `spec`, its texts in `spec.locale` (`t` translates into it). */
export function xScale(spec: ChartSpec, palette: ChartPalette, t: Translate) {
  const locale = spec.locale ?? 'en';
  const ticks = { color: palette.text };
  const grid = { color: palette.grid };
  if (spec.kind === 'bars') return { type: 'category' as const, ticks: { ...ticks, autoSkip: false }, grid };
  if (spec.xAxis?.log) {
    return {
      type: 'logarithmic' as const,
      ticks: {
        ...ticks,
        autoSkip: false,
        maxRotation: 0,
        callback: (v: string | number) => logTickLabel(Number(v), locale),
      },
      afterBuildTicks: placeXLogTicks,
      grid,
      title: { display: true, text: axisLabel(spec.xAxis.label, locale), color: palette.text },
    };
  }
  return {
    type: 'linear' as const,
    // A zoomed axis runs over the box's values: ticks only at round values within it, not at its ends.
    ticks: { ...ticks, includeBounds: false },
    grid,
    title: {
      display: true,
      text: spec.xAxis ? axisLabel(spec.xAxis.label, locale) : t('chart.point'),
      color: palette.text,
    },
  };
}
