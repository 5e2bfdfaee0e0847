// harness.cuh — the shared timing harness of every kernel family (device side and host side).
//
// Device side: every timed kernel takes one `sb_kargs` by value and runs `iters` units of its primitive inside
// `sb_timed_loop`, which
//   * `sb_timed_back_to_back<U>` (the primitive back to back, U unrolled copies per iteration) or `sb_timed_rounds`
//     (one round of a protocol per iteration), both timed with clock64() and %globaltimer around the whole loop,
//   * kernels that compute a value (FADD chains) store it behind `sink_flag`, a launch argument that is always 0 at
//     run time but that the compiler cannot prove false (docs/methods.md, "Keeping the loop alive").
// Host side: `sb_launch_timed` launches one kernel between two CUDA events (optionally cooperative and/or with a
// cluster dimension), waits, and reduces the per-block records into one sb_run_sample; `sb_time_stream` times any
// sequence of launches enqueued by a callback (multi-launch workloads: kernel boundaries, phases as two kernels).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "sb_abi.h"

// Arguments of every timed kernel.
struct sb_kargs {
  long long iters;                // units of the primitive to run
  int param;                      // workload parameter (sb_workload_info.param_kind)
  int sink_flag;                  // always 0 at run time: guards the keep-alive store
  sb_block_record *rec;           // one record per block
  void *scratch;                  // device scratch (fences, flags, payloads)
  void *host_flag;                // device pointer to mapped pinned host memory (GPU <-> host hand-off)
  unsigned long long timeout_ns;  // bound on every spin-wait, on %globaltimer
};

// Per-device state shared by all families (defined here so every family file can use it).
struct sb_graph_cache_entry {
  long long iters;
  unsigned grid_blocks, threads_per_block;
  cudaGraphExec_t exec;
};

struct sb_context {
  int device = 0;
  cudaStream_t stream = nullptr;
  cudaEvent_t ev_start = nullptr, ev_stop = nullptr;
  sb_block_record *d_records = nullptr;
  sb_block_record *h_records = nullptr;  // pinned mirror
  unsigned records_capacity = 0;
  void *d_scratch = nullptr;
  size_t scratch_bytes = 0;
  void *h_flag = nullptr;  // mapped pinned host memory for GPU <-> host hand-off
  void *d_host_flag = nullptr;
  int *h_verify = nullptr;  // pinned buffer for verification read-back
  size_t verify_capacity = 0;
  sb_graph_cache_entry graphs[8] = {};  // instantiated CUDA graphs, reused between runs
  int graph_next = 0;
};

// Time out bound of a spin-wait (2 s on %globaltimer): a partner that never arrives turns into an error, not a hang.
constexpr unsigned long long SB_SPIN_TIMEOUT_NS = 2000000000ull;

__device__ __forceinline__ unsigned long long sb_globaltimer() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// The two timing bodies (docs/methods.md, "The timed body"). Both read clock64() and %globaltimer only around the
// whole loop (thread 0 of each block writes them to its sb_block_record); nothing else is read or accumulated per
// iteration. The cycles written to the record are the keep-alive: they are a product of the loop, always stored,
// so no loop can be optimised away and nothing is added between two copies of the primitive.

// Back to back: `iters` copies of `body()`, as iters / U iterations of U unrolled copies with nothing between them
// (no clock read, no accumulation, no loop control), then iters % U copies in a rolled tail. The difference of two
// iteration counts (point_runner.h) cancels the launch, the tail and the loop control, which costs a few cycles per
// U copies. U = SB_UNROLL keeps the body of a one-instruction primitive (BAR.SYNC: 16 bytes of SASS) at 1 KiB, well
// inside the instruction cache, while loop control is under 0.1 cycle per copy; both public suites use about 100
// (SyncPerformance N_UNROLL = 100, SyncMicrobenchmark 128). Long primitives whose inlined code is large (grid.sync,
// cluster.sync: tens of instructions each) use SB_UNROLL_LONG.
constexpr int SB_UNROLL = 64;
constexpr int SB_UNROLL_LONG = 16;

// Copies per iteration for a body of about `instrs` instructions: SB_UNROLL, fewer for long bodies so that one
// iteration stays near 512 instructions (8 KiB of SASS).
__host__ __device__ constexpr int sb_unroll_for(int instrs) {
  const int u = 512 / (instrs < 1 ? 1 : instrs);
  return u < 1 ? 1 : (u > SB_UNROLL ? SB_UNROLL : u);
}

