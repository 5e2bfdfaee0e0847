/**
 * A zoomed chart keeps its y axis while batches arrive (docs/figures.md#zoom-and-read-out): each batch chooses the
 * y axis again from the values seen so far (axis-choice.ts: type, start, ticks), which would undo the user's zoom,
 * so while the chart is zoomed the y axis as it stands is held and chosen again only once the zoom is reset.
 */
import type { ChartModel, ChartSpec } from './chart-model';
import { applyAxisChoice } from './axis-choice';

/** The y scale options the axis choice sets, and the zoom plugin's range (min, max). */
const HELD_KEYS = ['type', 'beginAtZero', 'min', 'max', 'afterBuildTicks', 'ticks'] as const;

function yOptions(model: ChartModel): Record<string, unknown> | undefined {
  return model.config.options?.scales?.y as Record<string, unknown> | undefined;
}

/**
 * Runs `change` (a batch appended to `model`, config.ts appendPoints) and then puts back the y axis options it
 * changed (type, beginAtZero, min, max, afterBuildTicks, ticks) and `model.logY`: the axis stays where the user
 * zoomed it. The data, the counts and the axis note follow the batch.
 */
export function holdingYAxis(model: ChartModel, change: () => void): void {
  const y = yOptions(model);
  if (!y) {
    change();
    return;
  }
  const held = new Map<string, unknown>();
  for (const key of HELD_KEYS) {
    if (!(key in y)) continue;
    const value = y[key];
    held.set(key, key === 'ticks' && value ? { ...(value as object) } : value);
  }
  const logY = model.logY;
  change();
  const after = yOptions(model) ?? y;
  for (const key of HELD_KEYS) {
    if (held.has(key)) after[key] = held.get(key);
    else delete after[key];
  }
  model.logY = logY;
}

/** Chooses the y axis again from every value drawn (after a reset of the zoom: what a batch would have chosen). */
export function releaseYAxis(model: ChartModel, spec: ChartSpec): void {
  applyAxisChoice(model, spec);
}
