// named_barrier.cu — hardware named barriers over part of a block (PTX bar.sync id, count / bar.arrive id, count;
// SASS BAR.SYNC / BAR.ARV with a barrier id). Barrier 0 is __syncthreads'; these use ids 1 and 2.
//   named_barrier:    warps 0..P-1 (P = param) meet at bar.sync 1, P*32, back to back; the other warps exit.
//   named_barrier_pc: P warps split into producers and consumers; one copy is one producer -> consumer hand-off:
//                     producers bar.sync 2 (buffer empty) then bar.arrive 1 (buffer full); consumers bar.arrive 2
//                     (empty) then bar.sync 1 (full). The standard two-barrier warp-specialised pipeline, back to
//                     back (each role runs its own unrolled loop, so no branch sits between two copies).
#include "harness.cuh"

__global__ void sb_k_named_barrier(sb_kargs a) {
  const unsigned participants = static_cast<unsigned>(a.param) * 32u;
  if (threadIdx.x >= participants) return;
  sb_timed_back_to_back<SB_UNROLL>(a, [&] { asm volatile("bar.sync 1, %0;" ::"r"(participants) : "memory"); });
}

__global__ void sb_k_named_barrier_pc(sb_kargs a) {
  const unsigned participants = static_cast<unsigned>(a.param) * 32u;
  if (threadIdx.x >= participants) return;
  if (threadIdx.x < participants / 2) {
    sb_timed_back_to_back<SB_UNROLL>(a, [&] {
      asm volatile("bar.sync 2, %0;" ::"r"(participants) : "memory");
      asm volatile("bar.arrive 1, %0;" ::"r"(participants) : "memory");
    });
  } else {
    sb_timed_back_to_back<SB_UNROLL>(a, [&] {
      asm volatile("bar.arrive 2, %0;" ::"r"(participants) : "memory");
      asm volatile("bar.sync 1, %0;" ::"r"(participants) : "memory");
    });
  }
}

static constexpr sb_workload kItems[] = {
    {.info = {.id = "named_barrier",
              .family = "named",
              .op = "one bar.sync 1, P*32",
              .expect_ptx = "bar\\.sync\\s+1,",
              .expect_sass = "BAR\\.SYNC",
              .min_cc = 75,
              .param_kind = SB_PARAM_WARPS,
              .kernel = "sb_k_named_barrier",
              .unroll = SB_UNROLL,
              .delta_iters = 16384,
              .smoke = {.threads_per_block = 128, .param = 2}},
     .run = sb_run_loop<sb_k_named_barrier>,
     .occupancy = sb_occupancy_of<sb_k_named_barrier>},
    {.info = {.id = "named_barrier_pc",
              .family = "named",
              .op = "one producer -> consumer hand-off (bar.sync + bar.arrive on two ids)",
              .expect_ptx = "bar\\.arrive\\s+[12],",
              .expect_sass = "BAR\\.ARV",
              .min_cc = 75,
              .param_kind = SB_PARAM_WARPS,
              .kernel = "sb_k_named_barrier_pc",
              .unroll = SB_UNROLL,
              .delta_iters = 4096,
              .smoke = {.threads_per_block = 128, .param = 2}},
     .run = sb_run_loop<sb_k_named_barrier_pc>,
     .occupancy = sb_occupancy_of<sb_k_named_barrier_pc>},
};
static_assert(sb_all_have_delta(kItems), "every workload states its default delta_iters > 0");
extern const sb_workload_table sb_named_table = {kItems, sizeof(kItems) / sizeof(kItems[0])};
