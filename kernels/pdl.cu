// pdl.cu — a chain of N dependent kernels (sm_90): programmatic dependent launch against a plain launch, a CUDA
// graph with and without programmatic edges, and grid.sync() phases. One unit is one kernel of the chain (one phase
// and the boundary after it); the difference of two chain lengths removes the fixed cost.
//
// Every phase k, thread i of the grid (n threads):
//   1. a prologue of `prologue` dependent FADDs that needs nothing from phase k - 1 (the work PDL can overlap);
//   2. cudaGridDependencySynchronize() (PTX griddepcontrol.wait): waits until phase k - 1 completed and its memory
//      is visible (a no-op when the kernel was not launched as a programmatic dependent);
//   3. out[i] = in[(i + blockDim.x) mod n] + 1 with in/out = buffer k mod 2 / (k + 1) mod 2, a value another block
//      wrote in phase k - 1. After N phases every element is N (checked on the host).
// The primary calls cudaTriggerProgrammaticLaunchCompletion() (griddepcontrol.launch_dependents) at its start
// (trigger "early"), after its store (trigger "late"), or never (its completion is the trigger).
//   pdl_plain:      N launches, back to back in one stream, no launch attribute;
//   pdl_launch:     N launches with cudaLaunchAttributeProgrammaticStreamSerialization = 1 (cudaLaunchKernelEx);
//   pdl_graph:      a CUDA graph of N kernel nodes, default edges;
//   pdl_graph_prog: the same graph with programmatic edges (cudaGraphEdgeData: from_port
//                   cudaGraphKernelNodePortProgrammatic, type cudaGraphDependencyTypeProgrammatic; CUDA 12.3+);
//   pdl_grid_sync:  one cooperative kernel running N phases with this_grid().sync() between them.
// Graphs are built and instantiated before each timed replay (outside the timing) and destroyed after it. The
// launch variants enqueue the chain behind a gate kernel that spins on a mapped host flag, and the host releases
// the gate once the chain (at most its first SB_PDL_GATED launches, well inside CUDA's launch queue) is enqueued:
// the timed chain then runs back to back on the GPU, not at the pace at which the host enqueues it.
//
// param = trigger (0 none, 1 early, 2 late) | prologue FADDs << 2.
#include <cooperative_groups.h>

#include <atomic>
#include <cuda/atomic>

#include "hopper.cuh"

namespace cg = cooperative_groups;

// Launches enqueued behind the gate before it opens (CUDA's launch queue holds about a thousand entries; a full
// queue would block the host while the gate holds the GPU). Longer chains enqueue the rest while the GPU runs.
constexpr long long SB_PDL_GATED = 256;

namespace {

enum Trigger { kNone = 0, kEarly = 1, kLate = 2 };

#if SB_SM90

// One phase of the chain; `k` is the phase number (buffers alternate with it).
__device__ __forceinline__ void pdl_phase(const sb_kargs &a, long long k, bool wait_for_primary) {
  const int trigger = a.param & 3;
  const int prologue = a.param >> 2;
  if (trigger == kEarly) cudaTriggerProgrammaticLaunchCompletion();
  float x = 1.0f + threadIdx.x * 1e-7f;
  x = sb_fadd_work(x, 1e-7f * (a.sink_flag + 1), prologue);
  if (wait_for_primary) cudaGridDependencySynchronize();
  const size_t n = static_cast<size_t>(gridDim.x) * blockDim.x;
  unsigned *buf = static_cast<unsigned *>(a.scratch);
  const unsigned *in = buf + (k & 1) * n;
  unsigned *out = buf + ((k + 1) & 1) * n;
  const size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  out[i] = in[(i + blockDim.x) % n] + 1;
  if (trigger == kLate) cudaTriggerProgrammaticLaunchCompletion();
  if (a.sink_flag) a.rec[blockIdx.x].sink = static_cast<long long>(x);
}

#endif  // SB_SM90

}  // namespace

// Phase `a.iters` of the chain (the phase number travels in `iters`, as in phases.cu).
__global__ void sb_k_pdl_phase(sb_kargs a) {
#if SB_SM90
  pdl_phase(a, a.iters, true);
#else
  __trap();  // never launched: the host refuses programmatic dependent launch below compute capability 9.0
#endif
}

