/**
 * The multi_gpu mode's plans and validation with a fake backend: refused on one GPU (before anything is launched),
 * restricted per pair without peer access or NCCL with the reasons on the result, and the specs the native side
 * gets (GPU A as `device`, GPU B as `peerDevice`, no baseline).
 */
import { describe, expect, it, vi } from 'vitest';

import { main } from '../../../electron/cli/main';
import { runCommand } from '../../../electron/cli/run-command';
import { PlanError } from '../../../electron/model/modes/plan-error';
import { planRun } from '../../../electron/core/measure/plan-run';
import { startMeasuredRun } from '../../../electron/core/measure/run';
import { fakeBackend, fakePair, h200At, syntheticPointResult } from '../helpers/fake-backend';

const NCCL_OK = { state: 'loaded', version: '2.27.3', library: 'libnccl.so.2', reason: null } as const;
const two = (opts: Parameters<typeof fakeBackend>[0] = {}) =>
  fakeBackend({ devices: [h200At(0), h200At(1)], pairs: [fakePair(0, 1)], nccl: NCCL_OK, ...opts });

async function planError(params: Record<string, string | number>, backend = two()): Promise<PlanError> {
  try {
    await planRun({ mode: 'multi_gpu', params }, backend);
  } catch (err) {
    if (err instanceof PlanError) return err;
    throw err;
  }
  throw new Error('expected a PlanError');
}

describe('multi_gpu: validation before any launch', () => {
  it('refuses one GPU with the reason, and nothing is started', async () => {
    const backend = fakeBackend();
    const err = await planError({}, backend);
    expect(err.code).toBe('INVALID');
    expect(err.fieldErrors.pair).toBe(
      'one GPU: no pairs (device 0: NVIDIA H200); multi_gpu needs two GPUs in this process (check CUDA_VISIBLE_DEVICES)',
    );
    await expect(startMeasuredRun({ mode: 'multi_gpu', params: {} }, backend)).rejects.toThrow(
      /one GPU: no pairs/,
    );
    expect(backend.started).toEqual([]);
  });

  it('refuses a pair that is not two different existing ordinals', async () => {
    expect((await planError({ pair: '0,0' })).fieldErrors.pair).toBe(
      "'0,0' is not a pair; give two different device ordinals, e.g. 0,1",
    );
    expect((await planError({ pair: '0,1,1' })).fieldErrors.pair).toMatch(/'0,1,1' is not a pair/);
    expect((await planError({ pair: '0,2' })).fieldErrors.pair).toBe(
      "'0,2' names a GPU this machine does not have; its devices are 0 to 1",
    );
    // the shape is checked before the device: a machine without a GPU still says what is wrong (exit 2, not 3)
    const noGpu = await planError({ pair: '1,1' }, fakeBackend({ noGpu: 'no driver' }));
    expect(noGpu.code).toBe('INVALID');
  });

  it('refuses a machine whose addon did not report the pairs', async () => {
    const err = await planError({}, two({ pairs: 'absent' }));
    expect(err.fieldErrors.pair).toMatch(/pairs are not known/);
  });
});

