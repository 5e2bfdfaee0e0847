// fences.cu — memory fences at each scope (param 0: __threadfence_block(), PTX fence.cta / membar.cta; 1:
// __threadfence(), fence.gpu / membar.gl; 2: __threadfence_system(), fence.sys / membar.sys), four ways, all back
// to back (docs/methods.md, "Fences: four definitions"):
//   fence:       the fence alone, nothing outstanding: its own cost.
//   fence_rmw:   global atomicAdd; fence; atomicAdd per copy, against rmw_pair (the two atomics, no fence).
//   fence_plain: plain read-modify-writes a1[i] += v; fence; a2[i] += v per copy, against plain_rmw_pair (the same
//                without the fence) — SyncPerformance's definition (IISWC'24, cuda_threadfence*_array.cu, arr_step
//                1): two arrays, thread i's word in each. The fence waits for the plain stores before it. The two
//                pointers may alias, so the compiler keeps every copy of the baseline's stores.
//   fence_plain_adjacent / plain_rmw_pair_adjacent: the same with the thread's two words adjacent in one array (the
//                layout of fence_rmw), kept to show what the layout alone changes: through one pointer the compiler
//                merges the baseline's stores, so the difference also holds the read-modify-writes
//                (docs/results/crosscheck.md).
// Each thread updates its own words, so the cost is the fence's, not contention's. The scope is a template
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

// The two words thread i updates: a1[i] and a2[i] of two arrays of gridDim.x * blockDim.x ints (SyncPerformance's
// layout: two cudaMalloc'd arrays, so a2 starts at least 512 bytes after a1 and the two words never share a cache
// line, even for one thread), or words 2i and 2i + 1 of one array (Adjacent).
constexpr size_t SB_ARRAY_ALIGN_INTS = 128;
template <bool Adjacent>
__device__ __forceinline__ void sb_plain_words(const sb_kargs &a, int **w0, int **w1) {
  const size_t tid = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  int *base = static_cast<int *>(a.scratch);
  if constexpr (Adjacent) {
    *w0 = base + 2 * tid;
    *w1 = base + 2 * tid + 1;
  } else {
    *w0 = base + tid;
    const size_t n = static_cast<size_t>(gridDim.x) * blockDim.x;
    *w1 = base + (n + SB_ARRAY_ALIGN_INTS - 1) / SB_ARRAY_ALIGN_INTS * SB_ARRAY_ALIGN_INTS + tid;
  }
}

template <bool Adjacent>
__global__ void sb_k_plain_rmw_pair(sb_kargs a) {
  int *w0, *w1;
  sb_plain_words<Adjacent>(a, &w0, &w1);
  const int v = static_cast<int>(threadIdx.x);
  sb_timed_back_to_back<SB_UNROLL>(a, [&] {
    *w0 += v;
    *w1 += v;
  });
}