__global__ void sb_k_pdl_grid_sync(sb_kargs a) {
#if SB_SM90
  cg::grid_group grid = cg::this_grid();
  const sb_stateful_clock t = sb_stateful_begin();
  for (long long k = 0; k < a.iters; ++k) {
    pdl_phase(a, k, false);
    grid.sync();
  }
  sb_stateful_end(a, t, 0);
#else
  __trap();
#endif
}

// Holds the stream until the host stores `token` into flag[0] (mapped pinned host memory); after timeout_ns on
// %globaltimer it gives up and stores 1 into flag[1], so a host that never releases it is an error, not a hang.
__global__ void sb_k_pdl_gate(int *flag, int token, unsigned long long timeout_ns) {
  cuda::atomic_ref<int, cuda::thread_scope_system> gate(flag[0]);
  const unsigned long long t0 = sb_globaltimer();
  while (gate.load(cuda::memory_order_relaxed) != token) {
    if (sb_globaltimer() - t0 > timeout_ns) {
      cuda::atomic_ref<int, cuda::thread_scope_system>(flag[1]).store(1, cuda::memory_order_relaxed);
      return;
    }
  }
}

namespace {

// Words of the context's mapped host buffer the gate uses (flag_handoff.cu uses word 0).
constexpr int kGateWord = 16;

cudaError_t ensure_host_flag(sb_context *ctx) {
  if (ctx->h_flag) return cudaSuccess;
  SB_CHECK(cudaHostAlloc(&ctx->h_flag, 4096, cudaHostAllocMapped));
  return cudaHostGetDevicePointer(&ctx->d_host_flag, ctx->h_flag, 0);
}

size_t elements(const sb_launch *launch) {
  return static_cast<size_t>(launch->grid_blocks) * launch->threads_per_block;
}

// Both buffers zeroed: phase 0 reads zeros, so after N phases buffer N mod 2 holds N everywhere.
cudaError_t prepare(sb_context *ctx, const sb_launch *launch) {
  SB_CHECK(sb_ensure_scratch(ctx, 2 * elements(launch) * sizeof(unsigned)));
  return cudaMemsetAsync(ctx->d_scratch, 0, 2 * elements(launch) * sizeof(unsigned), ctx->stream);
}

cudaError_t verify(sb_context *ctx, const sb_launch *launch, long long phases, sb_run_sample *out) {
  const size_t n = elements(launch);
  if (n > ctx->verify_capacity) {
    if (ctx->h_verify) cudaFreeHost(ctx->h_verify);
    ctx->h_verify = nullptr;
    ctx->verify_capacity = 0;
    SB_CHECK(cudaMallocHost(&ctx->h_verify, n * sizeof(unsigned)));
    ctx->verify_capacity = n;
  }
  const unsigned *last = static_cast<const unsigned *>(ctx->d_scratch) + (phases & 1) * n;
  SB_CHECK(cudaMemcpyAsync(ctx->h_verify, last, n * sizeof(unsigned), cudaMemcpyDeviceToHost, ctx->stream));
  SB_CHECK(cudaStreamSynchronize(ctx->stream));
  const unsigned *got = reinterpret_cast<const unsigned *>(ctx->h_verify);
  long long bad = 0;
  for (size_t i = 0; i < n; ++i) bad += got[i] != static_cast<unsigned>(phases);
  out->verified += static_cast<long long>(n);
  out->mismatches += bad;
  return cudaSuccess;
}

cudaError_t launch_phase(sb_context *ctx, const sb_launch *launch, long long k, int param, bool programmatic) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(launch->grid_blocks);
  cfg.blockDim = dim3(launch->threads_per_block);
  cfg.stream = ctx->stream;
  cudaLaunchAttribute attr;
  attr.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attr.val.programmaticStreamSerializationAllowed = 1;
  cfg.attrs = &attr;
  cfg.numAttrs = programmatic ? 1 : 0;
  return cudaLaunchKernelEx(&cfg, sb_k_pdl_phase, sb_make_kargs(ctx, k, param));
}

