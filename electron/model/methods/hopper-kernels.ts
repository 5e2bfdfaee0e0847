/**
 * What the sm_90 modes (pdl, pipeline, cluster_arrive; docs/methods.md#hoppers-own-synchronization-sm_90) measure,
 * kernel by kernel, written from electron/model/modes/{pdl,pipeline,cluster-arrive}.ts and
 * kernels/{pdl,pipeline,cluster_arrive}.cu. These kernels
 * are not timed back to back: one unit carries state from the previous one (a chain's buffers, a stage's barrier
 * phase, a ring's slot), so the block's whole loop is timed and the difference of two iteration counts gives the
 * per-unit figure. test/unit/methods checks these facts against the plans.
 */
import { RING_SLOTS } from '../modes/cluster-arrive';
import { kernel } from './kernel-method';
import type { KernelMethod, ModeMethod } from './types';

const PDL_LAUNCH =
  '`nwarps` × 32 threads per block (default 8 warps) × `nblocks` blocks (default one per SM), the same for every variant';
const PDL_BODY =
  'a prologue of `prologueFadds` dependent FADDs that needs nothing from the previous kernel, ' +
  '`cudaGridDependencySynchronize()` (PTX `griddepcontrol.wait`), then `out[i] = in[(i + blockDim) mod n] + 1` ' +
  '(a value another block of the previous kernel wrote; the buffers alternate)';

/** A kernel of the PDL chain: N launches (or graph nodes) between two CUDA events, verified after the last. */
function chain(workload: string, how: string): KernelMethod {
  return kernel({
    workload,
    body: `one kernel of a chain: ${PDL_BODY}; ${how}`,
    launch: PDL_LAUNCH,
    itersLo: 16,
    timer: 'events-all',
    cycles: false,
    verified: true,
  });
}

const PIPE_LAUNCH =
  '1 producer warp + each `consumerWarps` entry (default 4) consumer warps per block × `nblocks` blocks (default ' +
  'one per SM); dynamic shared memory = stages × payload, refused above cudaDevAttrMaxSharedMemoryPerBlockOptin';

/** One pipeline stage handed over, measured against the same copies alone (its baseline at the same param). */
function stage(workload: string, copy: string, body: string): KernelMethod {
  return kernel({
    workload,
    body:
      `one stage of each \`stages\` × \`payloadBytes\` shape: ${body}; the consumers read every 16-byte vector of ` +
      'the stage into a checksum the host checks',
    launch: PIPE_LAUNCH,
    baseline: { workload: copy, param: 'same' },
    verified: true,
  });
}

function copyAlone(workload: string, body: string): KernelMethod {
  return kernel({
    workload,
    body: `the producer warp alone filling stage i mod S (${body}); no consumer, no hand-off (at 0 B nothing is copied, so the 0-B hand-off rows subtract next to nothing)`,
    launch: PIPE_LAUNCH,
  });
}

function ring(workload: string, body: string): KernelMethod {
  return kernel({
    workload,
    body: `one hand-off to the next block of the ring: every lane stores one word into its shared memory (\`st.shared::cluster\` at a \`mapa\` address), ${body}; the reader checks every word`,
    launch:
      'clusters of each `clusterSizes` entry (default 2, 4, 8, 16 blocks; above 8 with ' +
      'cudaFuncAttributeNonPortableClusterSizeAllowed) × `clusters` clusters (default 1), 1 warp per block',
    verified: true,
  });
}

const STATEFUL_NOTE =
  'Not back to back: each unit depends on the one before it, so the kernel times its whole loop between two ' +
  '`__syncthreads()` and the per-unit figure is the difference of two iteration counts; nothing is subtracted ' +
  'unless a baseline is named.';

