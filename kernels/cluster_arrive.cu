// cluster_arrive.cu — a hand-off between neighbour blocks of a thread-block cluster (sm_90) through distributed
// shared memory (DSMEM). Blocks of one warp form a ring in their cluster (rank r sends to r + 1 mod C); one unit is
// one hand-off: every lane stores one word into the next block's shared memory (st.shared::cluster at a mapa
// address) and the next block reads and checks it. Ways to say "the data is there":
//   cluster_arrive_ring:   round trip. Lane 0 arrives on the next block's `full` mbarrier with release at cluster
//                          scope (mbarrier.arrive.release.cluster.shared::cluster at its mapa address); the next
//                          block waits on it (try_wait.parity.acquire.cluster), reads, and arrives back on the
//                          sender's `empty` mbarrier, which the sender awaits before it overwrites its one slot. The
//                          next hand-off waits for that reply, so a round holds two one-way arrive latencies.
//   cluster_arrive_oneway: the same arrive and wait with kRingSlots slots (a ring buffer, full/empty barrier per
//                          slot): the sender waits on a slot's `empty` barrier only when it reuses the slot, for the
//                          reply to the hand-off kRingSlots rounds back, so in steady state a round holds one one-way
//                          latency (the replies are off the critical path).
//   cluster_arrive_only:   cluster_arrive_oneway without the DSMEM store and read: the remote arrive alone. Each
//                          block counts the rounds whose wait completed; a missed phase is a mismatch.
//   cluster_sync_ring:     one this_cluster().sync() per hand-off (double-buffered slots, so one barrier suffices):
//                          every block of the cluster waits for every other.
// Every value is checked by its reader (value of round i from writer w, lane l); mismatches are counted per block.
#include <cooperative_groups.h>

#include "hopper.cuh"

namespace cg = cooperative_groups;

namespace {

#if SB_SM90

// The word lane `lane` of global block `writer` sends in round i.
__device__ __forceinline__ unsigned ring_value(long long i, unsigned writer, unsigned lane) {
  return static_cast<unsigned>(i) * 0x9E3779B1u + writer * 32u + lane + 1u;
}

// Address of `p` (shared memory of this block) in the shared memory of cluster rank `rank` (PTX mapa).
__device__ __forceinline__ unsigned mapa(const void *p, unsigned rank) {
  unsigned remote;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(sb_smem_addr(p)), "r"(rank));
  return remote;
}

__device__ __forceinline__ void st_cluster(unsigned remote, unsigned value) {
  asm volatile("st.shared::cluster.u32 [%0], %1;" ::"r"(remote), "r"(value) : "memory");
}

#endif  // SB_SM90

}  // namespace

__global__ void sb_k_cluster_arrive_ring(sb_kargs a) {
#if SB_SM90
  __shared__ unsigned slot[32];
  __shared__ unsigned long long full, empty;
  cg::cluster_group cluster = cg::this_cluster();
  const unsigned size = cluster.num_blocks();
  const unsigned rank = cluster.block_rank();
  const unsigned next = (rank + 1) % size, prev = (rank + size - 1) % size;
  const unsigned lane = threadIdx.x & 31;
  if (threadIdx.x == 0) {
    sb_mbar_init(&full, 1);
    sb_mbar_init(&empty, 1);
    sb_fence_mbar_init();
  }
  cluster.sync();  // every block's barriers are initialised before anyone arrives on them
  const unsigned next_slot = mapa(&slot[lane], next);
  const unsigned next_full = mapa(&full, next);
  const unsigned prev_empty = mapa(&empty, prev);
  const unsigned me = blockIdx.x, writer = blockIdx.x - rank + prev;
  int error = 0;
  unsigned bad = 0;
  const sb_stateful_clock t = sb_stateful_begin();
  for (long long i = 0; i < a.iters; ++i) {
    if (i > 0) sb_mbar_wait<true>(a, &empty, static_cast<unsigned>((i - 1) & 1), &error);  // next read round i-1
    st_cluster(next_slot, ring_value(i, me, lane));
    __syncwarp();
    if (lane == 0) sb_mbar_arrive_remote(next_full);
    sb_mbar_wait<true>(a, &full, static_cast<unsigned>(i & 1), &error);
    bad += slot[lane] != ring_value(i, writer, lane);
    __syncwarp();
    if (lane == 0) sb_mbar_arrive_remote(prev_empty);
  }
  sb_stateful_end(a, t, error);
  atomicAdd(&a.rec[blockIdx.x].mismatches, static_cast<int>(bad));
  cluster.sync();  // no block leaves while a neighbour may still arrive on its barriers
#else
  __trap();  // never launched: the host refuses cluster workloads below compute capability 9.0
#endif
}

#if SB_SM90
// Slots of the one-way ring (quad buffering): the reply a sender awaits is kRingSlots rounds old. Defined only where
// the ring is compiled, so passes below sm_90 (-arch=all) have no unused constant.
constexpr unsigned kRingSlots = 4;
#endif