template <int U, class Body>
__device__ __forceinline__ void sb_timed_back_to_back(const sb_kargs &a, Body body) {
  const long long bodies = a.iters / U;
  const long long tail = a.iters % U;
  const unsigned long long g0 = sb_globaltimer();
  const long long c0 = clock64();
  for (long long i = 0; i < bodies; ++i) {
#pragma unroll
    for (int k = 0; k < U; ++k) body();
  }
  for (long long i = 0; i < tail; ++i) body();
  const long long c1 = clock64();
  const unsigned long long g1 = sb_globaltimer();
  if (threadIdx.x == 0) {
    a.rec[blockIdx.x].cycles = c1 - c0;
    a.rec[blockIdx.x].globaltimer_ns = g1 - g0;
  }
}

// Rounds: `body(i)` for i in [0, iters), for workloads whose unit is not one primitive back to back on purpose
// (a flag round trip, a verified hand-off round, a phase with its payload, arrive / work / wait). Their Methods text
// says what one round contains.
template <class Body>
__device__ __forceinline__ void sb_timed_rounds(const sb_kargs &a, Body body) {
  const unsigned long long g0 = sb_globaltimer();
  const long long c0 = clock64();
  for (long long i = 0; i < a.iters; ++i) body(i);
  const long long c1 = clock64();
  const unsigned long long g1 = sb_globaltimer();
  if (threadIdx.x == 0) {
    a.rec[blockIdx.x].cycles = c1 - c0;
    a.rec[blockIdx.x].globaltimer_ns = g1 - g0;
  }
}

// A chain of N dependent FADDs on x (asm volatile: kept as written, never fused or folded).
template <int N>
__device__ __forceinline__ float sb_fadd_chain(float x, float y) {
#pragma unroll
  for (int k = 0; k < N; ++k) asm volatile("add.f32 %0, %0, %1;" : "+f"(x) : "f"(y));
  return x;
}

// Dependent FADD chain of run-time length (rounded down to a multiple of 8; used as "work between" by workloads).
__device__ __forceinline__ float sb_fadd_work(float x, float y, int n) {
  for (int k = 0; k + 8 <= n; k += 8) x = sb_fadd_chain<8>(x, y);
  return x;
}

// ---- host side -------------------------------------------------------------------------------------------------

#define SB_CHECK(expr)                          \
  do {                                          \
    cudaError_t sb_err_ = (expr);               \
    if (sb_err_ != cudaSuccess) return sb_err_; \
  } while (0)

struct sb_launch_opts {
  bool cooperative = false;
  unsigned cluster_size = 0;       // x dimension of cudaLaunchAttributeClusterDimension
  bool cluster_attribute = false;  // set cudaLaunchAttributeClusterDimension (sb_launch.cluster_attribute)
};

// Makes the per-block record buffer at least `blocks` long and zeroes it (outside the timed region).
cudaError_t sb_prepare_records(sb_context *ctx, unsigned blocks);

// Reduces the records of `blocks` blocks into `out` (mean cycles, block 0's globaltimer, errors, mismatches).
cudaError_t sb_collect_records(sb_context *ctx, unsigned blocks, sb_run_sample *out);

// Fills the common kernel arguments.
sb_kargs sb_make_kargs(sb_context *ctx, long long iters, int param);

// Launches `kernel(args)` once between the context's two events, waits, and fills `out` (elapsed_ms from events,
// cycles and globaltimer from the records). Grid, block and shared memory come from `launch`.
cudaError_t sb_launch_timed(sb_context *ctx, void (*kernel)(sb_kargs), const sb_launch *launch, const sb_kargs &args,
                            const sb_launch_opts &opts, sb_run_sample *out);

// Sets the function attributes a launch of this shape needs (dynamic shared memory above 48 KiB, cluster sizes
// above 8). Called before a timed region opens, never inside it; sb_launch_timed calls it itself, multi-launch
// workloads call it once before sb_time_stream.
cudaError_t sb_prepare_kernel(void (*kernel)(sb_kargs), const sb_launch *launch, const sb_launch_opts &opts);

