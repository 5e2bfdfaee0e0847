/** The points a report chart draws: one run's as they are, or several runs' overlaid on the figure all of them have. */
import type { Point, ResultFile } from '../../electron/core/results/schema';

function hasPerSync(result: ResultFile): boolean {
  return result.points.some((p) => p.perSyncNs !== null || p.perSyncCycles !== null);
}

/**
 * The points of `runs` (indexes into `results`). Several runs: series renamed "run N: series" (one colour each),
 * and when some run has no per-sync figure (e.g. published whole-kernel medians) every run is drawn on its
 * whole-kernel time, so the runs share an axis.
 */
export function chartPoints(results: readonly ResultFile[], runs: readonly number[]): Point[] {
  const chosen = runs.map((i) => results[i]).filter((r): r is ResultFile => r !== undefined);
  if (chosen.length === 1) return chosen[0]!.points;
  const perSync = chosen.every(hasPerSync);
  return chosen.flatMap((result, k) =>
    result.points.map((p) => ({
      ...p,
      series: `run ${(runs[k] ?? k) + 1}: ${p.series}`,
      ...(perSync ? {} : { perSyncNs: null, perSyncCycles: null }),
    })),
  );
}
