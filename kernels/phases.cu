// phases.cu — the chapter's `phases` mode: the same two-phase payload over all blocks, as one cooperative kernel
// with this_grid().sync() between the phases and as two kernels (the implicit barrier of a kernel boundary).
//   phase 1: a[i] = value(round, i)
//   phase 2: b[i] = a[i] + a[n-1-i]     (reads values written by other blocks: needs a grid-wide barrier)
// One iteration is one round of both phases. b is poisoned before each run and checked on the host afterwards.
#include <cooperative_groups.h>

#include <cstring>

#include "harness.cuh"
#include "verify.cuh"

namespace cg = cooperative_groups;

struct sb_phase_buffers {
  unsigned *a;
  unsigned *b;
  size_t n;
};

__device__ __forceinline__ sb_phase_buffers sb_phase_view(const sb_kargs &a) {
  const size_t n = static_cast<size_t>(gridDim.x) * blockDim.x;
  unsigned *base = static_cast<unsigned *>(a.scratch);
  return {base, base + n, n};
}

__device__ __forceinline__ void sb_phase1(const sb_phase_buffers &v, long long round) {
  const size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  v.a[i] = sb_value(round, i);
}

__device__ __forceinline__ void sb_phase2(const sb_phase_buffers &v) {
  const size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  v.b[i] = v.a[i] + v.a[v.n - 1 - i];
}

__global__ void sb_k_phases_coop(sb_kargs a) {
  cg::grid_group grid = cg::this_grid();
  const sb_phase_buffers v = sb_phase_view(a);
  sb_timed_rounds(a, [&](long long r) {
    sb_phase1(v, r);
    grid.sync();
    sb_phase2(v);
    grid.sync();
  });
}

// Two-kernel variant: kernel 1 and kernel 2 of round `a.iters` (the round number travels in `iters`).
__global__ void sb_k_phase1_kernel(sb_kargs a) { sb_phase1(sb_phase_view(a), a.iters); }
__global__ void sb_k_phase2_kernel(sb_kargs a) { sb_phase2(sb_phase_view(a)); }

static size_t elements(const sb_launch *launch) {
  return static_cast<size_t>(launch->grid_blocks) * launch->threads_per_block;
}

static cudaError_t prepare(sb_context *ctx, const sb_launch *launch) {
  const size_t n = elements(launch);
  SB_CHECK(sb_ensure_scratch(ctx, 2 * n * sizeof(unsigned)));
  unsigned *b = static_cast<unsigned *>(ctx->d_scratch) + n;
  return cudaMemsetAsync(b, 0xFF, n * sizeof(unsigned), ctx->stream);
}

// Copies b back and counts values that differ from round `last_round`'s expected output.
static cudaError_t verify(sb_context *ctx, const sb_launch *launch, long long last_round, sb_run_sample *out) {
  const size_t n = elements(launch);
  if (n > ctx->verify_capacity) {
    if (ctx->h_verify) cudaFreeHost(ctx->h_verify);
    ctx->h_verify = nullptr;
    ctx->verify_capacity = 0;
    SB_CHECK(cudaMallocHost(&ctx->h_verify, n * sizeof(unsigned)));
    ctx->verify_capacity = n;
  }
  const unsigned *b = static_cast<const unsigned *>(ctx->d_scratch) + n;
  SB_CHECK(cudaMemcpyAsync(ctx->h_verify, b, n * sizeof(unsigned), cudaMemcpyDeviceToHost, ctx->stream));
  SB_CHECK(cudaStreamSynchronize(ctx->stream));
  const unsigned *got = reinterpret_cast<const unsigned *>(ctx->h_verify);
  long long bad = 0;
  for (size_t i = 0; i < n; ++i) {
    const unsigned want = sb_value(last_round, i) + sb_value(last_round, n - 1 - i);
    if (got[i] != want) ++bad;
  }
  out->verified += static_cast<long long>(n);
  out->mismatches += bad;
  return cudaSuccess;
}

static cudaError_t run_coop(sb_context *ctx, const sb_launch *launch, long long iters, int param, sb_run_sample *out) {
  if (iters < 1) return cudaErrorInvalidValue;
  SB_CHECK(prepare(ctx, launch));
  SB_CHECK(sb_run_cooperative<sb_k_phases_coop>(ctx, launch, iters, param, out));
  return verify(ctx, launch, iters - 1, out);
}

static cudaError_t run_two_kernels(sb_context *ctx, const sb_launch *launch, long long iters, int param,
                                   sb_run_sample *out) {
  if (iters < 1) return cudaErrorInvalidValue;
  SB_CHECK(prepare(ctx, launch));
  const sb_launch_opts opts;
  SB_CHECK(sb_prepare_kernel(sb_k_phase1_kernel, launch, opts));
  SB_CHECK(sb_prepare_kernel(sb_k_phase2_kernel, launch, opts));
  SB_CHECK(sb_time_stream(ctx, out, [&]() -> cudaError_t {
    for (long long r = 0; r < iters; ++r) {
      SB_CHECK(sb_launch_plain(ctx, sb_k_phase1_kernel, launch, sb_make_kargs(ctx, r, param), opts));
      SB_CHECK(sb_launch_plain(ctx, sb_k_phase2_kernel, launch, sb_make_kargs(ctx, r, param), opts));
    }
    return cudaSuccess;
  }));
  return verify(ctx, launch, iters - 1, out);
}

static constexpr sb_workload kItems[] = {
    {.info = {.id = "phases_grid_sync",
              .family = "phases",
              .op = "one two-phase round in one cooperative kernel (grid.sync between, verified)",
              .expect_ptx = "atom\\.add\\.release\\.gpu",
              .expect_sass = "ATOM|RED",
              .cooperative = 1,
              .min_cc = 75,
              .param_kind = SB_PARAM_NONE,
              .kernel = "sb_k_phases_coop",
              .delta_iters = 64,
              .smoke = {.grid_blocks = 4}},
     .run = run_coop,
     .occupancy = sb_occupancy_of<sb_k_phases_coop>},
    {.info = {.id = "phases_two_kernels",
              .family = "phases",
              .op = "one two-phase round as two kernels (verified)",
              .expect_ptx = "",
              .expect_sass = "",
              .min_cc = 75,
              .param_kind = SB_PARAM_NONE,
              .kernel = "sb_k_phase2_kernel",
              .delta_iters = 64,
              .smoke = {.grid_blocks = 4}},
     .run = run_two_kernels},
};
static_assert(sb_all_have_delta(kItems), "every workload states its default delta_iters > 0");
extern const sb_workload_table sb_phases_table = {kItems, sizeof(kItems) / sizeof(kItems[0])};
