/**
 * Pair enumeration and per-pair validation of the multi-GPU family, from the addon's device query as a fake backend
 * reports it (no GPU here): the link named from NVML, one GPU stated plainly, and what multi_gpu can run per pair.
 */
import { describe, expect, it, vi } from 'vitest';

import { deviceCommand, topologyLines } from '../../../electron/cli/device-command';
import { deviceStatus } from '../../../electron/core/measure/device';
import { linkOf, pairSupport, topologyOf } from '../../../electron/model/multi-gpu';
import type { NativeDeviceQuery } from '../../../electron/model/native/addon-types';
import { fakeBackend, fakePair, h200At, NCCL_MISSING } from '../helpers/fake-backend';

const NCCL_OK = { state: 'loaded', version: '2.27.3', library: 'libnccl.so.2', reason: null } as const;

async function available(backend = fakeBackend()) {
  const q = (await backend.queryDevices()) as Extract<NativeDeviceQuery, { available: true }>;
  return q;
}

describe('topologyOf', () => {
  it('one GPU: no pairs, said plainly', async () => {
    const t = topologyOf(await available());
    expect(t).toMatchObject({ gpuCount: 1, pairs: [], note: 'one GPU: no pairs' });
  });

  it('lists every pair a < b of four GPUs with its attributes as the runtime gave them', async () => {
    const devices = [0, 1, 2, 3].map(h200At);
    const pairs = [
      [0, 1],
      [0, 2],
      [0, 3],
      [1, 2],
      [1, 3],
      [2, 3],
    ].map(([a, b]) => fakePair(a!, b!, { performanceRank: { aToB: a!, bToA: b! } }));
    const t = topologyOf(await available(fakeBackend({ devices, pairs, nccl: NCCL_OK })));
    expect(t.gpuCount).toBe(4);
    expect(t.note).toBeNull();
    expect(t.pairs.map((p) => `${p.a}-${p.b}`)).toEqual(['0-1', '0-2', '0-3', '1-2', '1-3', '2-3']);
    expect(t.pairs[3]!.performanceRank).toEqual({ aToB: 1, bToA: 2 });
    expect(t.pairs.every((p) => p.multiGpu.status === 'full')).toBe(true);
    expect(t.nccl).toEqual({ state: 'loaded', version: '2.27.3', reason: null });
  });

  it('a pair without peer access is restricted to the variants that need none, with the reason naming the pair', async () => {
    const pairs = [fakePair(0, 1, { peerAccess: { aToB: true, bToA: false } })];
    const t = topologyOf(
      await available(fakeBackend({ devices: [h200At(0), h200At(1)], pairs, nccl: NCCL_OK })),
    );
    const m = t.pairs[0]!.multiGpu;
    expect(m.status).toBe('restricted');
    expect(m.runs).toEqual(['host-barrier', 'nccl', 'copy-hop']);
    expect(m.refused.map((r) => r.variant)).toEqual(['peer-flag', 'peer-flag-volatile', 'event-hop']);
    expect(m.refused[0]!.reason).toBe(
      'GPU 0–1: no peer access (cudaDeviceCanAccessPeer 0→1 yes, 1→0 no), so the system-scope flag cannot run: ' +
        "its kernels read the other GPU's memory",
    );
  });

  it('NCCL missing leaves the NCCL variant out with NCCL’s reason; an unknown peer answer is no peer access', () => {
    const m = pairSupport(
      { a: 2, b: 5, peerAccess: { aToB: null, bToA: true } },
      { state: 'missing', version: null, reason: NCCL_MISSING.reason },
    );
    expect(m.runs).toEqual(['host-barrier', 'copy-hop']);
    expect(m.refused.find((r) => r.variant === 'nccl')!.reason).toBe(
      `GPU 2–5: the NCCL all-reduce needs NCCL: ${NCCL_MISSING.reason}`,
    );
    expect(m.refused[0]!.reason).toMatch(/2→5 unknown, 5→2 yes/);
  });

  it('an addon that predates the pairs says so instead of claiming there are none', async () => {
    const t = topologyOf(await available(fakeBackend({ devices: [h200At(0), h200At(1)], pairs: 'absent' })));
    expect(t.pairs).toEqual([]);
    expect(t.note).toMatch(/pairs are not known: the addon was built before the multi-GPU family/);
  });
});

describe('linkOf (NVML)', () => {
  it('NVLink when NVML reports NVLink P2P OK, else the PCIe path by its nvidia-smi name, else unknown', () => {
    expect(linkOf({ source: 'nvml', nvlink: true, nvlinkP2pStatus: 0, commonAncestor: 50 })).toEqual({
      type: 'nvlink',
      text: 'NVLink; PCIe path across NUMA nodes, through the CPU interconnect (SYS)',
      source: 'nvml',
    });
    expect(linkOf({ source: 'nvml', nvlink: false, nvlinkP2pStatus: 5, commonAncestor: 10 })).toEqual({
      type: 'pcie',
      text: 'PCIe, through one PCIe switch (PIX); no NVLink (NVML NVLink P2P status 5)',
      source: 'nvml',
    });
    expect(linkOf({ source: 'none', nvlink: null, nvlinkP2pStatus: null, commonAncestor: null }).type).toBe(
      'unknown',
    );
    expect(
      linkOf({ source: 'nvml', nvlink: null, nvlinkP2pStatus: null, commonAncestor: null }).text,
    ).toMatch(/NVML answered neither/);
  });
});

describe('device status and `syncbench device`', () => {
  it('carries the topology (null without a GPU)', async () => {
    expect((await deviceStatus(fakeBackend({ noGpu: 'no driver' }))).topology).toBeNull();
    const s = await deviceStatus(fakeBackend());
    expect(s.topology?.note).toBe('one GPU: no pairs');
  });

  it('prints the pairs section: one GPU plainly, or each pair with what multi_gpu runs on it', async () => {
    let out = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
    try {
      expect(await deviceCommand(fakeBackend(), {})).toBe(0);
    } finally {
      vi.restoreAllMocks();
    }
    expect(out).toMatch(/^GPU pairs: one GPU: no pairs$/m);
    expect(out).toMatch(/^NCCL: missing: NCCL is not installed/m);

    const pairs = [
      fakePair(0, 1),
      fakePair(0, 2, { peerAccess: { aToB: false, bToA: false } }),
      fakePair(1, 2),
    ];
    const s = await deviceStatus(fakeBackend({ devices: [0, 1, 2].map(h200At), pairs, nccl: NCCL_OK }));
    const lines = topologyLines(s.topology!);
    expect(lines[0]).toBe('GPU pairs: 3 pair(s) of 3 GPUs');
    expect(lines[1]).toBe(
      '  GPU 0–1: link NVLink; PCIe path across NUMA nodes, through the CPU interconnect (SYS); peer access ' +
        '0→1 yes, 1→0 yes; native atomics 0→1 yes, 1→0 yes; performance rank 0→1 0, 1→0 0',
    );
    expect(lines[2]).toBe('    multi_gpu: every variant can run');
    expect(lines).toContain('    multi_gpu: restricted; runs host-barrier, nccl, copy-hop');
    expect(
      lines.filter((l) => l.startsWith('    not ') && l.includes('GPU 0–2: no peer access')),
    ).toHaveLength(3);
  });
});