template <int Scope, bool Adjacent>
__global__ void sb_k_fence_plain(sb_kargs a) {
  int *w0, *w1;
  sb_plain_words<Adjacent>(a, &w0, &w1);
  const int v = static_cast<int>(threadIdx.x);
  sb_timed_back_to_back<SB_UNROLL>(a, [&] {
    *w0 += v;
    sb_fence<Scope>();
    *w1 += v;
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
#undef SB_SCOPED_KERNEL

template <bool Adjacent>
static sb_kernel_fn fence_plain_at(int scope) {
  switch (scope) {
    case 0:
      return sb_k_fence_plain<0, Adjacent>;
    case 1:
      return sb_k_fence_plain<1, Adjacent>;
    case 2:
      return sb_k_fence_plain<2, Adjacent>;
    default:
      return nullptr;
  }
}

static sb_kernel_fn rmw_pair_at(int) { return sb_k_rmw_pair; }
template <bool Adjacent>
static sb_kernel_fn plain_rmw_pair_at(int) {
  return sb_k_plain_rmw_pair<Adjacent>;
}

template <sb_kernel_fn (*Pick)(int)>
static cudaError_t run_scoped(sb_context *ctx, const sb_launch *launch, long long iters, int param,
                              sb_run_sample *out) {
  sb_kernel_fn k = Pick(param);
  if (!k) return cudaErrorInvalidValue;
  const size_t n = static_cast<size_t>(launch->grid_blocks) * launch->threads_per_block;
  SB_CHECK(sb_ensure_scratch(ctx, sizeof(int) * (2 * n + SB_ARRAY_ALIGN_INTS)));
  return sb_launch_timed(ctx, k, launch, sb_make_kargs(ctx, iters, param), sb_launch_opts{}, out);
}

template <sb_kernel_fn (*Pick)(int)>
static cudaError_t occupancy_scoped(unsigned threads, unsigned smem, int param, int *blocks_per_sm) {
  sb_kernel_fn k = Pick(param);
  if (!k) return cudaErrorInvalidValue;
  return sb_kernel_occupancy(k, threads, smem, blocks_per_sm);
}

static constexpr sb_workload kItems[] = {
    {.info = {.id = "fence",
              .family = "fences",
              .op = "one fence, nothing outstanding",
              .expect_ptx = "membar\\.(cta|gl|sys)|fence\\.",
              .expect_sass = "MEMBAR",
              .min_cc = 75,
              .param_kind = SB_PARAM_SCOPE,
              .kernel = "sb_k_fenceILi",
              .unroll = SB_UNROLL,
              .delta_iters = 1024},
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
              .unroll = SB_UNROLL,
              .delta_iters = 1024},
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
              .unroll = SB_UNROLL,
              .delta_iters = 1024,
              .smoke = {.param = 1}},
     .run = run_scoped<sb_k_fence_rmw_at>,
     .occupancy = occupancy_scoped<sb_k_fence_rmw_at>},
    {.info = {.id = "plain_rmw_pair",
              .family = "fences",
              .op = "two plain global read-modify-writes, one in each of two arrays (no fence)",
              .expect_ptx = "st\\.global",
              .expect_sass = "STG",
              .min_cc = 75,
              .param_kind = SB_PARAM_NONE,
              .kernel = "sb_k_plain_rmw_pairILb0E",
              .unroll = SB_UNROLL,
              .delta_iters = 1024},
     .run = run_scoped<plain_rmw_pair_at<false>>,
     .occupancy = occupancy_scoped<plain_rmw_pair_at<false>>},
    {.info = {.id = "fence_plain",
              .family = "fences",
              .op = "one fence between two plain global read-modify-writes (two arrays)",
              .expect_ptx = "membar\\.(cta|gl|sys)|fence\\.",
              .expect_sass = "MEMBAR",
              .min_cc = 75,
              .param_kind = SB_PARAM_SCOPE,
              .kernel = "sb_k_fence_plainILi",
              .unroll = SB_UNROLL,
              .delta_iters = 1024},
     .run = run_scoped<fence_plain_at<false>>,
     .occupancy = occupancy_scoped<fence_plain_at<false>>},
    {.info = {.id = "plain_rmw_pair_adjacent",
              .family = "fences",
              .op = "two plain global read-modify-writes of adjacent words (no fence)",
              .expect_ptx = "st\\.global",
              .expect_sass = "STG",
              .min_cc = 75,
              .param_kind = SB_PARAM_NONE,
              .kernel = "sb_k_plain_rmw_pairILb1E",
              .unroll = SB_UNROLL,
              .delta_iters = 1024},
     .run = run_scoped<plain_rmw_pair_at<true>>,
     .occupancy = occupancy_scoped<plain_rmw_pair_at<true>>},
    {.info = {.id = "fence_plain_adjacent",
              .family = "fences",
              .op = "one fence between two plain global read-modify-writes of adjacent words",
              .expect_ptx = "membar\\.(cta|gl|sys)|fence\\.",
              .expect_sass = "MEMBAR",
              .min_cc = 75,
              .param_kind = SB_PARAM_SCOPE,
              .kernel = "sb_k_fence_plainILi",
              .unroll = SB_UNROLL,
              .delta_iters = 1024},
     .run = run_scoped<fence_plain_at<true>>,
     .occupancy = occupancy_scoped<fence_plain_at<true>>},
};
static_assert(sb_all_have_delta(kItems), "every workload states its default delta_iters > 0");
extern const sb_workload_table sb_fences_table = {kItems, sizeof(kItems) / sizeof(kItems[0])};
