/**
 * The variants of the `multi_gpu` mode (kernels/multi_gpu.cu) and which of them a GPU pair can run. A variant whose
 * kernels touch the other GPU's memory needs peer access both ways (cudaDeviceCanAccessPeer); the NCCL variant needs
 * NCCL at run time. The rest (host barrier, copy + event) run on any two GPUs of one process.
 */
import type { GpuPair, GpuTopology, MultiGpuVariant } from '../../contract';

export interface VariantDef {
  id: MultiGpuVariant;
  /** Multi-GPU workload id (kernels/multi_gpu.cu). */
  workload: string;
  /** Short name, used in series and labels. */
  name: string;
  /** What one unit is. */
  op: string;
  /** Units per loop iteration (a hop chain runs A→B and B→A in one iteration). */
  unitsPerIter: number;
  /** Not synchronization in the CUDA memory model: shown for its cost only, never ranked. */
  incorrect: boolean;
  needsPeer: boolean;
  needsNccl: boolean;
}

export const VARIANTS: readonly VariantDef[] = [
  {
    id: 'peer-flag',
    workload: 'peer_handoff',
    name: 'system-scope flag',
    op: 'one flag round trip between kernels on the two GPUs (peer memory, release/acquire at system scope)',
    unitsPerIter: 1,
    incorrect: false,
    needsPeer: true,
    needsNccl: false,
  },
  {
    id: 'peer-flag-volatile',
    workload: 'peer_handoff_volatile',
    name: 'volatile flag',
    op: 'one round trip of a volatile flag through peer memory (not synchronization)',
    unitsPerIter: 1,
    incorrect: true,
    needsPeer: true,
    needsNccl: false,
  },
  {
    id: 'event-hop',
    workload: 'peer_event_hop',
    name: 'event dependency',
    op: 'one hop: a kernel, cudaEventRecord, cudaStreamWaitEvent on the other GPU, whose kernel reads the token',
    unitsPerIter: 2,
    incorrect: false,
    needsPeer: true,
    needsNccl: false,
  },
  {
    id: 'host-barrier',
    workload: 'host_barrier_gpus',
    name: 'host barrier',
    op: 'one barrier crossing: per GPU a host thread launches, cudaStreamSynchronize, std::barrier',
    unitsPerIter: 1,
    incorrect: false,
    needsPeer: false,
    needsNccl: false,
  },
  {
    id: 'nccl',
    workload: 'nccl_allreduce_barrier',
    name: 'NCCL all-reduce',
    op: 'one one-element ncclAllReduce (sum) across both GPUs, used as a barrier',
    unitsPerIter: 1,
    incorrect: false,
    needsPeer: false,
    needsNccl: true,
  },
  {
    id: 'copy-hop',
    workload: 'peer_copy_hop',
    name: 'copy + event',
    op: 'one hop: 64 B cudaMemcpyPeerAsync + an event the other GPU waits on (copy engine)',
    unitsPerIter: 2,
    incorrect: false,
    needsPeer: false,
    needsNccl: false,
  },
];

/** The variant with this id (throws on an unknown id: a programming error). */
export function variant(id: MultiGpuVariant): VariantDef {
  const v = VARIANTS.find((x) => x.id === id);
  if (!v) throw new Error(`unknown multi-GPU variant ${id}`);
  return v;
}

const yesNo = (v: boolean | null) => (v === null ? 'unknown' : v ? 'yes' : 'no');

/** "GPU 0–1": the pair's name in labels and messages. */
export function pairName(pair: Pick<GpuPair, 'a' | 'b'>): string {
  return `GPU ${pair.a}–${pair.b}`;
}

/**
 * What `multi_gpu` can run on a pair: every variant ('full') or some ('restricted'), and the reason for each variant
 * left out, naming the pair. Peer access must be reported true in both directions.
 */
export function pairSupport(
  pair: Pick<GpuPair, 'a' | 'b' | 'peerAccess'>,
  nccl: GpuTopology['nccl'],
): GpuPair['multiGpu'] {
  const peer = pair.peerAccess.aToB === true && pair.peerAccess.bToA === true;
  const runs: MultiGpuVariant[] = [];
  const refused: GpuPair['multiGpu']['refused'] = [];
  for (const v of VARIANTS) {
    if (v.needsPeer && !peer) {
      refused.push({
        variant: v.id,
        reason:
          `${pairName(pair)}: no peer access (cudaDeviceCanAccessPeer ${pair.a}→${pair.b} ` +
          `${yesNo(pair.peerAccess.aToB)}, ${pair.b}→${pair.a} ${yesNo(pair.peerAccess.bToA)}), so the ${v.name} ` +
          `cannot run: its kernels read the other GPU's memory`,
      });
    } else if (v.needsNccl && nccl.state !== 'loaded') {
      refused.push({
        variant: v.id,
        reason: `${pairName(pair)}: the ${v.name} needs NCCL: ${nccl.reason ?? 'the addon did not report NCCL'}`,
      });
    } else {
      runs.push(v.id);
    }
  }
  return { status: refused.length === 0 ? 'full' : 'restricted', runs, refused };
}
