/**
 * What each mode measures, kernel by kernel, written from electron/model/modes/*.ts (the plans) and kernels/*.cu (the
 * loops). test/unit/methods/kernels.test.ts plans every mode and checks these facts against the planned points.
 */
import { HOPPER_METHODS } from './hopper-kernels';
import { kernel } from './kernel-method';
import type { KernelMethod, ModeMethod } from './types';

const FENCE_LAUNCH =
  'each `threadsList` entry (default 1, 32, 128, 512, 1024 threads) × each `blocksList` entry (default 1 block ' +
  'and one per SM), for each `definitions` entry';
const LAYER_LAUNCH =
  '`nwarps` × 32 threads per block (default 8 warps) × `nblocks` blocks (default one per SM)';
const COOPERATIVE =
  'cooperative launch, refused above the co-resident limit cudaOccupancyMaxActiveBlocksPerMultiprocessor × SM count';

const syncwarp = (launch: string) =>
  kernel({
    workload: 'syncwarp',
    body:
      '`__syncwarp()` back to back, 64 copies per loop iteration (PTX `bar.warp.sync`; in converged code ptxas ' +
      'emits a NOP for it on sm_90, so it measures one issue slot: 1.1 cycles per copy on the H200, ' +
      'docs/results/H200.md; kernels/warp_sync.cu)',
    launch,
  });
const syncthreads = (launch: string) =>
  kernel({
    workload: 'syncthreads',
    body: '`__syncthreads()` back to back, 64 copies per loop iteration (PTX `bar.sync 0`, SASS `BAR.SYNC`)',
    launch,
  });
const gridSync = (launch: string) =>
  kernel({
    workload: 'grid_sync',
    body:
      '`this_grid().sync()` back to back, 16 copies per loop iteration (a release atomic on a grid-wide counter, ' +
      'acquire loads spinning on it, block barriers around it)',
    launch: `${launch}; ${COOPERATIVE}`,
    cooperative: true,
  });

const phases = (fixedDelta: boolean): KernelMethod[] => [
  kernel({
    workload: 'phases_grid_sync',
    body:
      'one round of a two-phase payload over every thread of the grid — `a[i] = value(round, i)`, ' +
      '`grid.sync()`, `b[i] = a[i] + a[n−1−i]`, `grid.sync()` — in one cooperative kernel',
    launch: `${LAYER_LAUNCH}; ${COOPERATIVE}`,
    baseline: null,
    itersLo: 1,
    fixedDelta,
    cooperative: true,
    verified: true,
  }),
  kernel({
    workload: 'phases_two_kernels',
    body:
      'the same round as two kernel launches, phase 1 then phase 2, back to back in one stream (the kernel ' +
      'boundary is the barrier)',
    launch: LAYER_LAUNCH,
    baseline: null,
    itersLo: 1,
    fixedDelta,
    timer: 'events-all',
    cycles: false,
    verified: true,
  }),
];

const PHASES_NOTE =
  'Phases: the short run is one round (lo = 1), so its whole-kernel figure is the time of one round, launch ' +
  'included, as the chapter reports it; the per-round figure is the difference between 1 and 1 + Δ rounds. ' +
  'Both variants verify their output (`b` is poisoned before each run and checked on the host after it).';

const handoff = (workload: string, body: string, launch: string, cooperative = false) =>
  kernel({ workload, body, launch, baseline: null, cooperative });

const hostWait = (workload: string, call: string) =>
  kernel({
    workload,
    body: `one empty kernel launch then \`${call}\` (param 0, "after launch"), or \`${call}\` with nothing outstanding (param 1, "idle")`,
    launch: '1 block of 32 threads (the empty kernel)',
    baseline: null,
    itersLo: 8,
    timer: 'host',
    cycles: false,
  });

const PAIR_LAUNCH = 'one thread per GPU on GPU A and GPU B (`pair`, default every pair), one stream each';

const pairKernel = (workload: string, body: string, extra: Partial<KernelMethod> = {}) =>
  kernel({ workload, body, launch: PAIR_LAUNCH, baseline: null, param: 0, verified: true, ...extra });

const boundary = (workload: string, body: string, extra: Partial<KernelMethod> = {}) =>
  kernel({
    workload,
    body,
    launch: '`nwarps` × 32 threads per block × `nblocks` blocks (default one per SM)',
    baseline: null,
    itersLo: 16,
    timer: 'events-all',
    cycles: false,
    ...extra,
  });

