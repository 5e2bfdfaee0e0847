import { describe, expect, it } from 'vitest';

import { deviceStatus, resolveDevice } from '../../../electron/core/measure/device';
import { startMeasuredRun } from '../../../electron/core/measure/run';
import { validateResultFile } from '../../../electron/core/results/io';
import { fakeBackend, syntheticPointResult } from '../helpers/fake-backend';

describe('startMeasuredRun', () => {
  it('assembles a valid result file with provenance, statistics, ratios and the points in order', async () => {
    const perUnit: Record<string, number> = {
      syncwarp: 0.2,
      syncthreads: 9,
      grid_sync: 980,
      phases_grid_sync: 2200,
      phases_two_kernels: 8000,
    };
    const backend = fakeBackend({ result: (spec) => syntheticPointResult(perUnit[spec.workload]!) });
    const seen: number[] = [];
    const run = await startMeasuredRun({ mode: 'modes', params: {} }, backend, {
      onPoint: (_p, done) => seen.push(done),
    });
    const { result, sticky } = await run.done;
    expect(sticky).toBe(false);
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    expect(() => validateResultFile(JSON.parse(JSON.stringify(result)), 'run')).not.toThrow();
    expect(result.status).toBe('complete');
    expect(result.provenance.device?.name).toBe('NVIDIA H200');
    expect(result.provenance.driverVersion).toBe('580.159.04 (supports CUDA 13.0)');
    expect(result.points.map((p) => p.index)).toEqual([0, 1, 2, 3, 4]);
    const block = result.points[1]!;
    expect(block.perSyncNs!.median).toBeCloseTo(9, 1);
    expect(block.perSyncNsFromCycles).toBeCloseTo((block.perSyncCycles!.median / 1979) * 1000, 6);
    expect(block.clock).toMatchObject({ conversion: 'globaltimer', throttled: false });
    const gridBlock = result.ratios.find((r) => r.name === 'grid/block')!;
    expect(gridBlock.value).toBeCloseTo(980 / 9, 0);
    expect(gridBlock.basis).toBe('perSyncNs');
    // The stopping rule travels to the native spec with every point.
    expect(backend.started[0]!.every((s) => s.targetRelCi === 0.01 && s.allowUnsafe === false)).toBe(true);
  });

  it('flags throttled and noisy points and says so in the notes', async () => {
    const backend = fakeBackend({
      result: (_s, i) =>
        syntheticPointResult(9, 12, i === 0 ? { clockMHz: Array(12).fill(1500), stoppedBy: 'max-time' } : {}),
    });
    const { result } = await (await startMeasuredRun({ mode: 'block', params: {} }, backend)).done;
    expect(result.points[0]!.clock.throttled).toBe(true);
    expect(result.points[0]!.noisy).toBe(true);
    expect(result.notes.join(' ')).toMatch(/1 point\(s\) stopped before reaching the noise target/);
    expect(result.notes.join(' ')).toMatch(/below the throttle threshold/);
  });

  it('reports failed verification', async () => {
    const backend = fakeBackend({
      result: () => syntheticPointResult(500, 12, { verified: 1000, mismatches: 3 }),
    });
    const { result } = await (await startMeasuredRun({ mode: 'correctness', params: {} }, backend)).done;
    expect(result.points[0]!.verification).toEqual({ verified: 1000, mismatches: 3, ok: false });
    expect(result.notes.join(' ')).toMatch(/FAILED verification/);
  });

  it('keeps the finished points of a failed run and names the failing point', async () => {
    const error = Object.assign(new Error('running workload failed: cudaErrorIllegalAddress'), {
      code: 'SB_CUDA',
      sticky: true,
      point: 1,
    });
    const run = await startMeasuredRun(
      { mode: 'sweep', params: { nwarpsList: '1,2' } },
      fakeBackend({ failAt: { index: 1, error } }),
    );
    const { result, sticky } = await run.done;
    expect(sticky).toBe(true);
    expect(result.status).toBe('failed');
    expect(result.points).toHaveLength(1);
    expect(result.error?.code).toBe('SB_CUDA');
    expect(result.error?.message).toMatch(/^block: 1 warp × 132 blocks: running workload failed/);
  });

  it('cancels between points and keeps what was measured', async () => {
    const backend = fakeBackend();
    let run: Awaited<ReturnType<typeof startMeasuredRun>> | null = null;
    run = await startMeasuredRun({ mode: 'sweep', params: {} }, backend, {
      onPoint: (_p, done) => {
        if (done === 2) run?.cancel();
      },
    });
    const { result } = await run.done;
    expect(result.status).toBe('cancelled');
    expect(result.points.length).toBeGreaterThanOrEqual(2);
    expect(result.points.length).toBeLessThan(12);
  });

  it('never marks an incorrect (volatile) point as a ratio operand', async () => {
    const { result } = await (await startMeasuredRun({ mode: 'handoff', params: {} }, fakeBackend())).done;
    const incorrect = result.points.filter((p) => p.incorrect).map((p) => p.label);
    expect(incorrect).toHaveLength(2);
    for (const r of result.ratios) {
      expect(incorrect).not.toContain(r.numerator);
      expect(incorrect).not.toContain(r.denominator);
    }
  });
});

