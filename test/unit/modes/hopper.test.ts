import { describe, expect, it } from 'vitest';

import { PlanError } from '../../../electron/model/modes/plan-error';
import { planRun } from '../../../electron/core/measure/plan-run';
import { getMode } from '../../../electron/model/modes';
import { parseParams } from '../../../electron/model/modes/params';
import { pdlParam } from '../../../electron/model/modes/pdl';
import { COPYTIME_SERIES, pipelineParam } from '../../../electron/model/modes/pipeline';
import { toDevice } from '../../../electron/core/measure/provenance';
import type { NativeDeviceInfo } from '../../../electron/model/native/addon-types';
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

function backendWith(device: Partial<NativeDeviceInfo>): ReturnType<typeof fakeBackend> {
  const b = fakeBackend();
  b.queryDevices = async () => ({
    available: true,
    driverVersion: '13.0',
    runtimeVersion: '13.0',
    nvmlDriverVersion: '',
    devices: [{ ...H200, ...device }],
  });
  return b;
}

/** The mode's own plan on an A100, past the run-level compute-capability check, to see its rule. */
async function ownRefusal(mode: string): Promise<Record<string, string>> {
  const m = getMode(mode);
  try {
    await m.plan(parseParams(m.info.params, {}), {
      device: toDevice({ ...H200, computeCapability: '8.0', name: 'A100' }),
      backend: fakeBackend(),
    });
  } catch (err) {
    if (err instanceof PlanError) return err.fieldErrors;
    throw err;
  }
  throw new Error('expected a PlanError');
}

describe.each(['pdl', 'pipeline', 'cluster_arrive'])('%s needs compute capability 9.0', (mode) => {
  it('is refused before launch on an A100, by the run and by its own plan naming the rule', async () => {
    const errors = await fieldErrors(
      { mode, params: {} },
      backendWith({ computeCapability: '8.0', name: 'A100' }),
    );
    expect(errors.mode).toMatch(/needs compute capability 9 or newer; A100 is 8.0/);
    expect((await ownRefusal(mode)).mode).toMatch(
      /needs compute capability 9\.0 \(Hopper\) or newer; A100 is 8\.0/,
    );
  });
});

describe('pdl', () => {
  it('plans every variant at every prologue, with the trigger and prologue packed into the param', async () => {
    const { points } = await planRun({ mode: 'pdl', params: { prologueFadds: '0,100' } }, fakeBackend());
    expect(points).toHaveLength(14);
    expect(new Set(points.map((p) => p.x))).toEqual(new Set([0, 96]));
    const early = points.find((p) => p.series === 'PDL, trigger early' && p.x === 96)!;
    expect(early.spec).toMatchObject({ workload: 'pdl_launch', param: 1 | (96 << 2), baseline: null });
    expect(early.spec.itersLo).toBe(16);
    expect(points.find((p) => p.series === 'PDL, trigger late' && p.x === 0)!.spec.param).toBe(2);
    expect(points.find((p) => p.series === 'CUDA graph, programmatic edges')!.spec.workload).toBe(
      'pdl_graph_prog',
    );
    const grid = points.filter((p) => p.spec.workload === 'pdl_grid_sync');
    expect(grid.every((p) => p.cooperative)).toBe(true);
    expect(points.filter((p) => p.cooperative)).toHaveLength(2);
  });

  it('packs the parameter as the kernels decode it', () => {
    expect(pdlParam('none', 0)).toBe(0);
    expect(pdlParam('early', 2048)).toBe(1 + 2048 * 4);
    expect(pdlParam('late', 15)).toBe(2 + 8 * 4);
  });

  it('refuses a grid above the co-resident limit of the grid.sync() variant', async () => {
    const errors = await fieldErrors({ mode: 'pdl', params: { nwarps: 8, nblocks: 100000 } });
    expect(errors.nblocks).toMatch(/more than can be co-resident .*pdl_grid_sync/);
  });
});