/** Every mode's kernels and notes, by mode id. */
export const MODE_METHODS: Record<string, ModeMethod> = {
  warp: { kernels: [syncwarp(LAYER_LAUNCH)], notes: [] },
  block: { kernels: [syncthreads(LAYER_LAUNCH)], notes: [] },
  grid: { kernels: [gridSync(LAYER_LAUNCH)], notes: [] },
  sweep: {
    kernels: [
      syncwarp('each `nwarpsList` entry (default 1, 2, 4, 8, 16, 32 warps) × 32 threads × `nblocks` blocks'),
      syncthreads(
        'each `nwarpsList` entry (default 1, 2, 4, 8, 16, 32 warps) × 32 threads × `nblocks` blocks',
      ),
    ],
    notes: [],
  },
  sweep_grid: {
    kernels: [
      gridSync(
        '`nwarps` × 32 threads per block; a grid of 1 block, then 1, 2, … blocks per SM × SM count up to the ' +
          'co-resident maximum',
      ),
    ],
    notes: [],
  },
  correctness: {
    kernels: [
      kernel({
        workload: 'handoff_smem',
        body:
          'one hand-off round: warp (r mod nwarps) writes the whole shared-memory tile, `__syncthreads()`, every ' +
          'thread reads and checks a value another warp wrote, `__syncthreads()` (kernels/correctness.cu)',
        launch: '`nwarps` × 32 threads per block (at least 2 warps) × `nblocks` blocks (default one per SM)',
        verified: true,
      }),
    ],
    notes: [
      'Every value read is checked (iters × threads × blocks per launch); a point with a mismatch is flagged ' +
        '“verification failed”. The variant without barriers is a data race (undefined behaviour): it is never ' +
        'measured, only run under compute-sanitizer when the `sanitizer` parameter asks for it.',
    ],
  },
  phases: { kernels: phases(false), notes: [PHASES_NOTE] },
  modes: {
    kernels: [syncwarp(LAYER_LAUNCH), syncthreads(LAYER_LAUNCH), gridSync(LAYER_LAUNCH), ...phases(true)],
    notes: [
      PHASES_NOTE,
      'In this mode the phases rows always use Δ = 64 rounds; `deltaIters` applies to warp, block and grid.',
    ],
  },
  cluster: {
    kernels: [
      kernel({
        workload: 'cluster_sync',
        body:
          '`this_cluster().sync()` back to back, 16 copies per loop iteration (PTX `barrier.cluster.arrive` / ' +
          '`barrier.cluster.wait`, sm_90+)',
        launch:
          'clusters of each `clusterSizes` entry (default 1, 2, 4, 8, 16 blocks; above 8 needs ' +
          'cudaFuncAttributeNonPortableClusterSizeAllowed) × 1, 2, 4, … clusters up to cudaOccupancyMaxActiveClusters, ' +
          '`nwarps` × 32 threads per block; every size launched with cudaLaunchAttributeClusterDimension = (size, 1, ' +
          '1), size 1 also without it',
      }),
      syncthreads('`nwarps` × 32 threads per block × one block per SM'),
      gridSync('`nwarps` × 32 threads per block × one block per SM'),
    ],
    notes: [
      'Size 1 is two series: “cluster launch, 1 block” sets cudaLaunchAttributeClusterDimension = (1, 1, 1), as ' +
        '`__cluster_dims__(1, 1, 1)` does, and pays what a cluster launch pays; “no cluster launch (implicit ' +
        'cluster)” sets no cluster attribute, so `this_cluster()` is the block alone and costs far less. Each point’s ' +
        'launch records which (`launch.clusterAttribute`), and the ratio “cluster launch of 1/implicit cluster” is ' +
        'taken at the same grid. Only launched clusters enter the cluster/block and grid/cluster ratios.',
    ],
  },
  tiles: {
    kernels: [
      kernel({
        workload: 'tile_sync',
        body:
          '`tiled_partition<N>(this_thread_block()).sync()` back to back for each N of `tileSizes` (up to 32 a ' +
          'masked `bar.warp.sync`, 64 copies per iteration; 64–512 a shared-memory arrival counter and ' +
          '`bar.warp.sync`, sm_80+, 16 copies)',
        launch: '`nwarps` × 32 threads per block (default 16 warps) × `nblocks` blocks (default one per SM)',
      }),
      kernel({
        workload: 'coalesced_sync',
        body: '`coalesced_threads().sync()` back to back, 64 copies per loop iteration',
        launch: 'the same blocks',
      }),
      syncwarp('the same blocks'),
      syncthreads('the same blocks'),
    ],
    notes: [],
  },
  named: {
    kernels: [
      kernel({
        workload: 'named_barrier',
        body:
          'warps 0…P−1 meet at `bar.sync 1, 32·P` back to back, 64 copies per iteration (P from `participants`); ' +
          'the other warps of the block exit before the loop',
        launch: '`nwarps` × 32 threads per block (default 16 warps) × `nblocks` blocks (default one per SM)',
      }),
      kernel({
        workload: 'named_barrier_pc',
        body:
          'producer → consumer hand-offs back to back among P warps (even P), 64 per iteration: producers ' +
          '`bar.sync 2` then `bar.arrive 1`, consumers `bar.arrive 2` then `bar.sync 1`, each role in its own loop',
        launch: 'the same blocks',
      }),
      syncthreads('the same blocks'),
    ],
    notes: [],
  },
  async_barrier: {
    kernels: [
      syncthreads(LAYER_LAUNCH),
      kernel({
        workload: 'cuda_barrier',
        body:
          '`cuda::barrier<thread_scope_block>::arrive_and_wait()` by every thread, back to back, 16 copies per ' +
          'iteration (an mbarrier, sm_80+)',
        launch: 'the same blocks',
      }),
      kernel({
        workload: 'cuda_barrier_split',
        body:
          'one round: `arrive()`, W dependent FADDs of work (W from `work`, rounded down to a multiple of 8), ' +
          '`wait(token)` — work between arrive and wait on purpose; its baseline is the same W FADDs without the ' +
          'barrier, so the figure is what the split barrier adds on top of that work',
        launch: 'the same blocks',
        baseline: { workload: 'fadd_work', param: 'same' },
      }),
    ],
    notes: [],
  },
  fences: {
    kernels: [
      kernel({
        workload: 'fence',
        body:
          'the fence (`__threadfence_block()`, `__threadfence()` or `__threadfence_system()`) alone, back to back, ' +
          '64 copies per iteration: nothing outstanding, so this is the fence’s own cost',
        launch: FENCE_LAUNCH,
      }),
      kernel({
        workload: 'fence_rmw',
        body:
          '`atomicAdd` on the thread’s first word, the fence, `atomicAdd` on its second word, 64 copies per ' +
          'iteration; each thread has its own two words, so the figure is the fence, not contention',
        launch: FENCE_LAUNCH,
        baseline: { workload: 'rmw_pair', param: 0 },
      }),
      kernel({
        workload: 'fence_plain',
        body:
          'a plain read-modify-write of the thread’s word in one array, the fence, the same in a second array, 64 ' +
          'copies per iteration — SyncPerformance’s definition (IISWC’24): the fence waits for the plain stores ' +
          'before it; the two pointers may alias, so the baseline keeps every store',
        launch: FENCE_LAUNCH,
        baseline: { workload: 'plain_rmw_pair', param: 0 },
      }),
      kernel({
        workload: 'fence_plain_adjacent',
        body:
          'as the plain definition with the thread’s two words adjacent in one array (the layout of the atomics ' +
          'definition): through one pointer the compiler merges the baseline’s stores, so the difference also holds ' +
          'the read-modify-writes — kept to show what the layout alone changes',
        launch: FENCE_LAUNCH,
        baseline: { workload: 'plain_rmw_pair_adjacent', param: 0 },
      }),
    ],
    notes: [
      'A fence orders the calling thread’s accesses; it makes nobody wait (seed 000). What it costs is draining ' +
        'the thread’s outstanding writes to the fence’s scope, so the four definitions differ by what is ' +
        'outstanding (docs/methods.md, “Fences: four definitions”).',
    ],
  },
  overlap: {
    kernels: [
      kernel({
        workload: 'syncthreads_overlap',
        body:
          'W dependent FADDs then `__syncthreads()`, back to back (64, 32, 16 or 4 copies per iteration for W = 0, ' +
          '8, 32, 128); the baseline is the same FADDs without the barrier (an empty body for W = 0), so the figure is ' +
          'what the barrier adds on top of the work',
        launch: LAYER_LAUNCH,
        baseline: { workload: 'overlap_work', param: 'same' },
      }),
    ],
    notes: [
      'This is the overlap a body that mixes work with the barrier measures, labelled: it is not the barrier’s ' +
        'latency (the W = 0 row is).',
    ],
  },
  handoff: {
    kernels: [
      handoff(
        'handoff_warps',
        'one round trip of a flag between lane 0 of warp 0 and lane 0 of warp 1 (flag in shared memory; ' +
          '`cuda::atomic_ref` acquire loads and release stores at block, device or system scope)',
        '1 block of 64 threads',
      ),
      handoff(
        'handoff_blocks',
        'one round trip between thread 0 of two blocks (flag in global memory; device or system scope)',
        `2 blocks of 32 threads; ${COOPERATIVE}, so both blocks are resident`,
        true,
      ),
      handoff(
        'handoff_host',
        'one round trip between one GPU thread and a host thread (flag in mapped pinned host memory; system scope)',
        '1 block of 32 threads and one host thread',
      ),
      handoff(
        'handoff_warps_volatile',
        'the warps’ round trip with a `volatile` flag: not synchronization, labelled INCORRECT, never ranked',
        '1 block of 64 threads',
      ),
      handoff(
        'handoff_blocks_volatile',
        'the blocks’ round trip with a `volatile` flag: not synchronization, labelled INCORRECT, never ranked',
        `2 blocks of 32 threads; ${COOPERATIVE}`,
        true,
      ),
    ],
    notes: [
      'Every spin-wait gives up after 2 s on `%globaltimer`, so a partner that never runs is an error.',
    ],
  },
  multi_gpu: {
    kernels: [
      pairKernel(
        'peer_handoff',
        'one round trip of a flag between a kernel on GPU A and a kernel on GPU B: each writes a payload and the ' +
          'round number into the other GPU’s inbox through peer memory (`cuda::atomic_ref<…, thread_scope_system>` ' +
          'release store, PTX `st.release.sys`) and spins on its own inbox (acquire load, `ld.acquire.sys`), then ' +
          'checks the payload (kernels/multi_gpu.cu)',
      ),
      pairKernel(
        'peer_handoff_volatile',
        'the same round trip with `volatile` loads and stores: not synchronization, labelled INCORRECT, never ranked',
      ),
      pairKernel(
        'peer_event_hop',
        'two hops: a 1-thread kernel on GPU A leaves a token, `cudaEventRecord`, `cudaStreamWaitEvent` on GPU B’s ' +
          'stream, whose kernel checks the token through peer memory and leaves its own, and back',
        { unitsPerIter: 2, timer: 'events-all', cycles: false },
      ),
      pairKernel(
        'host_barrier_gpus',
        'one host thread per GPU launches a kernel that writes its token to mapped host memory, ' +
          '`cudaStreamSynchronize`, a `std::barrier` of the two threads, then checks the other GPU’s token',
        { timer: 'host', cycles: false },
      ),
      pairKernel(
        'nccl_allreduce_barrier',
        'one one-element `ncclAllReduce` (sum of int32) on both GPUs in one `ncclGroupStart/End`, each iteration on ' +
          'its own element; every sum is checked afterwards',
        { timer: 'events-all', cycles: false },
      ),
      pairKernel(
        'peer_copy_hop',
        'two hops: `cudaMemcpyPeerAsync` of 64 B from GPU A to GPU B and an event B’s stream waits on, then 64 B ' +
          'back the same way (the copy engine; no peer access needed); both copies are checked',
        { unitsPerIter: 2, timer: 'events-all', cycles: false },
      ),
    ],
    notes: [
      'Every GPU spin gives up after 2 s on `%globaltimer` and every host wait after 10 s, so a GPU that never ' +
        'arrives is an error, not a hang. Events are timed on GPU A’s stream; the host barrier on the host’s ' +
        'steady clock. No baseline is subtracted: the difference of a short and a long run removes launch and ' +
        'set-up costs.',
      'Device-scope atomics do not reach another device (seed 000): across GPUs only system scope, an event ' +
        'dependency, a host barrier or a collective orders memory. A pair without peer access runs only the host ' +
        'barrier, NCCL and the copy; NCCL is loaded at run time (libnccl.so.2, NCCL 2 only) and skipped with the ' +
        'reason when missing.',
    ],
  },
  host_completion: {
    kernels: [
      hostWait('host_stream_sync', 'cudaStreamSynchronize'),
      hostWait('host_event_sync', 'cudaEventRecord + cudaEventSynchronize'),
      hostWait('host_device_sync', 'cudaDeviceSynchronize'),
    ],
    notes: [
      'How the host thread waits (spin, yield, blocking sync) is the CUDA context’s scheduling flag, fixed when the ' +
        'context is created, so each flag runs in its own process (`schedule`); the result records it. Host ' +
        'completion is another boundary: it repairs no race inside a kernel (seed 000).',
    ],
  },
  kernel_boundary: {
    kernels: [
      boundary(
        'boundary_launches',
        'one phase (one FMA update per thread) and a kernel boundary: one launch per phase, back to back in one stream',
      ),
      boundary(
        'boundary_graph',
        'one phase as one kernel node of a CUDA graph of N nodes, instantiated outside the timing and replayed',
      ),
      boundary('boundary_grid_sync', 'one phase and `this_grid().sync()` inside one cooperative kernel', {
        timer: 'events',
        cycles: true,
        cooperative: true,
      }),
    ],
    notes: [],
  },
  fadd_check: {
    kernels: [
      kernel({
        workload: 'fadd_chain',
        param: 64,
        body:
          'chains of 64 dependent FADDs back to back, 8 per iteration (`add.f32` in `asm volatile`; ptxas may emit ' +
          'FFMA, same dependent latency); the baseline is chains of 32, 16 per iteration',
        launch: '1 block of 32 threads (one warp)',
        baseline: { workload: 'fadd_chain', param: 32 },
        unitsPerIter: 32,
      }),
    ],
    notes: [],
  },
  ...HOPPER_METHODS,
};
