// async_barrier.cu — cuda::barrier<cuda::thread_scope_block> (libcu++), backed by an mbarrier in shared memory on
// sm_80+ (PTX mbarrier.arrive / mbarrier.try_wait).
//   cuda_barrier:       arrive_and_wait(), every thread of the block, back to back.
//   cuda_barrier_split: one round = arrive(); `param` dependent FADDs of independent work; wait(token). Work between
//                       arrive and wait on purpose; its baseline is the same FADD work with no barrier (fadd_work),
//                       so the difference is what the split barrier adds on top of that work.
#include <cuda/barrier>

#include "harness.cuh"

#pragma nv_diag_suppress static_var_with_dynamic_init

using block_barrier = cuda::barrier<cuda::thread_scope_block>;

__global__ void sb_k_cuda_barrier(sb_kargs a) {
  __shared__ block_barrier bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  sb_timed_back_to_back<SB_UNROLL_LONG>(a, [&] { bar.arrive_and_wait(); });
}

__global__ void sb_k_cuda_barrier_split(sb_kargs a) {
  __shared__ block_barrier bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  float x = 1.0f + threadIdx.x * 1e-7f;
  const float y = 1e-7f * (a.sink_flag + 1);
  sb_timed_rounds(a, [&](long long) {
    block_barrier::arrival_token token = bar.arrive();
    x = sb_fadd_work(x, y, a.param);
    bar.wait(std::move(token));
  });
  if (a.sink_flag) a.rec[blockIdx.x].sink += static_cast<long long>(x);
}

__global__ void sb_k_fadd_work(sb_kargs a) {
  float x = 1.0f + threadIdx.x * 1e-7f;
  const float y = 1e-7f * (a.sink_flag + 1);
  sb_timed_rounds(a, [&](long long) { x = sb_fadd_work(x, y, a.param); });
  if (a.sink_flag) a.rec[blockIdx.x].sink += static_cast<long long>(x);
}

static constexpr sb_workload kItems[] = {
    {.info = {.id = "cuda_barrier",
              .family = "async",
              .op = "one cuda::barrier arrive_and_wait()",
              .expect_ptx = "mbarrier",
              .expect_sass = "SYNCS|MBARRIER|BAR",
              .min_cc = 80,
              .param_kind = SB_PARAM_NONE,
              .kernel = "sb_k_cuda_barrier",
              .unroll = SB_UNROLL_LONG,
              .delta_iters = 4096},
     .run = sb_run_loop<sb_k_cuda_barrier>,
     .occupancy = sb_occupancy_of<sb_k_cuda_barrier>},
    {.info = {.id = "cuda_barrier_split",
              .family = "async",
              .op = "one round: cuda::barrier arrive(), W dependent FADDs, wait()",
              .expect_ptx = "mbarrier",
              .expect_sass = "SYNCS|MBARRIER|BAR",
              .min_cc = 80,
              .param_kind = SB_PARAM_WORK,
              .kernel = "sb_k_cuda_barrier_split",
              .delta_iters = 2048,
              .smoke = {.param = 32}},
     .run = sb_run_loop<sb_k_cuda_barrier_split>,
     .occupancy = sb_occupancy_of<sb_k_cuda_barrier_split>},
    {.info = {.id = "fadd_work",
              .family = "async",
              .op = "one round of the split barrier's work alone (W dependent FADDs)",
              .expect_ptx = "add\\.f32",
              .expect_sass = "FADD|FFMA",
              .min_cc = 75,
              .param_kind = SB_PARAM_WORK,
              .kernel = "sb_k_fadd_work",
              .delta_iters = 2048,
              .smoke = {.param = 32}},
     .run = sb_run_loop<sb_k_fadd_work>,
     .occupancy = sb_occupancy_of<sb_k_fadd_work>},
};
static_assert(sb_all_have_delta(kItems), "every workload states its default delta_iters > 0");
extern const sb_workload_table sb_async_table = {kItems, sizeof(kItems) / sizeof(kItems[0])};
