import { describe, expect, it } from 'vitest';

import { PlanError } from '../../../electron/model/modes/plan-error';
import { planRun } from '../../../electron/core/measure/plan-run';
import { fakeBackend, H200 } from '../helpers/fake-backend';

async function fieldErrors(
  req: Parameters<typeof planRun>[0],
  backend = fakeBackend(),
): Promise<Record<string, string>> {
  try {
    await planRun(req, backend);
  } catch (err) {
    if (err instanceof PlanError) return err.fieldErrors;
    throw err;
  }
  throw new Error('expected a PlanError');
}

describe('cluster', () => {
  it('measures every size from 1 cluster to the co-resident maximum, plus block and grid on the same block size', async () => {
    const { points } = await planRun({ mode: 'cluster', params: { clusterSizes: '2,16' } }, fakeBackend());
    const size2 = points.filter((p) => p.series === 'cluster of 2');
    expect(size2.map((p) => p.x)).toEqual([1, 2, 4, 8, 16, 32, 64, 66]);
    expect(size2.at(-1)!.spec.launch).toMatchObject({ gridBlocks: 132, clusterSize: 2 });
    expect(points.filter((p) => p.series === 'cluster of 16').at(-1)!.spec.launch.gridBlocks).toBe(128);
    expect(points.map((p) => p.series)).toEqual(expect.arrayContaining(['block', 'grid']));
  });

  it('refuses a size the runtime cannot launch, naming cudaOccupancyMaxActiveClusters and the attribute', async () => {
    const errors = await fieldErrors(
      { mode: 'cluster', params: { clusterSizes: '16' } },
      fakeBackend({ clusters: (size) => (size > 8 ? 0 : 4) }),
    );
    expect(errors.clusterSizes).toMatch(
      /cluster size 16 .* cannot be launched .*cudaOccupancyMaxActiveClusters = 0/,
    );
    expect(errors.clusterSizes).toMatch(/cudaFuncAttributeNonPortableClusterSizeAllowed/);
  });

  it('refuses sizes above 16 and devices without cluster launch', async () => {
    expect((await fieldErrors({ mode: 'cluster', params: { clusterSizes: '32' } })).clusterSizes).toMatch(
      /1 to 16/,
    );
    const noClusters = fakeBackend();
    noClusters.queryDevices = async () => ({
      available: true,
      driverVersion: '13.0',
      runtimeVersion: '13.0',
      nvmlDriverVersion: '',
      devices: [{ ...H200, clusterLaunch: false }],
    });
    expect((await fieldErrors({ mode: 'cluster', params: {} }, noClusters)).clusterSizes).toMatch(
      /does not support cluster launch \(cudaDevAttrClusterLaunch = 0/,
    );
  });

  it('needs compute capability 9.0', async () => {
    const old = fakeBackend();
    old.queryDevices = async () => ({
      available: true,
      driverVersion: '13.0',
      runtimeVersion: '13.0',
      nvmlDriverVersion: '',
      devices: [{ ...H200, computeCapability: '8.0', name: 'A100' }],
    });
    expect((await fieldErrors({ mode: 'cluster', params: {} }, old)).mode).toMatch(
      /needs compute capability 9 or newer; A100 is 8.0/,
    );
  });
});

describe('tiles', () => {
  it('refuses non-powers of two, tiles larger than the block, and multi-warp tiles before sm_80', async () => {
    expect((await fieldErrors({ mode: 'tiles', params: { tileSizes: '12' } })).tileSizes).toMatch(
      /12 is not a power of two/,
    );
    expect((await fieldErrors({ mode: 'tiles', params: { nwarps: 4, tileSizes: '256' } })).tileSizes).toMatch(
      /256 is larger than the block \(128 threads/,
    );
    const turing = fakeBackend();
    turing.queryDevices = async () => ({
      available: true,
      driverVersion: '13.0',
      runtimeVersion: '13.0',
      nvmlDriverVersion: '',
      devices: [{ ...H200, computeCapability: '7.5', name: 'T4' }],
    });
    expect((await fieldErrors({ mode: 'tiles', params: { tileSizes: '64' } }, turing)).tileSizes).toMatch(
      /64 needs compute capability 8.0\+/,
    );
  });

  it('puts the tile size on x and compares with __syncwarp and __syncthreads on the same block', async () => {
    const { points } = await planRun({ mode: 'tiles', params: { tileSizes: '8,64' } }, fakeBackend());
    expect(points.map((p) => `${p.spec.workload}:${p.spec.param}@${p.x}`)).toEqual([
      'tile_sync:8@8',
      'tile_sync:64@64',
      'coalesced_sync:0@32',
      'syncwarp:0@32',
      'syncthreads:0@512',
    ]);
  });
});

describe('the other scopes’ modes and the method check', () => {
  it('named: participants at most nwarps; producer/consumer only for even counts', async () => {
    expect(
      (await fieldErrors({ mode: 'named', params: { nwarps: 4, participants: '2,8' } })).participants,
    ).toMatch(/8 warps is more than the block has \(nwarps = 4\)/);
    const { points } = await planRun(
      { mode: 'named', params: { nwarps: 4, participants: '1,2,3,4' } },
      fakeBackend(),
    );
    expect(points.filter((p) => p.spec.workload === 'named_barrier_pc').map((p) => p.spec.param)).toEqual([
      2, 4,
    ]);
  });

  it('async_barrier: the split barrier is measured against the same work alone', async () => {
    const { points } = await planRun({ mode: 'async_barrier', params: { work: '32' } }, fakeBackend());
    const split = points.find((p) => p.spec.workload === 'cuda_barrier_split')!;
    expect(split.spec.baseline).toEqual({ workload: 'fadd_work', param: 32 });
  });

  it('fences: four definitions at each scope, each against its own baseline', async () => {
    const { points } = await planRun(
      { mode: 'fences', params: { threadsList: '1,32', blocksList: '1' } },
      fakeBackend(),
    );
    expect(points).toHaveLength(24);
    expect(new Set(points.map((p) => p.spec.param))).toEqual(new Set([0, 1, 2]));
    const baselineOf = (workload: string) =>
      new Set(
        points.filter((p) => p.spec.workload === workload).map((p) => p.spec.baseline?.workload ?? null),
      );
    expect(baselineOf('fence')).toEqual(new Set([null]));
    expect(baselineOf('fence_rmw')).toEqual(new Set(['rmw_pair']));
    expect(baselineOf('fence_plain')).toEqual(new Set(['plain_rmw_pair']));
    expect(baselineOf('fence_plain_adjacent')).toEqual(new Set(['plain_rmw_pair_adjacent']));
    const one = await planRun(
      { mode: 'fences', params: { threadsList: '1', blocksList: '1', definitions: '2' } },
      fakeBackend(),
    );
    expect(one.points.map((p) => p.spec.workload)).toEqual(['fence_plain', 'fence_plain', 'fence_plain']);
    expect((await fieldErrors({ mode: 'fences', params: { threadsList: '2048' } })).threadsList).toMatch(
      /1 to 1024/,
    );
  });

  it('handoff: the scope contains both sides; volatile variants are labelled incorrect', async () => {
    const { points } = await planRun({ mode: 'handoff', params: {} }, fakeBackend());
    const blocks = points.filter((p) => p.spec.workload === 'handoff_blocks');
    expect(blocks.map((p) => p.spec.param)).toEqual([1, 2]); // device and system, never block scope across blocks
    expect(blocks.every((p) => p.cooperative)).toBe(true);
    expect(points.filter((p) => p.incorrect).map((p) => p.spec.workload)).toEqual([
      'handoff_warps_volatile',
      'handoff_blocks_volatile',
    ]);
    const without = await planRun({ mode: 'handoff', params: { includeVolatile: 'no' } }, fakeBackend());
    expect(without.points.some((p) => p.incorrect)).toBe(false);
    expect(
      (await fieldErrors({ mode: 'handoff', params: { includeVolatile: 'maybe' } })).includeVolatile,
    ).toMatch(/use one of yes, no/);
  });

  it('host_completion: three waits after a launch and on an idle device; the flag names the series', async () => {
    const { points } = await planRun(
      { mode: 'host_completion', params: { schedule: 'spin' } },
      fakeBackend(),
    );
    expect(points.map((p) => `${p.spec.workload}:${p.spec.param}`)).toEqual([
      'host_stream_sync:0',
      'host_event_sync:0',
      'host_device_sync:0',
      'host_stream_sync:1',
      'host_event_sync:1',
      'host_device_sync:1',
    ]);
    expect(points[0]!.series).toBe('after launch (spin)');
    expect((await fieldErrors({ mode: 'host_completion', params: { schedule: 'busy' } })).schedule).toMatch(
      /auto, spin, yield, blocking-sync/,
    );
  });

  it('kernel_boundary: launches, graph and grid.sync on the same launch shape', async () => {
    const { points } = await planRun({ mode: 'kernel_boundary', params: {} }, fakeBackend());
    expect(points.map((p) => p.spec.workload)).toEqual([
      'boundary_launches',
      'boundary_graph',
      'boundary_grid_sync',
    ]);
    expect(new Set(points.map((p) => JSON.stringify(p.spec.launch))).size).toBe(1);
    expect((await fieldErrors({ mode: 'kernel_boundary', params: { nblocks: 5000 } })).nblocks).toMatch(
      /co-resident/,
    );
  });

  it('fadd_check: 64 against 32 dependent FADDs per iteration, so one unit is one FADD', async () => {
    const { points } = await planRun({ mode: 'fadd_check', params: {} }, fakeBackend());
    expect(points[0]!.spec).toMatchObject({
      param: 64,
      baseline: { workload: 'fadd_chain', param: 32 },
      unitsPerIter: 32,
    });
    expect(points[0]!.spec.launch).toMatchObject({ gridBlocks: 1, threadsPerBlock: 32 });
  });
});