// Launches `kernel(args)` without timing (used inside multi-launch workloads, after sb_prepare_kernel).
cudaError_t sb_launch_plain(sb_context *ctx, void (*kernel)(sb_kargs), const sb_launch *launch, const sb_kargs &args,
                            const sb_launch_opts &opts);

// Times whatever `enqueue()` puts into the context's stream between the two events (CUDA-event time in
// out->elapsed_ms; no clock64 figure: cycles, block0_cycles and globaltimer_ns are set to -1). `enqueue` returns a
// cudaError_t; the stream is drained before the first event so earlier work is not counted.
template <class Enqueue>
cudaError_t sb_time_stream(sb_context *ctx, sb_run_sample *out, Enqueue enqueue) {
  SB_CHECK(cudaStreamSynchronize(ctx->stream));
  SB_CHECK(cudaEventRecord(ctx->ev_start, ctx->stream));
  SB_CHECK(enqueue());
  SB_CHECK(cudaEventRecord(ctx->ev_stop, ctx->stream));
  SB_CHECK(cudaEventSynchronize(ctx->ev_stop));
  SB_CHECK(cudaGetLastError());
  float ms = 0;
  SB_CHECK(cudaEventElapsedTime(&ms, ctx->ev_start, ctx->ev_stop));
  out->elapsed_ms = ms;
  out->cycles = -1;
  out->block0_cycles = -1;
  out->globaltimer_ns = -1;
  return cudaSuccess;
}

// Default occupancy query: blocks per SM for `kernel` (cudaOccupancyMaxActiveBlocksPerMultiprocessor).
cudaError_t sb_kernel_occupancy(void (*kernel)(sb_kargs), unsigned threads_per_block, unsigned dynamic_smem_bytes,
                                int *blocks_per_sm);

// Makes sure the scratch buffer holds at least `bytes` (grown, never shrunk; contents undefined). Growing it frees
// the old buffer, so every cached CUDA graph (whose kernel nodes hold the old pointer) is destroyed with it.
cudaError_t sb_ensure_scratch(sb_context *ctx, size_t bytes);

// Workload table entry (one per measurable thing; every family file defines a table of these).
using sb_run_fn = cudaError_t (*)(sb_context *, const sb_launch *, long long, int, sb_run_sample *);
using sb_occupancy_fn = cudaError_t (*)(unsigned, unsigned, int, int *);
using sb_kernel_fn = void (*)(sb_kargs);

struct sb_workload {
  sb_workload_info info;
  sb_run_fn run;
  sb_occupancy_fn occupancy;    // may be null: not a co-residency-limited workload
  sb_kernel_fn cluster_kernel;  // cluster workloads: the kernel for cudaOccupancyMaxActiveClusters
};

// One table per family file.
struct sb_workload_table {
  const sb_workload *items;
  int count;
};

// Whether every entry of a workload table states its default Δ (sb_workload_info.delta_iters > 0). Every family file
// static_asserts it beside its kItems, so a workload without one does not compile.
template <class Item, std::size_t N>
constexpr bool sb_all_have_delta(const Item (&items)[N]) {
  for (const Item &item : items) {
    if (item.info.delta_iters <= 0) return false;
  }
  return true;
}

// Run and occupancy functions for the common case: one timed launch of one kernel.
// Destroys every instantiated graph of the context's cache.
void sb_clear_graphs(sb_context *ctx);

template <sb_kernel_fn K>
cudaError_t sb_run_loop(sb_context *ctx, const sb_launch *launch, long long iters, int param, sb_run_sample *out) {
  sb_launch_opts opts;
  opts.cluster_size = launch->cluster_size;
  opts.cluster_attribute = launch->cluster_attribute != 0;
  return sb_launch_timed(ctx, K, launch, sb_make_kargs(ctx, iters, param), opts, out);
}

template <sb_kernel_fn K>
cudaError_t sb_run_cooperative(sb_context *ctx, const sb_launch *launch, long long iters, int param,
                               sb_run_sample *out) {
  sb_launch_opts opts;
  opts.cooperative = true;
  return sb_launch_timed(ctx, K, launch, sb_make_kargs(ctx, iters, param), opts, out);
}

template <sb_kernel_fn K>
cudaError_t sb_occupancy_of(unsigned threads_per_block, unsigned dynamic_smem_bytes, int, int *blocks_per_sm) {
  return sb_kernel_occupancy(K, threads_per_block, dynamic_smem_bytes, blocks_per_sm);
}