describe('deviceStatus', () => {
  it('explains a missing GPU and a missing addon without throwing', async () => {
    const noGpu = await deviceStatus(fakeBackend({ noGpu: 'No NVIDIA driver is installed on this machine' }));
    expect(noGpu).toMatchObject({
      available: false,
      reason: 'No NVIDIA driver is installed on this machine',
      devices: [],
      // The addon says "none" for the driver's version: no version, not a version called "none".
      driverVersion: null,
      runtimeVersion: '13.0',
    });
    const noAddon = await deviceStatus(fakeBackend({ noAddon: 'The native addon was not built' }));
    expect(noAddon).toMatchObject({ available: false, reason: 'The native addon was not built' });
    const ok = await deviceStatus(fakeBackend());
    expect(ok.devices[0]?.smCount).toBe(132);
  });

  it("codes the addon's no-GPU sentence, so the page words it in its language (gpu-reasons.ts)", async () => {
    const says = 'CUDA driver version is insufficient for CUDA runtime version';
    const sentence = `The NVIDIA driver supports CUDA 12.4 but this build needs CUDA 13.0 (the CUDA runtime says: "${says}"). Update the NVIDIA driver.`;
    const status = await deviceStatus(fakeBackend({ noGpu: sentence }));
    expect(status.reason).toBe(sentence);
    expect(status.reasonText).toEqual({
      code: 'gpu.oldDriver',
      params: { driver: '12.4', needs: '13.0', runtime: { en: says } },
    });
    // A refused run carries the same code (service/failure.ts gives it to the page).
    const refused = await resolveDevice(fakeBackend({ noGpu: sentence }), 0).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'NO_GPU', message: sentence, text: status.reasonText });
  });
});

describe('ratios', () => {
  it('are not reported against a primitive that costs less than one cycle (e.g. a __syncwarp compiled to a NOP)', async () => {
    const perUnit: Record<string, number> = {
      syncwarp: 0.12,
      syncthreads: 9,
      grid_sync: 980,
      phases_grid_sync: 2200,
      phases_two_kernels: 8000,
    };
    const backend = fakeBackend({ result: (spec) => syntheticPointResult(perUnit[spec.workload]!) });
    const { result } = await (await startMeasuredRun({ mode: 'modes', params: {} }, backend)).done;
    const names = result.ratios.map((r) => r.name);
    expect(names).not.toContain('block/warp');
    expect(names).toContain('block/warp (whole kernel)');
    expect(names).toContain('grid/block');
    expect(result.notes.join(' ')).toMatch(/Less than one SM cycle per unit .*warp: 8 warps × 132 blocks/);
  });
});