// Times the launches by hand rather than with sb_time_stream: the gate kernel must be queued before the start event
// (outside the timing) and is opened from the host only while the launches are enqueued, where sb_time_stream's
// first cudaStreamSynchronize would wait for it forever.
template <bool Programmatic>
cudaError_t run_launches(sb_context *ctx, const sb_launch *launch, long long iters, int param, sb_run_sample *out) {
  if (iters < 1) return cudaErrorInvalidValue;
  SB_CHECK(prepare(ctx, launch));
  SB_CHECK(ensure_host_flag(ctx));
  int *host = static_cast<int *>(ctx->h_flag) + kGateWord;
  int *device = static_cast<int *>(ctx->d_host_flag) + kGateWord;
  static std::atomic<int> next_token{0};
  const int token = ++next_token;
  std::atomic_ref<int>(host[0]).store(0);
  std::atomic_ref<int>(host[1]).store(0);
  SB_CHECK(cudaStreamSynchronize(ctx->stream));
  sb_k_pdl_gate<<<1, 1, 0, ctx->stream>>>(device, token, SB_SPIN_TIMEOUT_NS);
  SB_CHECK(cudaGetLastError());
  SB_CHECK(cudaEventRecord(ctx->ev_start, ctx->stream));
  const auto open_gate = [&]() { std::atomic_ref<int>(host[0]).store(token, std::memory_order_release); };
  cudaError_t err = cudaSuccess;
  for (long long k = 0; k < iters && err == cudaSuccess; ++k) {
    if (k == SB_PDL_GATED) open_gate();
    err = launch_phase(ctx, launch, k, param, Programmatic);
  }
  if (err == cudaSuccess) err = cudaEventRecord(ctx->ev_stop, ctx->stream);
  open_gate();  // (again) also after an error, so the gate never waits for its timeout
  SB_CHECK(err);
  SB_CHECK(cudaEventSynchronize(ctx->ev_stop));
  SB_CHECK(cudaGetLastError());
  float ms = 0;
  SB_CHECK(cudaEventElapsedTime(&ms, ctx->ev_start, ctx->ev_stop));
  out->elapsed_ms = ms;
  out->cycles = -1;
  out->block0_cycles = -1;
  out->globaltimer_ns = -1;
  if (std::atomic_ref<int>(host[1]).load()) out->timed_out = 1;
  return verify(ctx, launch, iters, out);
}

// Builds the graph of `iters` phase nodes explicitly, each node depending on the previous one by a default or a
// programmatic edge, and instantiates it.
cudaError_t build_graph(sb_context *ctx, const sb_launch *launch, long long iters, int param, bool programmatic,
                        cudaGraphExec_t *exec) {
  cudaGraph_t graph = nullptr;
  SB_CHECK(cudaGraphCreate(&graph, 0));
  cudaError_t err = cudaSuccess;
  cudaGraphNode_t prev = nullptr;
  for (long long k = 0; k < iters && err == cudaSuccess; ++k) {
    sb_kargs args = sb_make_kargs(ctx, k, param);
    void *kernel_params[] = {&args};
    cudaKernelNodeParams p = {};
    p.func = reinterpret_cast<void *>(sb_k_pdl_phase);
    p.gridDim = dim3(launch->grid_blocks);
    p.blockDim = dim3(launch->threads_per_block);
    p.kernelParams = kernel_params;
    cudaGraphNode_t node = nullptr;
    err = cudaGraphAddKernelNode(&node, graph, nullptr, 0, &p);
    if (err == cudaSuccess && prev) {
      cudaGraphEdgeData edge = {};
      edge.from_port = programmatic ? cudaGraphKernelNodePortProgrammatic : cudaGraphKernelNodePortDefault;
      edge.type = programmatic ? cudaGraphDependencyTypeProgrammatic : cudaGraphDependencyTypeDefault;
      err = cudaGraphAddDependencies(graph, &prev, &node, &edge, 1);
    }
    prev = node;
  }
  if (err == cudaSuccess) err = cudaGraphInstantiate(exec, graph, 0);
  cudaGraphDestroy(graph);
  return err;
}

template <bool Programmatic>
cudaError_t run_graph(sb_context *ctx, const sb_launch *launch, long long iters, int param, sb_run_sample *out) {
  if (iters < 1) return cudaErrorInvalidValue;
  SB_CHECK(prepare(ctx, launch));
  cudaGraphExec_t exec = nullptr;
  SB_CHECK(build_graph(ctx, launch, iters, param, Programmatic, &exec));
  cudaError_t err = cudaGraphUpload(exec, ctx->stream);
  if (err == cudaSuccess) err = sb_time_stream(ctx, out, [&]() { return cudaGraphLaunch(exec, ctx->stream); });
  cudaGraphExecDestroy(exec);
  SB_CHECK(err);
  return verify(ctx, launch, iters, out);
}

