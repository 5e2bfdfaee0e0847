// flag_handoff.cu — ping-pong latency of a flag hand-off. One iteration is one round trip: side A waits for the
// flag to read 2i and publishes 2i+1; side B waits for 2i+1 and publishes 2i+2. Correct variants use
// cuda::atomic_ref loads with memory_order_acquire and stores with memory_order_release at the scope that contains
// both sides (the CUDA memory model: a scope that includes both producer and consumer):
//   handoff_warps  (1 block, 2 warps; lane 0 of each; flag in shared memory):   param = scope, at least block
//   handoff_blocks (2 blocks of one warp, cooperative launch; flag in global):  param = scope, at least device
//   handoff_host   (1 block and a host thread; flag in mapped pinned memory):   system scope only
// The *_volatile variants spin on volatile loads and stores: not synchronization in the CUDA memory model; measured
// only to show what they cost, labelled incorrect, never ranked or recommended.
// Every spin is bounded on %globaltimer (sb_kargs.timeout_ns): a partner that never runs becomes an error flag.
#include <cuda/atomic>

#include <atomic>
#include <chrono>
#include <thread>

#include "harness.cuh"

template <cuda::thread_scope S>
__device__ __forceinline__ bool sb_pingpong_atomic(int *flag, long long iters, bool side_a,
                                                   unsigned long long timeout_ns, sb_block_record *rec,
                                                   const sb_kargs &a) {
  cuda::atomic_ref<int, S> f(*flag);
  bool ok = true;
  sb_timed_rounds(a, [&](long long i) {
    if (!ok) return;
    const int want = static_cast<int>(side_a ? 2 * i : 2 * i + 1);
    const unsigned long long t0 = sb_globaltimer();
    unsigned spins = 0;
    while (f.load(cuda::memory_order_acquire) != want) {
      if ((++spins & 1023u) == 0 && sb_globaltimer() - t0 > timeout_ns) {
        ok = false;
        rec->error = 1;
        return;
      }
    }
    f.store(want + 1, cuda::memory_order_release);
  });
  return ok;
}

__device__ __forceinline__ void sb_pingpong_volatile(volatile int *flag, bool side_a, sb_block_record *rec,
                                                     const sb_kargs &a) {
  bool ok = true;
  sb_timed_rounds(a, [&](long long i) {
    if (!ok) return;
    const int want = static_cast<int>(side_a ? 2 * i : 2 * i + 1);
    const unsigned long long t0 = sb_globaltimer();
    unsigned spins = 0;
    while (*flag != want) {
      if ((++spins & 1023u) == 0 && sb_globaltimer() - t0 > a.timeout_ns) {
        ok = false;
        rec->error = 1;
        return;
      }
    }
    *flag = want + 1;
  });
}

template <cuda::thread_scope S>
__device__ void sb_pingpong_dispatch(int *flag, bool side_a, const sb_kargs &a) {
  sb_pingpong_atomic<S>(flag, a.iters, side_a, a.timeout_ns, &a.rec[blockIdx.x], a);
}

__device__ void sb_pingpong_scoped(int *flag, bool side_a, const sb_kargs &a) {
  if (a.param == 0)
    sb_pingpong_dispatch<cuda::thread_scope_block>(flag, side_a, a);
  else if (a.param == 1)
    sb_pingpong_dispatch<cuda::thread_scope_device>(flag, side_a, a);
  else
    sb_pingpong_dispatch<cuda::thread_scope_system>(flag, side_a, a);
}

// Block of 64 threads: lane 0 of warp 0 is side A, lane 0 of warp 1 is side B. Thread 0 records the timing.
__global__ void sb_k_handoff_warps(sb_kargs a) {
  __shared__ int flag;
  if (threadIdx.x == 0) flag = 0;
  __syncthreads();
  if ((threadIdx.x & 31) != 0 || threadIdx.x >= 64) return;
  sb_pingpong_scoped(&flag, threadIdx.x == 0, a);
}

__global__ void sb_k_handoff_warps_volatile(sb_kargs a) {
  __shared__ int flag;
  if (threadIdx.x == 0) flag = 0;
  __syncthreads();
  if ((threadIdx.x & 31) != 0 || threadIdx.x >= 64) return;
  sb_pingpong_volatile(&flag, threadIdx.x == 0, &a.rec[blockIdx.x], a);
}

// Two blocks (cooperative launch, so both are resident): thread 0 of block 0 is side A, of block 1 side B.
__global__ void sb_k_handoff_blocks(sb_kargs a) {
  if (threadIdx.x != 0) return;
  sb_pingpong_scoped(static_cast<int *>(a.scratch), blockIdx.x == 0, a);
}

__global__ void sb_k_handoff_blocks_volatile(sb_kargs a) {
  if (threadIdx.x != 0) return;
  sb_pingpong_volatile(static_cast<volatile int *>(a.scratch), blockIdx.x == 0, &a.rec[blockIdx.x], a);
}

// One GPU thread is side A; a host thread (run_handoff_host) is side B.
__global__ void sb_k_handoff_host(sb_kargs a) {
  if (threadIdx.x != 0 || blockIdx.x != 0) return;
  sb_pingpong_dispatch<cuda::thread_scope_system>(static_cast<int *>(a.host_flag), true, a);
}

