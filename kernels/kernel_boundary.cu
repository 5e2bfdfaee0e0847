// kernel_boundary.cu — a phase boundary three ways, on the same payload (one FMA-update per thread per phase over
// grid_blocks x threads_per_block floats). One iteration is one phase plus the boundary after it:
//   boundary_launches:  one kernel launch per phase, back to back in one stream (the implicit kernel barrier);
//   boundary_graph:     a CUDA graph of N kernel nodes, instantiated once (outside the timing) and replayed;
//   boundary_grid_sync: one cooperative kernel running N phases separated by this_grid().sync().
// The difference method (two phase counts) removes the fixed cost, leaving the cost of one phase + boundary. The
// multi-launch variants are timed by sb_time_stream (CUDA events around the whole sequence). Graphs hold the scratch
// pointer, so sb_ensure_scratch drops the cache when the buffer is reallocated.
#include <cooperative_groups.h>

#include "harness.cuh"

namespace cg = cooperative_groups;

__device__ __forceinline__ void sb_phase_payload(const sb_kargs &a) {
  float *x = static_cast<float *>(a.scratch);
  const size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  x[i] = x[i] * 0.999f + 1.0f;
}

__global__ void sb_k_phase(sb_kargs a) { sb_phase_payload(a); }

__global__ void sb_k_phases_grid_sync(sb_kargs a) {
  cg::grid_group grid = cg::this_grid();
  sb_timed_rounds(a, [&](long long) {
    sb_phase_payload(a);
    grid.sync();
  });
}

static cudaError_t ensure_payload(sb_context *ctx, const sb_launch *launch) {
  return sb_ensure_scratch(ctx, sizeof(float) * static_cast<size_t>(launch->grid_blocks) * launch->threads_per_block);
}

static cudaError_t run_launches(sb_context *ctx, const sb_launch *launch, long long iters, int param,
                                sb_run_sample *out) {
  SB_CHECK(ensure_payload(ctx, launch));
  const sb_kargs args = sb_make_kargs(ctx, 1, param);
  const sb_launch_opts opts;
  SB_CHECK(sb_prepare_kernel(sb_k_phase, launch, opts));
  return sb_time_stream(ctx, out, [&]() -> cudaError_t {
    for (long long i = 0; i < iters; ++i) SB_CHECK(sb_launch_plain(ctx, sb_k_phase, launch, args, opts));
    return cudaSuccess;
  });
}

// Finds or builds the instantiated graph of `iters` phase kernels for this shape (a small round-robin cache).
static cudaError_t graph_for(sb_context *ctx, const sb_launch *launch, long long iters, int param,
                             cudaGraphExec_t *exec) {
  for (auto &g : ctx->graphs) {
    if (g.exec && g.iters == iters && g.grid_blocks == launch->grid_blocks &&
        g.threads_per_block == launch->threads_per_block) {
      *exec = g.exec;
      return cudaSuccess;
    }
  }
  const sb_kargs args = sb_make_kargs(ctx, 1, param);
  const sb_launch_opts opts;
  SB_CHECK(sb_prepare_kernel(sb_k_phase, launch, opts));
  cudaGraph_t graph = nullptr;
  SB_CHECK(cudaStreamBeginCapture(ctx->stream, cudaStreamCaptureModeThreadLocal));
  for (long long i = 0; i < iters; ++i) {
    const cudaError_t err = sb_launch_plain(ctx, sb_k_phase, launch, args, opts);
    if (err != cudaSuccess) {
      cudaStreamEndCapture(ctx->stream, &graph);
      if (graph) cudaGraphDestroy(graph);
      return err;
    }
  }
  SB_CHECK(cudaStreamEndCapture(ctx->stream, &graph));
  cudaGraphExec_t made = nullptr;
  const cudaError_t err = cudaGraphInstantiate(&made, graph, 0);
  cudaGraphDestroy(graph);
  SB_CHECK(err);
  sb_graph_cache_entry &slot = ctx->graphs[ctx->graph_next];
  ctx->graph_next = (ctx->graph_next + 1) % static_cast<int>(sizeof(ctx->graphs) / sizeof(ctx->graphs[0]));
  if (slot.exec) cudaGraphExecDestroy(slot.exec);
  slot = {iters, launch->grid_blocks, launch->threads_per_block, made};
  *exec = made;
  return cudaSuccess;
}

static cudaError_t run_graph(sb_context *ctx, const sb_launch *launch, long long iters, int param, sb_run_sample *out) {
  SB_CHECK(ensure_payload(ctx, launch));
  cudaGraphExec_t exec = nullptr;
  SB_CHECK(graph_for(ctx, launch, iters, param, &exec));
  SB_CHECK(cudaGraphUpload(exec, ctx->stream));
  return sb_time_stream(ctx, out, [&] { return cudaGraphLaunch(exec, ctx->stream); });
}

static cudaError_t run_grid_phases(sb_context *ctx, const sb_launch *launch, long long iters, int param,
                                   sb_run_sample *out) {
  SB_CHECK(ensure_payload(ctx, launch));
  return sb_run_cooperative<sb_k_phases_grid_sync>(ctx, launch, iters, param, out);
}

static constexpr sb_workload kItems[] = {
    {.info = {.id = "boundary_launches",
              .family = "boundary",
              .op = "one phase + kernel launch boundary",
              .expect_ptx = "",
              .expect_sass = "",
              .min_cc = 75,
              .param_kind = SB_PARAM_NONE,
              .kernel = "sb_k_phase",
              .delta_iters = 128,
              .smoke = {.grid_blocks = 4}},
     .run = run_launches},
    {.info = {.id = "boundary_graph",
              .family = "boundary",
              .op = "one phase + kernel node boundary in a CUDA graph",
              .expect_ptx = "",
              .expect_sass = "",
              .min_cc = 75,
              .param_kind = SB_PARAM_NONE,
              .kernel = "sb_k_phase",
              .delta_iters = 128,
              .smoke = {.grid_blocks = 4}},
     .run = run_graph},
    {.info = {.id = "boundary_grid_sync",
              .family = "boundary",
              .op = "one phase + this_grid().sync()",
              .expect_ptx = "atom\\.add\\.release\\.gpu",
              .expect_sass = "ATOM|RED",
              .cooperative = 1,
              .min_cc = 75,
              .param_kind = SB_PARAM_NONE,
              .kernel = "sb_k_phases_grid_sync",
              .delta_iters = 128,
              .smoke = {.grid_blocks = 4}},
     .run = run_grid_phases,
     .occupancy = sb_occupancy_of<sb_k_phases_grid_sync>},
};
static_assert(sb_all_have_delta(kItems), "every workload states its default delta_iters > 0");
extern const sb_workload_table sb_boundary_table = {kItems, sizeof(kItems) / sizeof(kItems[0])};