describe('pipeline', () => {
  it('measures every hand-off against the same copies alone, and the copies alone above 0 B', async () => {
    const { points } = await planRun({ mode: 'pipeline', params: {} }, fakeBackend());
    // 2 stage counts × 4 payloads (0, 16 B, 4 and 32 KiB) × 5 hand-offs (the four and TMA with spinning waits),
    // plus 2 × 3 non-zero payloads × (3 copies, the copy with resident warps and the producer-copy diagnostic).
    expect(points).toHaveLength(40 + 30);
    const resident = points.filter((p) => p.spec.workload === 'copy_ldst_resident');
    expect(resident.map((p) => p.x)).toEqual([16, 4096, 32768, 16, 4096, 32768]);
    expect(
      resident.every(
        (p) => p.spec.baseline === null && p.series.startsWith('copies alone: resident warps: ld/st, '),
      ),
    ).toBe(true);
    expect(points.find((p) => p.spec.workload === 'pipe_tma_spin')!.spec.baseline!.workload).toBe('copy_tma');
    expect([...new Set(points.map((p) => p.x))]).toEqual([0, 16, 4096, 32768]);
    const tma16 = points.find((p) => p.spec.workload === 'pipe_tma' && p.x === 16)!;
    expect(tma16.spec.baseline).toEqual({
      workload: 'copy_tma',
      param: pipelineParam({ payloadBytes: 16, stages: 2, consumerWarps: 4 }),
    });
    const diag = points.filter((p) => p.spec.workload === 'pipe_named_copytime');
    expect(diag.map((p) => p.x)).toEqual([16, 4096, 32768, 16, 4096, 32768]);
    expect(diag.every((p) => p.spec.baseline === null && p.series.startsWith(COPYTIME_SERIES))).toBe(true);
    const tma = points.find(
      (p) => p.spec.workload === 'pipe_tma' && p.x === 32768 && p.series.includes('4 stages'),
    )!;
    const param = pipelineParam({ payloadBytes: 32768, stages: 4, consumerWarps: 4 });
    expect(param).toBe(2048 | (4 << 13) | (4 << 16));
    expect(tma.spec).toMatchObject({ param, baseline: { workload: 'copy_tma', param } });
    expect(tma.spec.launch).toMatchObject({
      gridBlocks: 132,
      threadsPerBlock: 160,
      dynamicSmemBytes: 131072,
    });
    const named = points.find((p) => p.spec.workload === 'pipe_named')!;
    expect(named.spec.baseline!.workload).toBe('copy_ldst');
    expect(points.filter((p) => p.x === 0 && p.spec.workload.startsWith('copy_'))).toEqual([]);
    expect(
      points.filter((p) => p.spec.workload.startsWith('copy_')).every((p) => p.spec.baseline === null),
    ).toBe(true);
  });

  it('refuses a payload that is not a multiple of 16 bytes, naming the TMA rule', async () => {
    const errors = await fieldErrors({ mode: 'pipeline', params: { payloadBytes: '4096,1000' } });
    expect(errors.payloadBytes).toMatch(/1000 B is not a multiple of 16 B: cp\.async\.bulk \(TMA\)/);
  });

  it('refuses stages × payload above the opt-in shared memory per block, naming the limit', async () => {
    const errors = await fieldErrors({ mode: 'pipeline', params: { stages: '4', payloadBytes: '65536' } });
    expect(errors.payloadBytes).toMatch(
      /4 stages × 65536 B \+ 64 B of barriers = 262208 B .* \(232448 B, cudaDevAttrMaxSharedMemoryPerBlockOptin\)/,
    );
    const { points } = await planRun(
      { mode: 'pipeline', params: { stages: '3', payloadBytes: '65536' } },
      fakeBackend(),
    );
    expect(points[0]!.spec.launch.dynamicSmemBytes).toBe(196608);
  });

  it('refuses payloads and warps outside the ranges, and a block larger than the device allows', async () => {
    expect(
      (await fieldErrors({ mode: 'pipeline', params: { payloadBytes: '131072' } })).payloadBytes,
    ).toMatch(/0 to 65536/);
    expect((await fieldErrors({ mode: 'pipeline', params: { stages: '5' } })).stages).toMatch(/2 to 4/);
    const small = backendWith({ maxThreadsPerBlock: 256 });
    expect(
      (await fieldErrors({ mode: 'pipeline', params: { consumerWarps: '8' } }, small)).consumerWarps,
    ).toMatch(
      /8 consumer warps \+ 1 producer warp = 288 threads .* \(256, cudaDeviceProp.maxThreadsPerBlock\)/,
    );
  });
});

describe('cluster_arrive', () => {
  it('plans the round trip, the one-way ring, the arrive alone and cluster.sync per cluster size', async () => {
    const { points } = await planRun({ mode: 'cluster_arrive', params: {} }, fakeBackend());
    expect(points).toHaveLength(16);
    expect(points.map((p) => p.x)).toEqual([2, 2, 2, 2, 4, 4, 4, 4, 8, 8, 8, 8, 16, 16, 16, 16]);
    expect(points.slice(0, 4).map((p) => p.spec.workload)).toEqual([
      'cluster_arrive_ring',
      'cluster_arrive_oneway',
      'cluster_arrive_only',
      'cluster_sync_ring',
    ]);
    expect(points[0]!.series).toMatch(/round trip/);
    expect(points[1]!.series).toMatch(/one way .*4 slots/);
    const ring16 = points.find((p) => p.spec.workload === 'cluster_arrive_ring' && p.x === 16)!;
    expect(ring16.spec.launch).toEqual({
      gridBlocks: 16,
      threadsPerBlock: 32,
      clusterSize: 16,
      clusterAttribute: true,
      dynamicSmemBytes: 0,
    });
    expect(ring16.spec.baseline).toBeNull();
    const many = await planRun(
      { mode: 'cluster_arrive', params: { clusterSizes: '4', clusters: 8 } },
      fakeBackend(),
    );
    expect(many.points[0]!.spec.launch.gridBlocks).toBe(32);
  });

  it('refuses a size the runtime cannot launch and more clusters than can be co-resident', async () => {
    const limited = fakeBackend({ clusters: (size) => (size > 8 ? 0 : 4) });
    const errors = await fieldErrors(
      { mode: 'cluster_arrive', params: { clusterSizes: '8,16', clusters: 5 } },
      limited,
    );
    expect(errors.clusterSizes).toMatch(
      /cluster size 16 cannot be launched .*cudaOccupancyMaxActiveClusters = 0/,
    );
    expect(errors.clusterSizes).toMatch(/cudaFuncAttributeNonPortableClusterSizeAllowed/);
    expect(errors.clusters).toMatch(/5 clusters of 8 blocks cannot all be co-resident .* = 4/);
    expect(
      (await fieldErrors({ mode: 'cluster_arrive', params: { clusterSizes: '1' } })).clusterSizes,
    ).toMatch(/2 to 16/);
  });

  it('refuses a device without cluster launch', async () => {
    const errors = await fieldErrors(
      { mode: 'cluster_arrive', params: {} },
      backendWith({ clusterLaunch: false }),
    );
    expect(errors.clusterSizes).toMatch(/does not support cluster launch \(cudaDevAttrClusterLaunch = 0/);
  });
});
