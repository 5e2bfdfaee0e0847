// async_barrier.cu — cuda::barrier<cuda::thread_scope_block> (libcu++), backed by an mbarrier in shared memory on
// sm_80+ (PTX mbarrier.arrive / mbarrier.try_wait).
//   cuda_barrier:       arrive_and_wait() each iteration, every thread of the block.
//   cuda_barrier_split: arrive(); `param` dependent FADDs of independent work; wait(token). Its baseline is the same
//                       FADD work with no barrier (calibration.cu), so the difference is what the split barrier adds.
#include <cuda/barrier>

#include "harness.cuh"

#pragma nv_diag_suppress static_var_with_dynamic_init

using block_barrier = cuda::barrier<cuda::thread_scope_block>;

__global__ void sb_k_cuda_barrier(sb_kargs a) {
  __shared__ block_barrier bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  sb_timed_loop(a, [&](long long) { bar.arrive_and_wait(); });
}

__global__ void sb_k_cuda_barrier_split(sb_kargs a) {
  __shared__ block_barrier bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  float x = 1.0f + threadIdx.x * 1e-7f;
  const float y = 1e-7f * (a.sink_flag + 1);
  sb_timed_loop(a, [&](long long) {
    block_barrier::arrival_token token = bar.arrive();
    x = sb_fadd_work(x, y, a.param);
    bar.wait(std::move(token));
  });
  if (a.sink_flag) a.rec[blockIdx.x].sink += static_cast<long long>(x);
}

__global__ void sb_k_fadd_work(sb_kargs a) {
  float x = 1.0f + threadIdx.x * 1e-7f;
  const float y = 1e-7f * (a.sink_flag + 1);
  sb_timed_loop(a, [&](long long) { x = sb_fadd_work(x, y, a.param); });
  if (a.sink_flag) a.rec[blockIdx.x].sink += static_cast<long long>(x);
}

static const sb_workload kItems[] = {
    {{"cuda_barrier", "async", "one cuda::barrier arrive_and_wait()", "mbarrier", "SYNCS|MBARRIER|BAR", 0, 0, 80,
      SB_PARAM_NONE, 0, "sb_k_cuda_barrier"},
     sb_run_loop<sb_k_cuda_barrier>, sb_occupancy_of<sb_k_cuda_barrier>, nullptr},
    {{"cuda_barrier_split", "async", "one cuda::barrier arrive() ... wait() with work between", "mbarrier",
      "SYNCS|MBARRIER|BAR", 0, 0, 80, SB_PARAM_WORK, 0, "sb_k_cuda_barrier_split"},
     sb_run_loop<sb_k_cuda_barrier_split>, sb_occupancy_of<sb_k_cuda_barrier_split>, nullptr},
    {{"fadd_work", "async", "the split barrier's work alone (run-time FADD chain)", "add\\.f32", "FADD|FFMA", 0, 0, 75,
      SB_PARAM_WORK, 0, "sb_k_fadd_work"},
     sb_run_loop<sb_k_fadd_work>, sb_occupancy_of<sb_k_fadd_work>, nullptr},
};
extern const sb_workload_table sb_async_table = {kItems, sizeof(kItems) / sizeof(kItems[0])};