static cudaError_t reset_device_flag(sb_context *ctx) {
  SB_CHECK(sb_ensure_scratch(ctx, 4096));
  return cudaMemsetAsync(ctx->d_scratch, 0, sizeof(int), ctx->stream);
}

template <sb_kernel_fn K>
static cudaError_t run_blocks(sb_context *ctx, const sb_launch *launch, long long iters, int param,
                              sb_run_sample *out) {
  SB_CHECK(reset_device_flag(ctx));
  return sb_run_cooperative<K>(ctx, launch, iters, param, out);
}

static cudaError_t run_host(sb_context *ctx, const sb_launch *launch, long long iters, int param, sb_run_sample *out) {
  if (!ctx->h_flag) {
    SB_CHECK(cudaHostAlloc(&ctx->h_flag, 4096, cudaHostAllocMapped));
    SB_CHECK(cudaHostGetDevicePointer(&ctx->d_host_flag, ctx->h_flag, 0));
  }
  std::atomic_ref<int> flag(*static_cast<int *>(ctx->h_flag));
  flag.store(0);
  std::atomic<bool> gave_up(false);
  std::thread partner([&]() {
    const auto deadline_per_wait = std::chrono::seconds(3);
    for (long long i = 0; i < iters; ++i) {
      const int want = static_cast<int>(2 * i + 1);
      const auto t0 = std::chrono::steady_clock::now();
      while (flag.load(std::memory_order_acquire) != want) {
        if (std::chrono::steady_clock::now() - t0 > deadline_per_wait) {
          gave_up = true;
          return;
        }
      }
      flag.store(want + 1, std::memory_order_release);
    }
  });
  const cudaError_t err = sb_run_loop<sb_k_handoff_host>(ctx, launch, iters, param, out);
  partner.join();
  if (gave_up) out->timed_out = 1;
  return err;
}

static constexpr sb_workload kItems[] = {
    {.info = {.id = "handoff_warps",
              .family = "flags",
              .op = "one flag round trip between two warps (release/acquire)",
              .expect_ptx = "st\\.release\\.(cta|gpu|sys)",
              .expect_sass = "",
              .min_cc = 75,
              .param_kind = SB_PARAM_SCOPE,
              .kernel = "sb_k_handoff_warps",
              .delta_iters = 2048,
              .smoke = {.grid_blocks = 1, .threads_per_block = 64}},
     .run = sb_run_loop<sb_k_handoff_warps>},
    {.info = {.id = "handoff_blocks",
              .family = "flags",
              .op = "one flag round trip between two blocks (release/acquire)",
              .expect_ptx = "st\\.release\\.(gpu|sys)",
              .expect_sass = "",
              .cooperative = 1,
              .min_cc = 75,
              .param_kind = SB_PARAM_SCOPE,
              .kernel = "sb_k_handoff_blocks",
              .delta_iters = 1024,
              .smoke = {.grid_blocks = 2, .threads_per_block = 32, .param = 1}},
     .run = run_blocks<sb_k_handoff_blocks>,
     .occupancy = sb_occupancy_of<sb_k_handoff_blocks>},
    {.info = {.id = "handoff_host",
              .family = "flags",
              .op = "one flag round trip between the GPU and a host thread (system scope)",
              .expect_ptx = "st\\.release\\.sys",
              .expect_sass = "",
              .min_cc = 75,
              .param_kind = SB_PARAM_SCOPE,
              .kernel = "sb_k_handoff_host",
              .delta_iters = 256,
              .smoke = {.grid_blocks = 1, .threads_per_block = 32, .param = 2}},
     .run = run_host},
    {.info = {.id = "handoff_warps_volatile",
              .family = "flags",
              .op = "one volatile-flag round trip between two warps (INCORRECT)",
              .expect_ptx = "st\\.volatile",
              .expect_sass = "",
              .min_cc = 75,
              .param_kind = SB_PARAM_NONE,
              .unsafe = SB_UNSAFE_INCORRECT,
              .kernel = "sb_k_handoff_warps_volatile",
              .delta_iters = 2048,
              .smoke = {.grid_blocks = 1, .threads_per_block = 64}},
     .run = sb_run_loop<sb_k_handoff_warps_volatile>},
    {.info = {.id = "handoff_blocks_volatile",
              .family = "flags",
              .op = "one volatile-flag round trip between two blocks (INCORRECT)",
              .expect_ptx = "st\\.volatile",
              .expect_sass = "",
              .cooperative = 1,
              .min_cc = 75,
              .param_kind = SB_PARAM_NONE,
              .unsafe = SB_UNSAFE_INCORRECT,
              .kernel = "sb_k_handoff_blocks_volatile",
              .delta_iters = 1024,
              .smoke = {.grid_blocks = 2, .threads_per_block = 32}},
     .run = run_blocks<sb_k_handoff_blocks_volatile>,
     .occupancy = sb_occupancy_of<sb_k_handoff_blocks_volatile>},
};
static_assert(sb_all_have_delta(kItems), "every workload states its default delta_iters > 0");
extern const sb_workload_table sb_flags_table = {kItems, sizeof(kItems) / sizeof(kItems[0])};