// The one-way ring, with (Data) or without the DSMEM store and its check. Slot k of round i = k + kRingSlots j:
// the sender waits on its own empty[k] for the reply to round i - kRingSlots before it reuses the next block's slot
// k; the receiver waits on its full[k] (phase j), reads, and replies on the sender's empty[k].
template <bool Data>
__device__ __forceinline__ void cluster_oneway(const sb_kargs &a) {
#if SB_SM90
  __shared__ unsigned slot[kRingSlots][32];
  __shared__ unsigned long long full[kRingSlots], empty[kRingSlots];
  cg::cluster_group cluster = cg::this_cluster();
  const unsigned size = cluster.num_blocks();
  const unsigned rank = cluster.block_rank();
  const unsigned next = (rank + 1) % size, prev = (rank + size - 1) % size;
  const unsigned lane = threadIdx.x & 31;
  if (threadIdx.x == 0) {
    for (unsigned k = 0; k < kRingSlots; ++k) {
      sb_mbar_init(&full[k], 1);
      sb_mbar_init(&empty[k], 1);
    }
    sb_fence_mbar_init();
  }
  cluster.sync();  // every block's barriers are initialised before anyone arrives on them
  unsigned next_slot[kRingSlots], next_full[kRingSlots], prev_empty[kRingSlots];
  for (unsigned k = 0; k < kRingSlots; ++k) {
    next_slot[k] = mapa(&slot[k][lane], next);
    next_full[k] = mapa(&full[k], next);
    prev_empty[k] = mapa(&empty[k], prev);
  }
  const unsigned me = blockIdx.x, writer = blockIdx.x - rank + prev;
  int error = 0;
  unsigned bad = 0;
  long long passed = 0;
  const sb_stateful_clock t = sb_stateful_begin();
  for (long long i = 0; i < a.iters; ++i) {
    const unsigned k = static_cast<unsigned>(i % kRingSlots);
    const unsigned phase = static_cast<unsigned>((i / kRingSlots) & 1);
    if (i >= kRingSlots) sb_mbar_wait<true>(a, &empty[k], phase ^ 1, &error);  // next read round i - kRingSlots
    if (Data) st_cluster(next_slot[k], ring_value(i, me, lane));
    __syncwarp();
    if (lane == 0) sb_mbar_arrive_remote(next_full[k]);
    sb_mbar_wait<true>(a, &full[k], phase, &error);
    if (Data) bad += slot[k][lane] != ring_value(i, writer, lane);
    passed += error == 0;
    __syncwarp();
    if (lane == 0) sb_mbar_arrive_remote(prev_empty[k]);
  }
  sb_stateful_end(a, t, error);
  if (!Data && lane == 0) bad = static_cast<unsigned>(a.iters - passed);  // rounds whose phase never completed
  if (Data || lane == 0) atomicAdd(&a.rec[blockIdx.x].mismatches, static_cast<int>(bad));
  cluster.sync();  // no block leaves while a neighbour may still arrive on its barriers
#else
  __trap();  // never launched: the host refuses cluster workloads below compute capability 9.0
#endif
}

__global__ void sb_k_cluster_arrive_oneway(sb_kargs a) { cluster_oneway<true>(a); }

__global__ void sb_k_cluster_arrive_only(sb_kargs a) { cluster_oneway<false>(a); }

__global__ void sb_k_cluster_sync_ring(sb_kargs a) {
#if SB_SM90
  __shared__ unsigned slot[2][32];
  cg::cluster_group cluster = cg::this_cluster();
  const unsigned size = cluster.num_blocks();
  const unsigned rank = cluster.block_rank();
  const unsigned next = (rank + 1) % size, prev = (rank + size - 1) % size;
  const unsigned lane = threadIdx.x & 31;
  const unsigned next_slot[2] = {mapa(&slot[0][lane], next), mapa(&slot[1][lane], next)};
  const unsigned me = blockIdx.x, writer = blockIdx.x - rank + prev;
  unsigned bad = 0;
  cluster.sync();
  const sb_stateful_clock t = sb_stateful_begin();
  for (long long i = 0; i < a.iters; ++i) {
    st_cluster(next_slot[i & 1], ring_value(i, me, lane));
    cluster.sync();
    bad += slot[i & 1][lane] != ring_value(i, writer, lane);
  }
  sb_stateful_end(a, t, 0);
  atomicAdd(&a.rec[blockIdx.x].mismatches, static_cast<int>(bad));
  cluster.sync();
#else
  __trap();
#endif
}

namespace {

// ValuesPerRound: what each block checks per round (32 words, or 1 completed phase for the arrive alone).
template <sb_kernel_fn K, int ValuesPerRound = 32>
cudaError_t run_ring(sb_context *ctx, const sb_launch *launch, long long iters, int param, sb_run_sample *out) {
  if (launch->cluster_size < 2 || launch->threads_per_block != 32 || launch->grid_blocks % launch->cluster_size) {
    return cudaErrorInvalidValue;
  }
  SB_CHECK(sb_run_loop<K>(ctx, launch, iters, param, out));
  out->verified += static_cast<long long>(launch->grid_blocks) * ValuesPerRound * iters;
  return cudaSuccess;
}

}  // namespace

