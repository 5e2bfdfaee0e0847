import { describe, expect, it } from 'vitest';

import { PlanError } from '../../../electron/model/modes/plan-error';
import { parseStopping } from '../../../electron/core/measure/stopping';
import { planRun, validateRunRequest } from '../../../electron/core/measure/plan-run';
import { MODES } from '../../../electron/model/modes';
import { fakeBackend, fakePair, h200At } from '../helpers/fake-backend';

async function planError(req: Parameters<typeof planRun>[0], backend = fakeBackend()): Promise<PlanError> {
  try {
    await planRun(req, backend);
  } catch (err) {
    if (err instanceof PlanError) return err;
    throw err;
  }
  throw new Error('expected a PlanError');
}

describe('planRun: the chapter modes', () => {
  it('plans the modes table at one block per SM and 8 warps, back to back with no baseline', async () => {
    const { points, plan } = await planRun({ mode: 'modes', params: {} }, fakeBackend());
    expect(points.map((p) => p.series)).toEqual([
      'warp',
      'block',
      'grid',
      'phases_grid',
      'phases_two_kernels',
    ]);
    expect(points[0]!.spec.launch).toMatchObject({ gridBlocks: 132, threadsPerBlock: 256 });
    expect(points[1]!.spec.baseline).toBeNull();
    expect(points[1]!.spec.itersLo).toBe(256);
    expect(points[1]!.spec.itersHi).toBeGreaterThan(256);
    expect(points[2]!.cooperative).toBe(true);
    expect(points[3]!.spec).toMatchObject({ baseline: null, itersLo: 1 });
    expect(plan.params).toMatchObject({ iters: 256, nwarps: 8 });
  });

  it('sweeps block vs warp at every nwarps, with x = nwarps', async () => {
    const { points } = await planRun({ mode: 'sweep', params: { nwarpsList: '1,4,32' } }, fakeBackend());
    expect(points.map((p) => `${p.series}@${p.x}`)).toEqual([
      'warp@1',
      'block@1',
      'warp@4',
      'block@4',
      'warp@32',
      'block@32',
    ]);
    expect(points[5]!.spec.launch.threadsPerBlock).toBe(1024);
  });

  it('sweeps the grid from 1 block to the co-resident maximum, in blocks per SM', async () => {
    const { points } = await planRun({ mode: 'sweep_grid', params: { nwarps: 8 } }, fakeBackend());
    expect(points.map((p) => p.spec.launch.gridBlocks)).toEqual([1, 132, 264, 396, 528, 660, 792, 924, 1056]);
    expect(points[1]!.x).toBe(1);
    expect(points[0]!.x).toBeCloseTo(1 / 132, 10);
  });

  it('refuses a grid over the cooperative limit, naming the limit and how it was computed', async () => {
    const err = await planError({ mode: 'grid', params: { nwarps: 8, nblocks: 1057 } });
    expect(err.code).toBe('INVALID');
    expect(err.fieldErrors.nblocks).toMatch(/1057 blocks is more than can be co-resident/);
    expect(err.fieldErrors.nblocks).toMatch(
      /cudaOccupancyMaxActiveBlocksPerMultiprocessor\(grid_sync, 256 threads, 0 B dynamic shared memory\) = 8 blocks\/SM × 132 SMs = 1056 blocks/,
    );
    expect(err.fieldErrors.nblocks).toMatch(/cudaErrorCooperativeLaunchTooLarge/);
  });

  it('accepts a grid exactly at the limit', async () => {
    await expect(
      planRun({ mode: 'grid', params: { nwarps: 8, nblocks: 1056 } }, fakeBackend()),
    ).resolves.toBeTruthy();
  });

  it('needs two warps for the correctness hand-off', async () => {
    const err = await planError({ mode: 'correctness', params: { nwarps: 1 } });
    expect(err.fieldErrors.nwarps).toMatch(/at least 2 warps/);
  });
});

