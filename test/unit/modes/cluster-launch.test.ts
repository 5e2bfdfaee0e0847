import { describe, expect, it } from 'vitest';

import { startMeasuredRun } from '../../../electron/core/measure/run';
import { planRun } from '../../../electron/core/measure/plan-run';
import { clusterMode } from '../../../electron/model/modes/cluster';
import { fakeBackend, syntheticPointResult } from '../helpers/fake-backend';

describe('cluster mode: a cluster of 1 both as launched and implicit', () => {
  it('plans size 1 as two series, with and without cudaLaunchAttributeClusterDimension', async () => {
    const { points } = await planRun(
      { mode: 'cluster', params: { clusterSizes: '1,2' } },
      fakeBackend({ clusters: (size) => 8 / size }),
    );
    const cluster = points.filter((p) => p.spec.workload === 'cluster_sync');
    const bySeries = (s: string) => cluster.filter((p) => p.series === s);
    const launched = bySeries('cluster launch, 1 block');
    const implicit = bySeries('no cluster launch (implicit cluster)');
    expect(launched.map((p) => p.x)).toEqual([1, 2, 4, 8]);
    expect(implicit.map((p) => p.x)).toEqual([1, 2, 4, 8]);
    expect(launched.every((p) => p.spec.launch.clusterSize === 1 && p.spec.launch.clusterAttribute)).toBe(
      true,
    );
    expect(implicit.every((p) => p.spec.launch.clusterSize === 1 && !p.spec.launch.clusterAttribute)).toBe(
      true,
    );
    expect(bySeries('cluster of 2').every((p) => p.spec.launch.clusterAttribute)).toBe(true);
    expect(implicit[0]!.label).toMatch(/no cluster attribute/);
    // No other series claims a cluster of 1.
    expect(cluster.filter((p) => p.spec.launch.clusterSize === 1)).toHaveLength(8);
  });

  it('records the attribute on every measured point and reports launched/implicit from the same grid', async () => {
    const backend = fakeBackend({
      clusters: (size) => 4 / size,
      result: (spec) => syntheticPointResult(spec.launch.clusterAttribute ? 180 : 26),
    });
    const run = await startMeasuredRun(
      { mode: 'cluster', params: { clusterSizes: '1,2' }, gpuAccess: 'shared' },
      backend,
    );
    const { result } = await run.done;
    const cluster = result.points.filter((p) => p.workload === 'cluster_sync');
    expect(
      cluster.every(
        (p) => p.launch.clusterAttribute === (p.series !== 'no cluster launch (implicit cluster)'),
      ),
    ).toBe(true);
    const r = result.ratios.find((x) => x.name === 'cluster launch of 1/implicit cluster')!;
    expect(r.value).toBeCloseTo(180 / 26, 1);
    expect(r.numerator).toMatch(/1 block\/cluster × 4 clusters/);
    expect(r.denominator).toMatch(/no cluster attribute × 4 blocks/);
    // The largest-cluster ratios never use an implicit cluster.
    expect(
      clusterMode.ratios(result.points).find((x) => x.name === 'largest cluster/block')!.numerator,
    ).toMatch(/2 blocks\/cluster/);
  });
});