describe('multi_gpu: plans', () => {
  it('plans every variant on a pair with peer access and NCCL: GPU A and B per point, no baseline', async () => {
    const { points, notes } = await planRun({ mode: 'multi_gpu', params: {} }, two());
    expect(points.map((p) => p.spec.workload)).toEqual([
      'peer_handoff',
      'peer_handoff_volatile',
      'peer_event_hop',
      'host_barrier_gpus',
      'nccl_allreduce_barrier',
      'peer_copy_hop',
    ]);
    for (const p of points) {
      expect(p.devices).toEqual({ device: 0, peerDevice: 1 });
      expect(p.spec.baseline).toBeNull();
      expect(p.spec.itersHi).toBeGreaterThan(p.spec.itersLo);
    }
    expect(points.filter((p) => p.incorrect).map((p) => p.label)).toEqual([
      'GPU 0–1, volatile flag (INCORRECT)',
    ]);
    expect(points.find((p) => p.spec.workload === 'peer_event_hop')!.spec.unitsPerIter).toBe(2);
    expect(notes).toEqual([expect.stringMatching(/^GPU 0–1: link NVLink/)]);
  });

  it('leaves out the volatile variant when asked', async () => {
    const { points } = await planRun({ mode: 'multi_gpu', params: { includeVolatile: 'no' } }, two());
    expect(points.some((p) => p.incorrect)).toBe(false);
  });

  it('restricts a pair without peer access and says per pair what was not measured and why', async () => {
    const pairs = [
      fakePair(0, 1),
      fakePair(0, 2, { peerAccess: { aToB: false, bToA: false } }),
      fakePair(1, 2, { peerAccess: { aToB: false, bToA: false } }),
    ];
    const backend = fakeBackend({ devices: [0, 1, 2].map(h200At), pairs, nccl: NCCL_OK });
    const { points, notes } = await planRun(
      { mode: 'multi_gpu', params: { includeVolatile: 'no' } },
      backend,
    );
    const by = (pair: string) => points.filter((p) => p.series.startsWith(pair)).map((p) => p.spec.workload);
    expect(by('GPU 0–1')).toHaveLength(5);
    expect(by('GPU 0–2')).toEqual(['host_barrier_gpus', 'nccl_allreduce_barrier', 'peer_copy_hop']);
    expect(notes.filter((n) => n.startsWith('not measured: GPU 1–2: no peer access'))).toHaveLength(3);
  });

  it('without NCCL the NCCL variant is left out, and the result says NCCL is missing', async () => {
    const backend = two({ nccl: undefined });
    const run = await startMeasuredRun({ mode: 'multi_gpu', params: {} }, backend);
    const { result } = await run.done;
    expect(backend.started[0]!.map((s) => s.workload)).not.toContain('nccl_allreduce_barrier');
    expect(result.notes).toContainEqual(
      expect.stringMatching(/^not measured: GPU 0–1: the NCCL all-reduce needs NCCL: NCCL is not installed/),
    );
  });

  it('a chosen pair B,A swaps the directions and sends GPU B as device, GPU A as peerDevice', async () => {
    const backend = two({ pairs: [fakePair(0, 1, { performanceRank: { aToB: 3, bToA: 7 } })] });
    const run = await startMeasuredRun({ mode: 'multi_gpu', params: { pair: '1,0' } }, backend, {});
    const { result } = await run.done;
    for (const s of backend.started[0]!) {
      expect(s).toMatchObject({ device: 1, peerDevice: 0, baseline: null });
    }
    expect(result.notes[0]).toMatch(/performance rank 1→0 7, 0→1 3/);
    expect(result.points[0]!.label).toBe('GPU 1–0, system-scope flag');
  });

  it('a chosen pair without peer access or NCCL still runs the host barrier and the copy', async () => {
    const backend = two({
      pairs: [fakePair(0, 1, { peerAccess: { aToB: false, bToA: false } })],
      nccl: undefined,
    });
    const run = await planRun({ mode: 'multi_gpu', params: { pair: '0,1' } }, backend);
    expect(run.points.map((p) => p.spec.workload)).toEqual(['host_barrier_gpus', 'peer_copy_hop']);
    expect(run.notes.filter((n) => n.startsWith('not measured: GPU 0–1:'))).toHaveLength(4);
  });

  it('ratios compare each path with the system-scope flag, never with the volatile one', async () => {
    const perUnit: Record<string, number> = {
      peer_handoff: 2000,
      peer_handoff_volatile: 1000,
      peer_event_hop: 8000,
      host_barrier_gpus: 20000,
      nccl_allreduce_barrier: 15000,
      peer_copy_hop: 10000,
    };
    const backend = two({ result: (spec) => syntheticPointResult(perUnit[spec.workload]!) });
    const { result } = await (await startMeasuredRun({ mode: 'multi_gpu', params: {} }, backend)).done;
    const r = Object.fromEntries(result.ratios.map((x) => [x.name, x.value]));
    expect(r['GPU 0–1: event hop / flag round trip']).toBeCloseTo(4, 2);
    expect(r['GPU 0–1: host barrier / flag round trip']).toBeCloseTo(10, 2);
    expect(r['GPU 0–1: NCCL all-reduce / flag round trip']).toBeCloseTo(7.5, 2);
    expect(r['GPU 0–1: copy hop / event hop']).toBeCloseTo(1.25, 2);
  });
});

describe('syncbench run --mode multi_gpu', () => {
  it('on one GPU: exit 2, the message names the --pair flag and says why', async () => {
    let err = '';
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((c) => ((err += String(c)), true));
    try {
      expect(await runCommand(fakeBackend(), { mode: 'multi_gpu', params: {} }, { quiet: true })).toBe(2);
    } finally {
      spy.mockRestore();
    }
    expect(err).toBe(
      'syncbench run: --pair: one GPU: no pairs (device 0: NVIDIA H200); multi_gpu needs two GPUs in this ' +
        'process (check CUDA_VISIBLE_DEVICES)\n',
    );
  });

  it('refuses before measuring: exit 2 (one GPU) or 3 (no GPU or no addon), with the reason', async () => {
    let err = '';
    const spy = vi
      .spyOn(process.stderr, 'write')
      .mockImplementation((chunk) => ((err += String(chunk)), true));
    try {
      const code = await main(['run', '--mode', 'multi_gpu']);
      expect([2, 3]).toContain(code);
      expect(err).toMatch(
        code === 2 ? /one GPU: no pairs/ : /No NVIDIA driver|not built|sees no CUDA-capable GPU/,
      );
    } finally {
      spy.mockRestore();
    }
  });
});
