/** The points a report chart draws: one run as it is; several overlaid, renamed per run, on a figure all have. */
import { describe, expect, it } from 'vitest';

import { chartPoints } from '../../../renderer/report/overlay';
import { syntheticResult } from '../../fixtures/synthetic-result';

const measured = syntheticResult({ id: 'synthetic-a' });
const other = syntheticResult({ id: 'synthetic-b', seed: 2 });
const published = syntheticResult({ id: 'synthetic-p', sourceKind: 'published' });
for (const p of published.points) {
  p.perSyncNs = null;
  p.perSyncCycles = null;
}

describe('chartPoints', () => {
  it('draws one run as it is', () => {
    expect(chartPoints([measured, other], [1])).toBe(other.points);
  });

  it('names each series after its run and keeps per-sync figures when every run has them', () => {
    const points = chartPoints([measured, other], [0, 1]);
    expect(points).toHaveLength(measured.points.length + other.points.length);
    expect(points[0]!.series).toBe('run 1: warp');
    expect(points[measured.points.length]!.series).toBe('run 2: warp');
    expect(points.every((p) => p.perSyncNs !== null)).toBe(true);
    expect(measured.points[0]!.series).toBe('warp');
  });

  it('falls back to the whole kernel for every run when one has no per-sync figure (published medians)', () => {
    const points = chartPoints([measured, published], [0, 1]);
    expect(points.every((p) => p.perSyncNs === null && p.perSyncCycles === null)).toBe(true);
    expect(points.every((p) => p.wholeKernelMs !== null)).toBe(true);
    expect(measured.points[0]!.perSyncNs).not.toBeNull();
  });
});
