// harness.cuh — the shared timing harness of every kernel family (device side and host side).
//
// Device side: every timed kernel takes one `sb_kargs` by value and runs `iters` units of its primitive inside
// `sb_timed_loop`, which
//   * reads clock64() and %globaltimer around the loop (thread 0 of each block writes them to its sb_block_record),
//   * accumulates clock64() once per iteration and stores the sum behind `sink_flag`, a launch argument that is
//     always 0 at run time but that the compiler cannot prove false, so no loop is optimised away (DESIGN.md §2).
// Host side: `sb_launch_timed` launches one kernel between two CUDA events (optionally cooperative and/or with a
// cluster dimension), waits, and reduces the per-block records into one sb_run_sample.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "sb_abi.h"

// Arguments of every timed kernel.
struct sb_kargs {
  long long iters;                  // units of the primitive to run
  int param;                        // workload parameter (sb_workload_info.param_kind)
  int sink_flag;                    // always 0 at run time: guards the keep-alive store
  sb_block_record *rec;             // one record per block
  void *scratch;                    // device scratch (fences, flags, payloads)
  void *host_flag;                  // device pointer to mapped pinned host memory (GPU <-> host hand-off)
  unsigned long long timeout_ns;    // bound on every spin-wait, on %globaltimer
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
  sb_block_record *h_records = nullptr;   // pinned mirror
  unsigned records_capacity = 0;
  void *d_scratch = nullptr;
  size_t scratch_bytes = 0;
  void *h_flag = nullptr;                 // mapped pinned host memory for GPU <-> host hand-off
  void *d_host_flag = nullptr;
  int *h_verify = nullptr;                // pinned buffer for verification read-back
  size_t verify_capacity = 0;
  sb_graph_cache_entry graphs[8] = {};    // instantiated CUDA graphs, reused between runs
  int graph_next = 0;
};

// Time out bound of a spin-wait (2 s on %globaltimer): a partner that never arrives turns into an error, not a hang.
constexpr unsigned long long SB_SPIN_TIMEOUT_NS = 2000000000ull;

__device__ __forceinline__ unsigned long long sb_globaltimer() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// Runs `body(i)` for i in [0, iters), timing the loop on thread 0 of the block.
template <class Body>
__device__ __forceinline__ void sb_timed_loop(const sb_kargs &a, Body body) {
  long long acc = 0;
  const unsigned long long g0 = sb_globaltimer();
  const long long c0 = clock64();
  for (long long i = 0; i < a.iters; ++i) {
    acc += clock64();
    body(i);
  }
  const long long c1 = clock64();
  const unsigned long long g1 = sb_globaltimer();
  if (threadIdx.x == 0) {
    a.rec[blockIdx.x].cycles = c1 - c0;
    a.rec[blockIdx.x].globaltimer_ns = g1 - g0;
  }
  if (a.sink_flag) a.rec[blockIdx.x].sink = acc;
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

struct sb_launch_opts {
  bool cooperative = false;
  unsigned cluster_size = 0;   // 0/1: none
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

// Launches `kernel(args)` without timing (used inside multi-launch workloads).
cudaError_t sb_launch_plain(sb_context *ctx, void (*kernel)(sb_kargs), const sb_launch *launch, const sb_kargs &args,
                            const sb_launch_opts &opts);

// Default occupancy query: blocks per SM for `kernel` (cudaOccupancyMaxActiveBlocksPerMultiprocessor).
cudaError_t sb_kernel_occupancy(void (*kernel)(sb_kargs), unsigned threads_per_block, unsigned dynamic_smem_bytes,
                                int *blocks_per_sm);

// Makes sure the scratch buffer holds at least `bytes` (grown, never shrunk; contents undefined).
cudaError_t sb_ensure_scratch(sb_context *ctx, size_t bytes);

// Workload table entry (one per measurable thing; every family file defines a table of these).
using sb_run_fn = cudaError_t (*)(sb_context *, const sb_launch *, long long, int, sb_run_sample *);
using sb_occupancy_fn = cudaError_t (*)(unsigned, unsigned, int, int *);
using sb_kernel_fn = void (*)(sb_kargs);

struct sb_workload {
  sb_workload_info info;
  sb_run_fn run;
  sb_occupancy_fn occupancy;   // may be null: not a co-residency-limited workload
  sb_kernel_fn cluster_kernel; // cluster workloads: the kernel for cudaOccupancyMaxActiveClusters
};

// One table per family file.
struct sb_workload_table {
  const sb_workload *items;
  int count;
};

#define SB_CHECK(expr)                        \
  do {                                        \
    cudaError_t sb_err_ = (expr);             \
    if (sb_err_ != cudaSuccess) return sb_err_; \
  } while (0)

// Run and occupancy functions for the common case: one timed launch of one kernel.
template <sb_kernel_fn K>
cudaError_t sb_run_loop(sb_context *ctx, const sb_launch *launch, long long iters, int param, sb_run_sample *out) {
  sb_launch_opts opts;
  opts.cluster_size = launch->cluster_size;
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
