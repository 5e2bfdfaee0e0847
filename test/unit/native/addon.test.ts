/**
 * The real addon, as `npm run build:native` built it (CI builds it with nvcc; this machine has no GPU and no NVIDIA
 * driver). Loaded in fresh processes where state matters.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import type { NativeAddon, NativeError } from '../../../electron/model/native/addon-types';

const ADDON = path.resolve('native/build/Release/syncbench.node');
const hasNvcc = spawnSync('nvcc', ['--version']).status === 0;

/** Runs `code` in a fresh Node process with `addon` bound to the loaded module; returns its JSON output. */
function fresh(code: string): unknown {
  const r = spawnSync(process.execPath, ['-e', `const addon = require(${JSON.stringify(ADDON)}); ${code}`], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

describe.runIf(hasNvcc)('native addon (built with nvcc)', () => {
  it('was built by npm run build:native', () => {
    expect(existsSync(ADDON), `${ADDON} is missing: run npm run build:native`).toBe(true);
  });

  it('loads on a machine without a driver and says why no GPU is usable', () => {
    const q = fresh('process.stdout.write(JSON.stringify(addon.queryDevices()))') as {
      available: boolean;
      reason?: string;
      cudaError?: string;
      devices?: unknown[];
    };
    if (q.available) {
      expect(q.devices!.length).toBeGreaterThan(0); // a developer machine with a GPU
      return;
    }
    expect(q.cudaError).toMatch(/^cudaError/);
    expect(q.reason).toMatch(/No NVIDIA driver is installed|sees no CUDA-capable GPU|driver supports CUDA/);
    expect(q.reason).toMatch(/the CUDA runtime says: "/);
  });

  it('reports the CUDA build and every architecture it was compiled for', () => {
    const info = fresh(
      'process.stdout.write(JSON.stringify({ build: addon.cudaRuntimeBuild, archs: addon.cudaArchitectures }))',
    ) as { build: number; archs: string };
    expect(info.build).toBeGreaterThanOrEqual(13000);
    expect(info.archs).toMatch(/all|\d/);
  });

  it('describes every workload with a kernel name and a valid expected-instruction pattern', () => {
    const addon = createRequire(import.meta.url)(ADDON) as NativeAddon;
    const list = addon.workloads();
    expect(new Set(list.map((w) => w.id)).size).toBe(list.length);
    for (const w of list) {
      // the NCCL and copy-engine workloads have no kernel of their own
      if (!['nccl_allreduce_barrier', 'peer_copy_hop'].includes(w.id))
        expect(w.kernel, w.id).toMatch(/^sb_k_/);
      else expect(w.kernel, w.id).toBe('');
      expect(() => new RegExp(w.expectPtx), w.id).not.toThrow();
      expect(() => new RegExp(w.expectSass), w.id).not.toThrow();
    }
    expect(
      list
        .filter((w) => w.unsafe === 'undefined-behaviour')
        .map((w) => w.id)
        .sort(),
    ).toEqual(['divergent_barrier', 'handoff_smem_no_barrier']);
  });

  it('refuses bad run requests with SB_INVALID and names what is allowed', () => {
    const addon = createRequire(import.meta.url)(ADDON) as NativeAddon;
    const attempt = (f: () => unknown) => {
      try {
        f();
      } catch (err) {
        return err as NativeError;
      }
      throw new Error('expected a throw');
    };
    expect(attempt(() => addon.startRun([], () => {})).code).toBe('SB_INVALID');
    const unknown = attempt(() => addon.startRun([{ workload: 'nope' } as never], () => {}));
    // Every workload, the calibration table's first (kernels/CMakeLists.txt lists it first), then by family file.
    expect(unknown.message).toMatch(/^unknown workload 'nope'; known workloads: baseline, fadd_chain, /);
    const singleDevice = addon.workloads().filter((w) => w.devices === 1);
    expect(unknown.message.split(': ')[1]!.split(', ')).toHaveLength(singleDevice.length);
    const badThreads = attempt(() =>
      addon.startRun(
        [{ workload: 'syncthreads', launch: { gridBlocks: 1, threadsPerBlock: 4096 } } as never],
        () => {},
      ),
    );
    expect(badThreads.message).toMatch(/threadsPerBlock must be a number from 1/);
    const samePeer = attempt(() =>
      addon.startRun([{ workload: 'peer_handoff', device: 1, peerDevice: 1 } as never], () => {}),
    );
    expect(samePeer.message).toMatch(/point 0: peerDevice must differ from device \(both 1\)/);
    const notPair = attempt(() =>
      addon.startRun([{ workload: 'syncthreads', peerDevice: 1 } as never], () => {}),
    );
    expect(notPair.message).toMatch(
      /unknown multi-GPU workload 'syncthreads'; known multi-GPU workloads: peer_handoff, peer_handoff_volatile/,
    );
    const pairBaseline = attempt(() =>
      addon.startRun(
        [{ workload: 'peer_handoff', peerDevice: 1, baseline: { workload: 'baseline', param: 0 } } as never],
        () => {},
      ),
    );
    expect(pairBaseline.message).toMatch(/multi-GPU points take no baseline/);
  });

  it('lists the multi-GPU workloads after the single-device ones, with what they need', () => {
    const addon = createRequire(import.meta.url)(ADDON) as NativeAddon;
    const list = addon.workloads();
    const pair = list.filter((w) => w.devices === 2);
    expect(pair.map((w) => [w.id, w.needsPeer, w.needsNccl, w.unsafe])).toEqual([
      ['peer_handoff', true, false, 'no'],
      ['peer_handoff_volatile', true, false, 'incorrect'],
      ['peer_event_hop', true, false, 'no'],
      ['host_barrier_gpus', false, false, 'no'],
      ['nccl_allreduce_barrier', false, true, 'no'],
      ['peer_copy_hop', false, false, 'no'],
    ]);
    expect(list.slice(-pair.length)).toEqual(pair);
    expect(list.filter((w) => w.devices === 1).length + pair.length).toBe(list.length);
  });

  it('the device query on a machine without a GPU still answers; with a GPU it carries pairs and NCCL', () => {
    const q = fresh('process.stdout.write(JSON.stringify(addon.queryDevices()))') as {
      available: boolean;
      devices?: unknown[];
      pairs?: Array<{ a: number; b: number }>;
      nccl?: { state: string };
    };
    if (!q.available) {
      expect(q.pairs).toBeUndefined();
      return;
    }
    const n = q.devices!.length;
    expect(q.pairs).toHaveLength((n * (n - 1)) / 2);
    expect(['loaded', 'missing', 'incomplete', 'wrong-version']).toContain(q.nccl!.state);
  });

  it('runs asynchronously: the promise rejects later with a coded CUDA error, the JS thread keeps going', async () => {
    const addon = createRequire(import.meta.url)(ADDON) as NativeAddon;
    if ((addon.queryDevices() as { available: boolean }).available) return; // measured on GPU hosts by test:gpu
    const order: string[] = [];
    const handle = addon.startRun(
      [
        {
          device: 0,
          workload: 'syncthreads',
          param: 0,
          baseline: null,
          unitsPerIter: 1,
          launch: {
            gridBlocks: 1,
            threadsPerBlock: 64,
            clusterSize: 0,
            clusterAttribute: false,
            dynamicSmemBytes: 0,
          },
          itersLo: 4,
          itersHi: 8,
          warmup: 0,
          minReps: 1,
          maxReps: 1,
          minTimeMs: 0,
          maxTimeMs: 0,
          targetRelCi: 1,
          ciLoRanks: [0, 0],
        },
      ],
      () => order.push('event'),
    );
    order.push('returned');
    const err = (await handle.done.catch((e: NativeError) => e)) as NativeError;
    expect(order[0]).toBe('returned');
    expect(err.code).toBe('SB_CUDA');
    expect(err.cudaError).toBe('cudaErrorInsufficientDriver');
    expect(err.sticky).toBe(false);
    // One run at a time: after it ended, another may start.
    const again = addon.startRun(
      [
        {
          device: 0,
          workload: 'baseline',
          param: 0,
          baseline: null,
          unitsPerIter: 1,
          launch: {
            gridBlocks: 1,
            threadsPerBlock: 32,
            clusterSize: 0,
            clusterAttribute: false,
            dynamicSmemBytes: 0,
          },
          itersLo: 1,
          itersHi: 2,
          warmup: 0,
          minReps: 1,
          maxReps: 1,
          minTimeMs: 0,
          maxTimeMs: 0,
          targetRelCi: 1,
          ciLoRanks: [0, 0],
        },
      ],
      () => {},
    );
    await again.done.catch(() => undefined);
  });
});
