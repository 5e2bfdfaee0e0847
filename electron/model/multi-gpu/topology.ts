/**
 * The GPU pairs of this machine in the contract's terms (GpuTopology), from the addon's device query: the CUDA
 * runtime's peer attributes as they are, the link type from NVML (nvmlDeviceGetP2PStatus over NVLink, else the PCIe
 * path of nvmlDeviceGetTopologyCommonAncestor, named as `nvidia-smi topo -m` names it), and what `multi_gpu` can run
 * on each pair.
 */
import type { GpuPair, GpuTopology } from '../../contract';
import type { NativeDeviceQuery, NativePairInfo } from '../native/addon-types';
import { HOST_TEXT_EN } from '../words/en/host';
import { pairSupport } from './variants';

/** nvmlGpuTopologyLevel_t -> words (NVML API Reference; the abbreviations of `nvidia-smi topo -m`). */
const PCIE_PATH: Record<number, string> = {
  0: 'on one board (NVML: internal)',
  10: 'through one PCIe switch (PIX)',
  20: 'through several PCIe switches (PXB)',
  30: 'through the PCIe host bridge (PHB)',
  40: 'across PCIe host bridges of one NUMA node (NODE)',
  50: 'across NUMA nodes, through the CPU interconnect (SYS)',
};

/** The link of a pair as NVML tells it. */
export function linkOf(link: NativePairInfo['link']): GpuPair['link'] {
  if (link.source === 'none')
    return { type: 'unknown', text: 'not known (NVML is not available)', source: 'none' };
  const path = link.commonAncestor !== null ? PCIE_PATH[link.commonAncestor] : undefined;
  if (link.nvlink === true) {
    return { type: 'nvlink', text: `NVLink${path ? `; PCIe path ${path}` : ''}`, source: 'nvml' };
  }
  if (path) {
    const why = link.nvlinkP2pStatus !== null ? ` (NVML NVLink P2P status ${link.nvlinkP2pStatus})` : '';
    return { type: 'pcie', text: `PCIe, ${path}; no NVLink${why}`, source: 'nvml' };
  }
  return { type: 'unknown', text: 'not known (NVML answered neither NVLink nor PCIe path)', source: 'nvml' };
}

/** Said plainly when a machine has no GPU pair (the words multi_gpu's refusal uses, `plan.oneGpu`). */
export const ONE_GPU_NOTE = HOST_TEXT_EN.plan.oneGpu;

/** The topology of an available device query (pairs a < b, NCCL, and what multi_gpu can run). */
export function topologyOf(query: Extract<NativeDeviceQuery, { available: true }>): GpuTopology {
  const nccl: GpuTopology['nccl'] = query.nccl
    ? { state: query.nccl.state, version: query.nccl.version, reason: query.nccl.reason }
    : {
        state: 'unknown',
        version: null,
        reason: 'the addon did not report NCCL (it was built before the multi-GPU family)',
      };
  const gpuCount = query.devices.length;
  const pairs: GpuPair[] = (query.pairs ?? []).map((p) => ({
    a: p.a,
    b: p.b,
    peerAccess: p.peerAccess,
    nativeAtomics: p.nativeAtomics,
    performanceRank: p.performanceRank,
    link: linkOf(p.link),
    multiGpu: pairSupport(p, nccl),
  }));
  let note: string | null = null;
  if (gpuCount < 2) note = gpuCount === 1 ? ONE_GPU_NOTE : HOST_TEXT_EN.plan.noGpu;
  else if (!query.pairs) note = HOST_TEXT_EN.plan.pairsNotReported;
  return { gpuCount, pairs, note, nccl };
}

/** One line per pair for the CLI and result notes: link, peer access, native atomics, performance rank. */
export function pairSummary(p: GpuPair): string {
  const dir = <T>(d: { aToB: T | null; bToA: T | null }, f: (v: T) => string) =>
    `${p.a}→${p.b} ${d.aToB === null ? 'unknown' : f(d.aToB)}, ${p.b}→${p.a} ${d.bToA === null ? 'unknown' : f(d.bToA)}`;
  const yn = (v: boolean) => (v ? 'yes' : 'no');
  return (
    `GPU ${p.a}–${p.b}: link ${p.link.text}; peer access ${dir(p.peerAccess, yn)}; native atomics ` +
    `${dir(p.nativeAtomics, yn)}; performance rank ${dir(p.performanceRank, String)}`
  );
}