static constexpr sb_workload kItems[] = {
    {.info =
         {.id = "cluster_arrive_ring",
          .family = "cluster_arrive",
          .op = "one DSMEM hand-off to the next block, round trip: remote store + mbarrier.arrive.release.cluster, "
                "wait for the reply before the next store (verified)",
          .expect_ptx =
              "^(?=[\\s\\S]*mbarrier\\.arrive\\.release\\.cluster\\.shared::cluster)(?=[\\s\\S]*mapa\\.shared::cluster)"
              "(?=[\\s\\S]*mbarrier\\.try_wait\\.parity\\.acquire\\.cluster)",
          .expect_sass = "^(?=[\\s\\S]*SYNCS\\.ARRIVE)(?=[\\s\\S]*SYNCS\\.PHASECHK)",
          .needs_cluster = 1,
          .min_cc = 90,
          .param_kind = SB_PARAM_NONE,
          .kernel = "sb_k_cluster_arrive_ring",
          .delta_iters = 4096,
          .smoke = {.grid_blocks = 2, .threads_per_block = 32, .cluster_size = 2, .cluster_attribute = 1}},
     .run = run_ring<sb_k_cluster_arrive_ring>,
     .occupancy = sb_occupancy_of<sb_k_cluster_arrive_ring>,
     .cluster_kernel = sb_k_cluster_arrive_ring},
    {.info = {.id = "cluster_arrive_oneway",
              .family = "cluster_arrive",
              .op =
                  "one DSMEM hand-off to the next block, one way: remote store + mbarrier.arrive.release.cluster into "
                  "4 slots, the reply awaited only on reuse (verified)",
              .expect_ptx =
                  "^(?=[\\s\\S]*st\\.shared::cluster)(?=[\\s\\S]*mbarrier\\.arrive\\.release\\.cluster\\.shared::"
                  "cluster)(?=[\\s\\S]*mbarrier\\.try_wait\\.parity\\.acquire\\.cluster)",
              .expect_sass = "^(?=[\\s\\S]*SYNCS\\.ARRIVE)(?=[\\s\\S]*SYNCS\\.PHASECHK)",
              .needs_cluster = 1,
              .min_cc = 90,
              .param_kind = SB_PARAM_NONE,
              .kernel = "sb_k_cluster_arrive_oneway",
              .delta_iters = 4096,
              .smoke = {.grid_blocks = 2, .threads_per_block = 32, .cluster_size = 2, .cluster_attribute = 1}},
     .run = run_ring<sb_k_cluster_arrive_oneway>,
     .occupancy = sb_occupancy_of<sb_k_cluster_arrive_oneway>,
     .cluster_kernel = sb_k_cluster_arrive_oneway},
    {.info = {.id = "cluster_arrive_only",
              .family = "cluster_arrive",
              .op = "one remote mbarrier.arrive.release.cluster to the next block and its wait, no DSMEM store, 4 "
                    "barriers, the reply awaited only on reuse (every phase checked)",
              .expect_ptx = "^(?=[\\s\\S]*mbarrier\\.arrive\\.release\\.cluster\\.shared::cluster)"
                            "(?=[\\s\\S]*mbarrier\\.try_wait\\.parity\\.acquire\\.cluster)(?![\\s\\S]*st\\.shared::"
                            "cluster)",
              .expect_sass = "^(?=[\\s\\S]*SYNCS\\.ARRIVE)(?=[\\s\\S]*SYNCS\\.PHASECHK)",
              .needs_cluster = 1,
              .min_cc = 90,
              .param_kind = SB_PARAM_NONE,
              .kernel = "sb_k_cluster_arrive_only",
              .delta_iters = 4096,
              .smoke = {.grid_blocks = 2, .threads_per_block = 32, .cluster_size = 2, .cluster_attribute = 1}},
     .run = run_ring<sb_k_cluster_arrive_only, 1>,
     .occupancy = sb_occupancy_of<sb_k_cluster_arrive_only>,
     .cluster_kernel = sb_k_cluster_arrive_only},
    {.info = {.id = "cluster_sync_ring",
              .family = "cluster_arrive",
              .op = "one DSMEM hand-off to the next block: remote store + this_cluster().sync() (verified)",
              .expect_ptx = "^(?=[\\s\\S]*st\\.shared::cluster)(?=[\\s\\S]*barrier\\.cluster\\.wait)",
              .expect_sass = "UCGABAR|CCTL|BAR",
              .needs_cluster = 1,
              .min_cc = 90,
              .param_kind = SB_PARAM_NONE,
              .kernel = "sb_k_cluster_sync_ring",
              .delta_iters = 4096,
              .smoke = {.grid_blocks = 2, .threads_per_block = 32, .cluster_size = 2, .cluster_attribute = 1}},
     .run = run_ring<sb_k_cluster_sync_ring>,
     .occupancy = sb_occupancy_of<sb_k_cluster_sync_ring>,
     .cluster_kernel = sb_k_cluster_sync_ring},
};
static_assert(sb_all_have_delta(kItems), "every workload states its default delta_iters > 0");
extern const sb_workload_table sb_cluster_arrive_table = {kItems, sizeof(kItems) / sizeof(kItems[0])};