describe('planRun: parameter validation', () => {
  it('lists the known modes for an unknown one', async () => {
    const err = await planError({ mode: 'bogus', params: {} });
    expect(err.fieldErrors.mode).toMatch(
      /unknown mode 'bogus'; known modes: warp, block, grid, sweep, sweep_grid/,
    );
  });

  it('says what is allowed for each bad value, all at once', async () => {
    const err = await planError({ mode: 'block', params: { nwarps: 33, iters: 'abc', nblocks: 0 } });
    expect(err.fieldErrors).toEqual({
      nwarps: '33 is out of range; allowed: 1 to 32',
      iters: "'abc' is not a whole number; allowed: 1 to 1000000",
      nblocks: '0 is out of range; allowed: 1 to 2147483647',
    });
  });

  it('refuses a parameter the mode does not take', async () => {
    const err = await planError({ mode: 'warp', params: { clusterSizes: '2' } });
    expect(err.fieldErrors.clusterSizes).toMatch(
      /unknown parameter; this mode takes iters, deltaIters, nwarps, nblocks/,
    );
  });

  it('checks parameters before the device, so a machine without a GPU still gets field messages', async () => {
    const err = await planError(
      { mode: 'block', params: { nwarps: 0 } },
      fakeBackend({ noGpu: 'no driver' }),
    );
    expect(err.code).toBe('INVALID');
    const noGpu = await planError(
      { mode: 'block', params: {} },
      fakeBackend({ noGpu: 'No NVIDIA driver is installed' }),
    );
    expect(noGpu.code).toBe('NO_GPU');
    expect(noGpu.message).toBe('No NVIDIA driver is installed');
    const noAddon = await planError({ mode: 'block', params: {} }, fakeBackend({ noAddon: 'not built' }));
    expect(noAddon.code).toBe('NO_ADDON');
  });

  it('refuses a device ordinal that does not exist', async () => {
    const err = await planError({ mode: 'block', params: {}, device: 3 });
    expect(err.fieldErrors.device).toMatch(/device 3 does not exist; this machine has devices 0..0/);
  });

  it('every mode plans with its defaults on a machine of two H200s', async () => {
    const backend = fakeBackend({ devices: [h200At(0), h200At(1)], pairs: [fakePair(0, 1)] });
    for (const mode of MODES) {
      const { points } = await planRun({ mode: mode.info.id, params: {} }, backend);
      expect(points.length, mode.info.id).toBeGreaterThan(0);
      for (const p of points) {
        expect(p.spec.itersHi, `${mode.info.id} ${p.label}`).toBeGreaterThan(p.spec.itersLo);
        expect(p.spec.launch.threadsPerBlock).toBeLessThanOrEqual(1024);
      }
    }
  });

  it('validateRunRequest counts the points', async () => {
    await expect(validateRunRequest({ mode: 'sweep', params: {} }, fakeBackend())).resolves.toEqual({
      points: 12,
    });
  });
});

describe('parseStopping', () => {
  it('fills the defaults and keeps given values', () => {
    expect(parseStopping({ targetRelCi: 0.02 })).toMatchObject({ targetRelCi: 0.02, minReps: 10, warmup: 2 });
  });

  it('refuses out-of-range values and inverted limits with their reasons', () => {
    expect(() => parseStopping({ minReps: 0 })).toThrow(
      /minReps: 0 is not allowed; use a whole number from 1/,
    );
    expect(() => parseStopping({ targetRelCi: 2 })).toThrow(/targetRelCi: 2 is not allowed/);
    expect(() => parseStopping({ minReps: 50, maxReps: 10 })).toThrow(
      /maxReps \(10\) must be at least minReps \(50\)/,
    );
    expect(() => parseStopping({ minTimeMs: 100, maxTimeMs: 10 })).toThrow(
      /maxTimeMs \(10\) must be at least minTimeMs/,
    );
  });
});
