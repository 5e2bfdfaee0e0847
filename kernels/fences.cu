// fences.cu — memory fences at each scope, measured as the difference between a loop of two global
// read-modify-writes with the fence between them and the same loop without it (rmw_pair, the baseline):
//   param 0: __threadfence_block()  (PTX membar.cta / fence.cta)
//   param 1: __threadfence()        (PTX membar.gl  / fence.gpu)
//   param 2: __threadfence_system() (PTX membar.sys / fence.sys)
// Each thread updates its own two words, so the cost is the fence's, not contention's.
#include "harness.cuh"

__device__ __forceinline__ int *sb_fence_words(const sb_kargs &a) {
  const size_t tid = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  return static_cast<int *>(a.scratch) + 2 * tid;
}

__global__ void sb_k_rmw_pair(sb_kargs a) {
  int *w = sb_fence_words(a);
  sb_timed_loop(a, [&](long long) {
    atomicAdd(w, 1);
    atomicAdd(w + 1, 1);
  });
}

__global__ void sb_k_fence_rmw(sb_kargs a) {
  int *w = sb_fence_words(a);
  const int scope = a.param;
  sb_timed_loop(a, [&](long long) {
    atomicAdd(w, 1);
    if (scope == 0) __threadfence_block();
    else if (scope == 1) __threadfence();
    else __threadfence_system();
    atomicAdd(w + 1, 1);
  });
}

template <sb_kernel_fn K>
static cudaError_t run_with_words(sb_context *ctx, const sb_launch *launch, long long iters, int param,
                                  sb_run_sample *out) {
  SB_CHECK(sb_ensure_scratch(ctx, sizeof(int) * 2 * static_cast<size_t>(launch->grid_blocks) *
                                      launch->threads_per_block));
  return sb_run_loop<K>(ctx, launch, iters, param, out);
}

static const sb_workload kItems[] = {
    {{"rmw_pair", "fences", "two global atomicAdd (no fence)", "atom\\.global\\.add|red\\.global\\.add",
      "ATOMG|RED", 0, 0, 75, SB_PARAM_NONE, 0, "sb_k_rmw_pair"},
     run_with_words<sb_k_rmw_pair>, sb_occupancy_of<sb_k_rmw_pair>, nullptr},
    {{"fence_rmw", "fences", "one fence between two global atomicAdd", "membar\\.(cta|gl|sys)|fence\\.",
      "MEMBAR", 0, 0, 75, SB_PARAM_SCOPE, 0, "sb_k_fence_rmw"},
     run_with_words<sb_k_fence_rmw>, sb_occupancy_of<sb_k_fence_rmw>, nullptr},
};
extern const sb_workload_table sb_fences_table = {kItems, sizeof(kItems) / sizeof(kItems[0])};