cudaError_t run_grid_sync(sb_context *ctx, const sb_launch *launch, long long iters, int param, sb_run_sample *out) {
  if (iters < 1) return cudaErrorInvalidValue;
  SB_CHECK(prepare(ctx, launch));
  SB_CHECK(sb_run_cooperative<sb_k_pdl_grid_sync>(ctx, launch, iters, param, out));
  return verify(ctx, launch, iters, out);
}

}  // namespace

// SASS: griddepcontrol.wait is ACQBULK and griddepcontrol.launch_dependents is PREEXIT on sm_90 (the mnemonics of
// cuobjdump's instruction set reference); every chain kernel must contain both.
static constexpr sb_workload kItems[] = {
    {.info = {.id = "pdl_plain",
              .family = "pdl",
              .op = "one dependent kernel of a chain, plain back-to-back launch (verified)",
              .expect_ptx = "griddepcontrol\\.wait",
              .expect_sass = "^(?=[\\s\\S]*ACQBULK)(?=[\\s\\S]*PREEXIT)",
              .min_cc = 90,
              .param_kind = SB_PARAM_PDL,
              .kernel = "sb_k_pdl_phase",
              .delta_iters = 128,
              .smoke = {.grid_blocks = 4, .param = 256 /* pdl: no trigger, 64 prologue FADDs */}},
     .run = run_launches<false>},
    {.info =
         {.id = "pdl_launch",
          .family = "pdl",
          .op =
              "one dependent kernel of a chain, programmatic dependent launch (cudaLaunchAttributeProgrammaticStreamSerialization, "
              "verified)",
          .expect_ptx = "^(?=[\\s\\S]*griddepcontrol\\.wait)(?=[\\s\\S]*griddepcontrol\\.launch_dependents)",
          .expect_sass = "^(?=[\\s\\S]*ACQBULK)(?=[\\s\\S]*PREEXIT)",
          .min_cc = 90,
          .param_kind = SB_PARAM_PDL,
          .kernel = "sb_k_pdl_phase",
          .delta_iters = 128,
          .smoke = {.grid_blocks = 4, .param = 257 /* pdl: early trigger, 64 prologue FADDs */}},
     .run = run_launches<true>},
    {.info = {.id = "pdl_graph",
              .family = "pdl",
              .op = "one kernel node of a CUDA graph chain, default edges (verified)",
              .expect_ptx = "griddepcontrol\\.wait",
              .expect_sass = "^(?=[\\s\\S]*ACQBULK)(?=[\\s\\S]*PREEXIT)",
              .min_cc = 90,
              .param_kind = SB_PARAM_PDL,
              .kernel = "sb_k_pdl_phase",
              .delta_iters = 128,
              .smoke = {.grid_blocks = 4}},
     .run = run_graph<false>},
    {.info = {.id = "pdl_graph_prog",
              .family = "pdl",
              .op = "one kernel node of a CUDA graph chain, programmatic edges (verified)",
              .expect_ptx = "griddepcontrol\\.wait",
              .expect_sass = "^(?=[\\s\\S]*ACQBULK)(?=[\\s\\S]*PREEXIT)",
              .min_cc = 90,
              .param_kind = SB_PARAM_PDL,
              .kernel = "sb_k_pdl_phase",
              .delta_iters = 128,
              .smoke = {.grid_blocks = 4, .param = 258 /* pdl: late trigger, 64 prologue FADDs */}},
     .run = run_graph<true>},
    {.info = {.id = "pdl_grid_sync",
              .family = "pdl",
              .op = "one phase of the same chain in one cooperative kernel, this_grid().sync() (verified)",
              .expect_ptx = "atom\\.add\\.release\\.gpu",
              .expect_sass = "ATOM|RED",
              .cooperative = 1,
              .min_cc = 90,
              .param_kind = SB_PARAM_PDL,
              .kernel = "sb_k_pdl_grid_sync",
              .delta_iters = 128,
              .smoke = {.grid_blocks = 4}},
     .run = run_grid_sync,
     .occupancy = sb_occupancy_of<sb_k_pdl_grid_sync>},
};
static_assert(sb_all_have_delta(kItems), "every workload states its default delta_iters > 0");
extern const sb_workload_table sb_pdl_table = {kItems, sizeof(kItems) / sizeof(kItems[0])};
