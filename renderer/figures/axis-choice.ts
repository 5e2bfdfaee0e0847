/**
 * The y axis of a figure: linear axes of a cost start at 0; a log axis ticks at 1, 2, 5 × 10ⁿ from
 * the power of ten at or below the smallest value drawn; 'auto' picks log when the medians span more than two
 * decades (a 0.13 ns bar next to 7.8 µs vanishes on a linear axis), and says why it stays linear when some value is
 * ≤ 0 (a log axis cannot draw it).
 */
import type { AxisTracker } from './axis-tracker';
import type { ChartModel, ChartSpec } from './chart-model';
import { translatorFor } from './translate';
import { logTickLabel, placeYLogTicks } from './log-ticks';

/** More than this many decades between the smallest and the largest median pick a log axis. */
export const AUTO_LOG_DECADES = 2;

/** Whether the y axis is log: the user's choice, or for 'auto' the rule above. */
export function wantsLog(spec: Pick<ChartSpec, 'axis'>, tracker: AxisTracker): boolean {
  if (spec.axis !== 'auto') return spec.axis === 'log';
  return tracker.decades() > AUTO_LOG_DECADES && !tracker.nonPositive;
}

/** Sets the model's y axis (type, start, ticks) and its note from the values seen so far. */
export function applyAxisChoice(model: ChartModel, spec: ChartSpec): void {
  const y = model.config.options?.scales?.y;
  if (!y) return;
  const tracker = model.axisTracker;
  model.logY = wantsLog(spec, tracker);
  const locale = spec.locale ?? 'en';
  const decades = tracker.decades();
  model.axisNote =
    spec.axis === 'auto' && !model.logY && decades > AUTO_LOG_DECADES
      ? translatorFor(locale)('chart.autoLinearWhy', { decades: Math.floor(decades) })
      : null;
  const target = y as Record<string, unknown> & { ticks?: Record<string, unknown> };
  if (model.logY) {
    const lowest = spec.axis === 'log' ? model.minPositive : tracker.minPositive;
    target.type = 'logarithmic';
    target.beginAtZero = false;
    target.min = lowest === null ? undefined : 10 ** Math.floor(Math.log10(lowest));
    target.afterBuildTicks = placeYLogTicks;
    target.ticks = {
      ...target.ticks,
      autoSkip: false,
      callback: (v: string | number) => logTickLabel(Number(v), locale),
    };
  } else {
    target.type = 'linear';
    target.beginAtZero = true;
    target.min = tracker.negative ? undefined : 0;
    delete target.afterBuildTicks;
    if (target.ticks) {
      delete target.ticks.callback;
      delete target.ticks.autoSkip;
    }
    // A zoomed axis runs over the box's values (59.4 to 340.6): ticks only at round values within it.
    target.ticks = { ...target.ticks, includeBounds: false };
  }
}
