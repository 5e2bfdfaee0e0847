// fences.cu — memory fences at each scope (param 0: __threadfence_block(), PTX fence.cta / membar.cta; 1:
// __threadfence(), fence.gpu / membar.gl; 2: __threadfence_system(), fence.sys / membar.sys), three ways, all back
// to back (docs/methods.md, "Fences: three definitions"):
//   fence:       the fence alone, nothing outstanding: its own cost.
//   fence_rmw:   global atomicAdd; fence; atomicAdd per copy, against rmw_pair (the two atomics, no fence).
//   fence_plain: plain read-modify-writes w[0] += v; fence; w[1] += v per copy, against plain_rmw_pair (the same
//                without the fence) — SyncPerformance's definition (IISWC'24, cuda_threadfence*_array.cu). The
//                fence waits for the plain stores before it, and the compiler may merge the baseline's stores.
// Each thread updates its own two words, so the cost is the fence's, not contention's. The scope is a template
// parameter, so no branch sits between two copies.
#include "harness.cuh"

__device__ __forceinline__ int *sb_fence_words(const sb_kargs &a) {
  const size_t tid = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  return static_cast<int *>(a.scratch) + 2 * tid;
}

template <int Scope>
__device__ __forceinline__ void sb_fence() {
  if constexpr (Scope == 0)
    __threadfence_block();
  else if constexpr (Scope == 1)
    __threadfence();
  else
    __threadfence_system();
}

template <int Scope>
__global__ void sb_k_fence(sb_kargs a) {
  sb_timed_back_to_back<SB_UNROLL>(a, [] { sb_fence<Scope>(); });
}

__global__ void sb_k_rmw_pair(sb_kargs a) {
  int *w = sb_fence_words(a);
  sb_timed_back_to_back<SB_UNROLL>(a, [&] {
    atomicAdd(w, 1);
    atomicAdd(w + 1, 1);
  });
}

template <int Scope>
__global__ void sb_k_fence_rmw(sb_kargs a) {
  int *w = sb_fence_words(a);
  sb_timed_back_to_back<SB_UNROLL>(a, [&] {
    atomicAdd(w, 1);
    sb_fence<Scope>();
    atomicAdd(w + 1, 1);
  });
}

__global__ void sb_k_plain_rmw_pair(sb_kargs a) {
  int *w = sb_fence_words(a);
  const int v = static_cast<int>(threadIdx.x);
  sb_timed_back_to_back<SB_UNROLL>(a, [&] {
    w[0] += v;
    w[1] += v;
  });
}

template <int Scope>
__global__ void sb_k_fence_plain(sb_kargs a) {
  int *w = sb_fence_words(a);
  const int v = static_cast<int>(threadIdx.x);
  sb_timed_back_to_back<SB_UNROLL>(a, [&] {
    w[0] += v;
    sb_fence<Scope>();
    w[1] += v;
  });
}

#define SB_SCOPED_KERNEL(name)               \
  static sb_kernel_fn name##_at(int scope) { \
    switch (scope) {                         \
      case 0:                                \
        return name<0>;                      \
      case 1:                                \
        return name<1>;                      \
      case 2:                                \
        return name<2>;                      \
      default:                               \
        return nullptr;                      \
    }                                        \
  }
SB_SCOPED_KERNEL(sb_k_fence)
SB_SCOPED_KERNEL(sb_k_fence_rmw)
SB_SCOPED_KERNEL(sb_k_fence_plain)
#undef SB_SCOPED_KERNEL

static sb_kernel_fn rmw_pair_at(int) { return sb_k_rmw_pair; }
static sb_kernel_fn plain_rmw_pair_at(int) { return sb_k_plain_rmw_pair; }

template <sb_kernel_fn (*Pick)(int)>
static cudaError_t run_scoped(sb_context *ctx, const sb_launch *launch, long long iters, int param,
                              sb_run_sample *out) {
  sb_kernel_fn k = Pick(param);
  if (!k) return cudaErrorInvalidValue;
  SB_CHECK(
      sb_ensure_scratch(ctx, sizeof(int) * 2 * static_cast<size_t>(launch->grid_blocks) * launch->threads_per_block));
  return sb_launch_timed(ctx, k, launch, sb_make_kargs(ctx, iters, param), sb_launch_opts{}, out);
}

template <sb_kernel_fn (*Pick)(int)>
static cudaError_t occupancy_scoped(unsigned threads, unsigned smem, int param, int *blocks_per_sm) {
  sb_kernel_fn k = Pick(param);
  if (!k) return cudaErrorInvalidValue;
  return sb_kernel_occupancy(k, threads, smem, blocks_per_sm);
}

static const sb_workload kItems[] = {
    {.info = {.id = "fence",
              .family = "fences",
              .op = "one fence, nothing outstanding",
              .expect_ptx = "membar\\.(cta|gl|sys)|fence\\.",
              .expect_sass = "MEMBAR",
              .min_cc = 75,
              .param_kind = SB_PARAM_SCOPE,
              .kernel = "sb_k_fenceILi",
              .unroll = SB_UNROLL},
     .run = run_scoped<sb_k_fence_at>,
     .occupancy = occupancy_scoped<sb_k_fence_at>},
    {.info = {.id = "rmw_pair",
              .family = "fences",
              .op = "two global atomicAdd (no fence)",
              .expect_ptx = "atom\\.global\\.add|red\\.global\\.add",
              .expect_sass = "ATOMG|RED",
              .min_cc = 75,
              .param_kind = SB_PARAM_NONE,
              .kernel = "sb_k_rmw_pair",
              .unroll = SB_UNROLL},
     .run = run_scoped<rmw_pair_at>,
     .occupancy = occupancy_scoped<rmw_pair_at>},
    {.info = {.id = "fence_rmw",
              .family = "fences",
              .op = "one fence between two global atomicAdd",
              .expect_ptx = "membar\\.(cta|gl|sys)|fence\\.",
              .expect_sass = "MEMBAR",
              .min_cc = 75,
              .param_kind = SB_PARAM_SCOPE,
              .kernel = "sb_k_fence_rmwILi",
              .unroll = SB_UNROLL},
     .run = run_scoped<sb_k_fence_rmw_at>,
     .occupancy = occupancy_scoped<sb_k_fence_rmw_at>},
    {.info = {.id = "plain_rmw_pair",
              .family = "fences",
              .op = "two plain global read-modify-writes (no fence)",
              .expect_ptx = "st\\.global",
              .expect_sass = "STG",
              .min_cc = 75,
              .param_kind = SB_PARAM_NONE,
              .kernel = "sb_k_plain_rmw_pair",
              .unroll = SB_UNROLL},
     .run = run_scoped<plain_rmw_pair_at>,
     .occupancy = occupancy_scoped<plain_rmw_pair_at>},
    {.info = {.id = "fence_plain",
              .family = "fences",
              .op = "one fence between two plain global read-modify-writes",
              .expect_ptx = "membar\\.(cta|gl|sys)|fence\\.",
              .expect_sass = "MEMBAR",
              .min_cc = 75,
              .param_kind = SB_PARAM_SCOPE,
              .kernel = "sb_k_fence_plainILi",
              .unroll = SB_UNROLL},
     .run = run_scoped<sb_k_fence_plain_at>,
     .occupancy = occupancy_scoped<sb_k_fence_plain_at>},
};
extern const sb_workload_table sb_fences_table = {kItems, sizeof(kItems) / sizeof(kItems[0])};
