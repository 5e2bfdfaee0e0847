/** Synthetic points for renderer tests (made up, never measurements), built with the shared fixture generator. */
import type { Plan, Point } from '../../../electron/model/results/schema';
import { syntheticResult, type SyntheticPoint } from '../../fixtures/synthetic-result';

export const SWEEP_X_AXIS: Plan['xAxis'] = { key: 'nwarps', label: 'warps per block', log: true };

/** `n` sweep points alternating block and warp, x = 1, 1, 2, 2, ... */
export function sweepPoints(n: number, start = 0): Point[] {
  const specs: SyntheticPoint[] = Array.from({ length: n }, (_, i) => {
    const k = start + i;
    const series = k % 2 === 0 ? 'block' : 'warp';
    const x = Math.floor(k / 2) + 1;
    return { series, label: `${series}, ${x} warps`, x, perSyncNs: series === 'block' ? 10 + x : 5 };
  });
  return syntheticResult({ mode: 'sweep', points: specs }).points.map((p, i) => ({ ...p, index: start + i }));
}