/** The sm_90 modes' kernels and notes, by mode id. */
export const HOPPER_METHODS: Record<string, ModeMethod> = {
  pdl: {
    kernels: [
      chain(
        'pdl_plain',
        'launched with no attribute, back to back in one stream (the wait is a no-op); the chain is enqueued ' +
          'behind a gate kernel the host releases once the launches (at most the first 256) are queued, so the GPU ' +
          'runs them back to back rather than at the pace the host enqueues them',
      ),
      chain(
        'pdl_launch',
        'launched with `cudaLaunchAttributeProgrammaticStreamSerialization` via `cudaLaunchKernelEx`; the primary ' +
          'calls `cudaTriggerProgrammaticLaunchCompletion()` at its start (early), after its store (late) or not at all; ' +
          'enqueued behind the same gate',
      ),
      chain(
        'pdl_graph',
        'one kernel node of a graph of N nodes with default edges, built outside the timing',
      ),
      chain(
        'pdl_graph_prog',
        'one kernel node of a graph whose edges are programmatic (`cudaGraphKernelNodePortProgrammatic`, ' +
          '`cudaGraphDependencyTypeProgrammatic`), trigger early',
      ),
      {
        ...chain('pdl_grid_sync', 'the same phase in one cooperative kernel, `this_grid().sync()` after it'),
        launch: `${PDL_LAUNCH}; cooperative launch, refused above the co-resident limit`,
        timer: 'events',
        cycles: true,
        cooperative: true,
      },
    ],
    notes: [
      'The per-kernel figure includes the prologue in every variant: what PDL saves is the part of the boundary the ' +
        'next kernel’s prologue overlaps. Graphs are built and instantiated before each timed replay and destroyed ' +
        'after it. Every run checks that after N kernels every element is N.',
    ],
  },
  pipeline: {
    kernels: [
      stage(
        'pipe_syncthreads',
        'copy_ldst',
        'the producer copies the next stage with `ld.global`/`st.shared` while the consumers read this one; one ' +
          '`__syncthreads()` per stage (double buffering at 2 stages)',
      ),
      stage(
        'pipe_cp_async',
        'copy_cp_async',
        'the producer’s lanes issue `cp.async` (16 B each) and `cp.async.mbarrier.arrive.noinc` on the stage’s full ' +
          'mbarrier; consumers `try_wait.parity` on it, read, and arrive on its empty mbarrier, which the producer ' +
          'awaits before reuse',
      ),
      stage(
        'pipe_tma',
        'copy_tma',
        'one producer thread: `mbarrier.arrive.expect_tx` (payload bytes) on the full barrier and one ' +
          '`cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes` of the payload; consumers wait on ' +
          'full, read, and arrive on empty (one arrival per consumer warp). At 0 B no bulk copy is issued: the ' +
          'producer thread does a plain `mbarrier.arrive` on full, so the 0-B row is the mbarrier full/empty ' +
          'hand-off alone; 16 B is the smallest bulk copy',
      ),
      stage(
        'pipe_tma_spin',
        'copy_tma',
        'the TMA pipeline of `pipe_tma`, with every wait (consumers on full, the producer on empty) polling ' +
          '`mbarrier.test_wait.parity`, which never suspends the thread, instead of `mbarrier.try_wait.parity`, ' +
          'which may suspend it until the phase completes; the difference is what try_wait’s suspend and wake-up ' +
          'cost per stage',
      ),
      stage(
        'pipe_named',
        'copy_ldst',
        'the producer copies with `ld.global`/`st.shared`, then `bar.arrive` on the stage’s full id; consumers ' +
          '`bar.sync` on it, read, `bar.arrive` on the empty id the producer `bar.sync`s before reuse',
      ),
      {
        ...stage('pipe_named_copytime', 'copy_ldst', ''),
        baseline: null,
        body:
          'diagnostic, one stage of each `stages` × `payloadBytes` shape of the named-barrier pipeline of ' +
          '`pipe_named`: its cycles are the producer warp’s own copy time per stage inside the pipeline ' +
          '(`clock64()` around each `ld.global`/`st.shared` copy by lane 0, summed; the difference of two iteration ' +
          'counts), to set against the cycles of `copy_ldst` at the same shape; its ns are the whole stage (CUDA ' +
          'events), nothing subtracted. No %globaltimer clock rate is taken from it (its cycles do not span the ' +
          'timed loop); the consumers’ checksums are checked as in `pipe_named`',
      },
      copyAlone('copy_ldst', '`ld.global.v4` / `st.shared.v4` by 32 lanes'),
      {
        ...copyAlone('copy_ldst_resident', '`ld.global.v4` / `st.shared.v4` by 32 lanes'),
        body:
          'diagnostic: the copies of `copy_ldst`, with the consumer warps resident (they wait at a ' +
          '`__syncthreads()` after the loop) instead of exiting at once; it checks whether the warps around the ' +
          'producer change its copy time, which the ld/st baseline of `pipe_named` and `pipe_syncthreads` assumes ' +
          'they do not',
      },
      copyAlone(
        'copy_cp_async',
        '`cp.async` by 32 lanes, S − 1 older groups in flight (`cp.async.wait_group`)',
      ),
      copyAlone('copy_tma', 'one `cp.async.bulk` completing on the stage’s mbarrier, S copies in flight'),
    ],
    notes: [
      STATEFUL_NOTE,
      'A hand-off row is the pipeline minus the same copies alone at the same stages and payload, so it is what ' +
        'the synchronization (and the consumers’ reading, where the copy does not hide it) adds per stage; at 0 B ' +
        'it is the synchronization alone. The copy time per stage is the “copies alone” rows. A negative figure ' +
        'means the consumers overlap the copies better than the producer alone; the diagnostic ' +
        '`pipe_named_copytime` shows whether the producer’s own copies are faster inside the pipeline.',
    ],
  },
  cluster_arrive: {
    kernels: [
      ring(
        'cluster_arrive_ring',
        'round trip: lane 0 arrives on the next block’s full mbarrier ' +
          '(`mbarrier.arrive.release.cluster.shared::cluster`); the next block waits ' +
          '(`try_wait.parity.acquire.cluster`), reads, and arrives back on the sender’s empty mbarrier, which the ' +
          'sender awaits before it overwrites its one slot, so a round holds two one-way latencies (the arrive and ' +
          'the reply)',
      ),
      ring(
        'cluster_arrive_oneway',
        `one way: the same arrive and wait, into one of ${RING_SLOTS} slots with a full and an empty mbarrier each; ` +
          'the sender awaits a slot’s empty barrier only when it reuses the slot, for the reply to the hand-off ' +
          `${RING_SLOTS} rounds back, so in steady state a round holds one one-way latency`,
      ),
      {
        ...ring('cluster_arrive_only', ''),
        body:
          'one remote arrive to the next block of the ring and the wait for the previous block’s, as in ' +
          `\`cluster_arrive_oneway\` (${RING_SLOTS} barriers, the reply awaited only on reuse) but without the ` +
          'DSMEM store and read: the arrive alone; every block counts the rounds whose wait completed, and a missed ' +
          'phase is a mismatch',
      },
      ring(
        'cluster_sync_ring',
        'then every block of the cluster meets at `this_cluster().sync()` (slots double-buffered)',
      ),
    ],
    notes: [STATEFUL_NOTE],
  },
};
