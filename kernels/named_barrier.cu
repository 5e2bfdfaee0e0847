// named_barrier.cu — hardware named barriers over part of a block (PTX bar.sync id, count / bar.arrive id, count;
// SASS BAR.SYNC / BAR.ARV with a barrier id). Barrier 0 is __syncthreads'; these use ids 1 and 2.
//   named_barrier:    warps 0..P-1 (P = param) meet at bar.sync 1, P*32 each iteration; the other warps exit.
//   named_barrier_pc: P warps split into producers and consumers; one iteration is one producer -> consumer
//                     hand-off: producers bar.sync 2 (buffer empty) then bar.arrive 1 (buffer full); consumers
//                     bar.sync 1 (full) then bar.arrive 2 (empty). The standard two-barrier warp-specialised pipeline.
#include "harness.cuh"

__global__ void sb_k_named_barrier(sb_kargs a) {
  const unsigned participants = static_cast<unsigned>(a.param) * 32u;
  if (threadIdx.x >= participants) return;
  sb_timed_loop(a, [&](long long) { asm volatile("bar.sync 1, %0;" ::"r"(participants) : "memory"); });
}

__global__ void sb_k_named_barrier_pc(sb_kargs a) {
  const unsigned participants = static_cast<unsigned>(a.param) * 32u;
  if (threadIdx.x >= participants) return;
  const bool producer = threadIdx.x < participants / 2;
  sb_timed_loop(a, [&](long long) {
    if (producer) {
      asm volatile("bar.sync 2, %0;" ::"r"(participants) : "memory");
      asm volatile("bar.arrive 1, %0;" ::"r"(participants) : "memory");
    } else {
      asm volatile("bar.arrive 2, %0;" ::"r"(participants) : "memory");
      asm volatile("bar.sync 1, %0;" ::"r"(participants) : "memory");
    }
  });
}

static const sb_workload kItems[] = {
    {{"named_barrier", "named", "one bar.sync 1, P*32", "bar\\.sync\\s+1,", "BAR\\.SYNC", 0, 0, 75, SB_PARAM_WARPS, 0, "sb_k_named_barrier"},
     sb_run_loop<sb_k_named_barrier>, sb_occupancy_of<sb_k_named_barrier>, nullptr},
    {{"named_barrier_pc", "named", "one producer -> consumer hand-off (bar.sync + bar.arrive on two ids)",
      "bar\\.arrive\\s+[12],", "BAR\\.ARV", 0, 0, 75, SB_PARAM_WARPS, 0, "sb_k_named_barrier_pc"},
     sb_run_loop<sb_k_named_barrier_pc>, sb_occupancy_of<sb_k_named_barrier_pc>, nullptr},
};
extern const sb_workload_table sb_named_table = {kItems, sizeof(kItems) / sizeof(kItems[0])};
