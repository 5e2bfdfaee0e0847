/**
 * The timer's resolution for a per-sync cost. The difference method subtracts two kernels' times, so
 * a primitive that costs less than one SM cycle (e.g. a __syncwarp() that ptxas compiled to no instruction) comes
 * out as noise around zero, sometimes negative. Such a value is no measurement: it is shown as "< resolution" with
 * the resolution, one SM cycle (clock64), the same limit below which electron/model/modes/ratios.ts gives no ratio.
 * The charts, the points table and the comparison use this one rule.
 */
import type { Point } from '../results/schema';

/** The unit a per-sync figure is shown in. */
type Units = 'ns' | 'cycles';

/**
 * One SM cycle in `units` for `point`: 1 (cycles), or 1000 / the clock the point's cycles were converted with (ns);
 * null when the point has no cycle figure (host-timed) or no conversion clock.
 */
export function timerResolution(point: Point, units: Units): number | null {
  if (!point.perSyncCycles) return null;
  if (units === 'cycles') return 1;
  const mhz = point.clock.conversionMHz;
  return mhz && mhz > 0 ? 1000 / mhz : null;
}

/**
 * The resolution (in `units`) when the point's per-sync median is below one SM cycle, else null: its value is then
 * shown as "< resolution", never as the (possibly negative) difference.
 */
export function belowResolution(point: Point, units: Units): number | null {
  const cycles = point.perSyncCycles?.median;
  if (cycles === undefined || cycles >= 1) return null;
  return timerResolution(point, units);
}
