// pipeline.cu — one stage of a producer/consumer pipeline inside a block (sm_90): warp 0 is the producer, warps
// 1..C the consumers, S stage buffers of P bytes in dynamic shared memory. One unit is one stage: the producer fills
// stage i mod S with chunk i mod R of a global source, the consumers read all of it (16-byte vectors, summed into a
// per-thread checksum that the host verifies) and release the stage. Four ways to hand a stage over:
//   pipe_syncthreads: (a) the producer copies with ld.global/st.shared one stage ahead; one __syncthreads() per
//                     stage (double buffering when S = 2).
//   pipe_cp_async:    (b) the producer's 32 lanes issue cp.async (16 B each) and cp.async.mbarrier.arrive.noinc on
//                     the stage's full mbarrier; consumers wait on it (try_wait.parity) and arrive on its empty one.
//                     This is what cuda::barrier + cuda::memcpy_async lowers to on sm_80.
//   pipe_tma:         (c) one producer thread: mbarrier.arrive.expect_tx(P) on the full barrier and one bulk copy
//                     cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes of P bytes (TMA); consumers
//                     wait on full, read, arrive on empty (one arrival per consumer warp).
//   pipe_tma_spin:    (c) with every wait polling mbarrier.test_wait instead of try_wait (which may suspend the
//                     thread until the phase completes): what try_wait's suspend and wake-up cost per stage.
//   pipe_named:       (d) ld/st copy as (a), handed over with named barriers: bar.arrive full_s / bar.sync full_s,
//                     bar.arrive empty_s / bar.sync empty_s (ids 1..4 and 5..8), 32 (C + 1) threads each.
// The same copies with no hand-off (copy_ldst, copy_cp_async, copy_tma: the producer alone, S stages in flight)
// are the baselines that separate the synchronization from the copy time; copy_ldst_resident (the diagnostic of
// copy_ldst with the consumer warps resident, not exited) checks the ld/st baseline. With P = 0 nothing is copied and a
// stage is synchronization only; consumers then check that they passed every stage.
//
// param = P / 16 (bits 0..12, P <= 65536) | S << 13 (2..4) | C << 16 (1..15); blockDim.x must be 32 (C + 1).
#include <cstring>

#include "hopper.cuh"
#include "verify.cuh"

namespace {

constexpr int kChunks = 8;  // R: distinct source chunks (does not divide any S, so a stale stage fails the check)
constexpr int kMaxStages = 4;

struct PipeShape {
  unsigned payload_bytes;
  unsigned stages;
  unsigned consumer_warps;
};

__host__ __device__ __forceinline__ PipeShape decode(int param) {
  return {static_cast<unsigned>(param & 0x1FFF) * 16u, static_cast<unsigned>((param >> 13) & 7),
          static_cast<unsigned>((param >> 16) & 15)};
}

#if SB_SM90

// Scratch layout: [source: kChunks x P bytes][checksums: grid x 32 C unsigned].
struct PipeView {
  const unsigned char *src;
  unsigned *sums;
};

__device__ __forceinline__ PipeView view(const sb_kargs &a, const PipeShape &s) {
  unsigned char *base = static_cast<unsigned char *>(a.scratch);
  return {base, reinterpret_cast<unsigned *>(base + static_cast<size_t>(kChunks) * s.payload_bytes)};
}

__device__ __forceinline__ uint4 ld_global_v4(const void *p) {
  uint4 v;
  asm volatile("ld.global.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
               : "l"(p)
               : "memory");
  return v;
}

__device__ __forceinline__ void st_shared_v4(void *p, uint4 v) {
  asm volatile("st.shared.v4.u32 [%0], {%1, %2, %3, %4};" ::"r"(sb_smem_addr(p)), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w)
               : "memory");
}

// The producer warp's plain copy of chunk `i mod R` into `dst`, lane-strided 16-byte vectors.
__device__ __forceinline__ void copy_ldst(const PipeView &v, const PipeShape &s, long long i, unsigned char *dst) {
  const unsigned char *src = v.src + static_cast<size_t>(i % kChunks) * s.payload_bytes;
  for (unsigned off = (threadIdx.x & 31) * 16; off < s.payload_bytes; off += 32 * 16) {
    st_shared_v4(dst + off, ld_global_v4(src + off));
  }
}

__device__ __forceinline__ void copy_cp_async(const PipeView &v, const PipeShape &s, long long i, unsigned char *dst) {
  const unsigned char *src = v.src + static_cast<size_t>(i % kChunks) * s.payload_bytes;
  for (unsigned off = (threadIdx.x & 31) * 16; off < s.payload_bytes; off += 32 * 16) {
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(sb_smem_addr(dst + off)), "l"(src + off) : "memory");
  }
}

__device__ __forceinline__ void copy_tma(const PipeView &v, const PipeShape &s, long long i, unsigned char *dst,
                                         unsigned long long *full) {
  const unsigned char *src = v.src + static_cast<size_t>(i % kChunks) * s.payload_bytes;
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
                   sb_smem_addr(dst)),
               "l"(src), "r"(s.payload_bytes), "r"(sb_smem_addr(full))
               : "memory");
}

// A consumer thread's read of one stage: its 16-byte vectors, summed, plus one for the stage itself.
__device__ __forceinline__ unsigned consume(const PipeShape &s, const unsigned char *buf, unsigned consumer) {
  unsigned acc = 1;
  const unsigned stride = 32 * s.consumer_warps * 16;
  for (unsigned off = consumer * 16; off < s.payload_bytes; off += stride) {
    const uint4 q = *reinterpret_cast<const uint4 *>(buf + off);
    acc += q.x + q.y + q.z + q.w;
  }
  return acc;
}

__device__ __forceinline__ void store_sum(const PipeView &v, const PipeShape &s, unsigned consumer, unsigned acc) {
  v.sums[static_cast<size_t>(blockIdx.x) * 32 * s.consumer_warps + consumer] = acc;
}

#endif  // SB_SM90

}  // namespace

extern __shared__ __align__(128) unsigned char sb_pipe_smem[];

__global__ void sb_k_pipe_syncthreads(sb_kargs a) {
#if SB_SM90
  const PipeShape s = decode(a.param);
  const PipeView v = view(a, s);
  const bool producer = threadIdx.x < 32;
  const unsigned consumer = threadIdx.x - 32;
  unsigned acc = 0;
  if (producer) copy_ldst(v, s, 0, sb_pipe_smem);
  const sb_stateful_clock t = sb_stateful_begin();
  for (long long i = 0; i < a.iters; ++i) {
    if (producer) {
      copy_ldst(v, s, i + 1, sb_pipe_smem + static_cast<size_t>((i + 1) % s.stages) * s.payload_bytes);
    } else {
      acc += consume(s, sb_pipe_smem + static_cast<size_t>(i % s.stages) * s.payload_bytes, consumer);
    }
    __syncthreads();
  }
  sb_stateful_end(a, t, 0);
  if (!producer) store_sum(v, s, consumer, acc);
#else
  __trap();  // never launched: the host refuses the pipeline below compute capability 9.0
#endif
}

__global__ void sb_k_pipe_cp_async(sb_kargs a) {
#if SB_SM90
  __shared__ unsigned long long full[kMaxStages], empty[kMaxStages];
  const PipeShape s = decode(a.param);
  const PipeView v = view(a, s);
  if (threadIdx.x == 0) {
    for (unsigned k = 0; k < s.stages; ++k) {
      sb_mbar_init(&full[k], 32);  // one noinc cp.async arrival per producer lane
      sb_mbar_init(&empty[k], s.consumer_warps);
    }
    sb_fence_mbar_init();
  }
  int error = 0;
  unsigned acc = 0;
  const bool producer = threadIdx.x < 32;
  const unsigned consumer = threadIdx.x - 32;
  const sb_stateful_clock t = sb_stateful_begin();
  for (long long i = 0; i < a.iters; ++i) {
    const unsigned k = static_cast<unsigned>(i % s.stages);
    const unsigned phase = static_cast<unsigned>((i / s.stages) & 1);
    unsigned char *buf = sb_pipe_smem + static_cast<size_t>(k) * s.payload_bytes;
    if (producer) {
      if (i >= s.stages) sb_mbar_wait(a, &empty[k], phase ^ 1, &error);
      copy_cp_async(v, s, i, buf);
      asm volatile("cp.async.mbarrier.arrive.noinc.shared::cta.b64 [%0];" ::"r"(sb_smem_addr(&full[k])) : "memory");
    } else {
      sb_mbar_wait(a, &full[k], phase, &error);
      acc += consume(s, buf, consumer);
      __syncwarp();
      if ((threadIdx.x & 31) == 0) sb_mbar_arrive(&empty[k]);
    }
  }
  sb_stateful_end(a, t, error);
  if (!producer) store_sum(v, s, consumer, acc);
#else
  __trap();
#endif
}

#if SB_SM90

// mbarrier.test_wait: the non-blocking test of a phase (PTX ISA, mbarrier.test_wait), polled by pipe_tma_spin.
__device__ __forceinline__ bool mbar_test_wait(unsigned long long *bar, unsigned parity) {
  unsigned ok;
  asm volatile(
      "{\n\t.reg .pred p;\n\tmbarrier.test_wait.parity.shared::cta.b64 p, [%1], %2;\n\tselp.u32 %0, 1, 0, p;\n\t}"
      : "=r"(ok)
      : "r"(sb_smem_addr(bar)), "r"(parity)
      : "memory");
  return ok != 0;
}

// Waits for the phase with parity `parity`: sb_mbar_wait (try_wait), or with Spin a test_wait poll with the same
// bounded timeout on %globaltimer.
template <bool Spin>
__device__ __forceinline__ void pipe_wait(const sb_kargs &a, unsigned long long *bar, unsigned parity, int *error) {
  if (!Spin) return sb_mbar_wait(a, bar, parity, error);
  if (*error || mbar_test_wait(bar, parity)) return;
  const unsigned long long t0 = sb_globaltimer();
  while (!mbar_test_wait(bar, parity)) {
    if (sb_globaltimer() - t0 > a.timeout_ns) {
      *error = 1;
      return;
    }
  }
}

#endif  // SB_SM90

// The TMA pipeline. Spin (pipe_tma_spin): every wait polls mbarrier.test_wait (never suspends) instead of
// try_wait, which may suspend the thread until the phase completes or a time limit passes; the difference of the two
// is what the suspend-and-wake of try_wait costs per stage.
template <bool Spin>
__device__ __forceinline__ void pipe_tma(const sb_kargs &a) {
#if SB_SM90
  __shared__ unsigned long long full[kMaxStages], empty[kMaxStages];
  const PipeShape s = decode(a.param);
  const PipeView v = view(a, s);
  if (threadIdx.x == 0) {
    for (unsigned k = 0; k < s.stages; ++k) {
      sb_mbar_init(&full[k], 1);  // the producer's arrive.expect_tx; the bytes complete the transaction count
      sb_mbar_init(&empty[k], s.consumer_warps);
    }
    sb_fence_mbar_init();
  }
  int error = 0;
  unsigned acc = 0;
  const bool producer = threadIdx.x < 32;
  const unsigned consumer = threadIdx.x - 32;
  const sb_stateful_clock t = sb_stateful_begin();
  for (long long i = 0; i < a.iters; ++i) {
    const unsigned k = static_cast<unsigned>(i % s.stages);
    const unsigned phase = static_cast<unsigned>((i / s.stages) & 1);
    unsigned char *buf = sb_pipe_smem + static_cast<size_t>(k) * s.payload_bytes;
    if (producer) {
      if (threadIdx.x == 0) {
        if (i >= s.stages) pipe_wait<Spin>(a, &empty[k], phase ^ 1, &error);
        if (s.payload_bytes > 0) {
          sb_mbar_arrive_expect_tx(&full[k], s.payload_bytes);
          copy_tma(v, s, i, buf, &full[k]);
        } else {
          sb_mbar_arrive(&full[k]);
        }
      }
    } else {
      pipe_wait<Spin>(a, &full[k], phase, &error);
      acc += consume(s, buf, consumer);
      __syncwarp();
      if ((threadIdx.x & 31) == 0) sb_mbar_arrive(&empty[k]);
    }
  }
  sb_stateful_end(a, t, error);
  if (!producer) store_sum(v, s, consumer, acc);
#else
  __trap();
#endif
}

__global__ void sb_k_pipe_tma(sb_kargs a) { pipe_tma<false>(a); }

__global__ void sb_k_pipe_tma_spin(sb_kargs a) { pipe_tma<true>(a); }

// The named-barrier pipeline. CopyTime (the diagnostic pipe_named_copytime): the producer's lane 0 also sums
// clock64() around each of its copies and reports that sum as the block's cycles (so the difference of two
// iteration counts is the producer's own copy time per stage inside the pipeline, to set against copy_ldst's
// cycles); the block's %globaltimer is then not reported, since it no longer spans the same interval.
template <bool CopyTime>
__device__ __forceinline__ void pipe_named(const sb_kargs &a) {
#if SB_SM90
  const PipeShape s = decode(a.param);
  const PipeView v = view(a, s);
  const bool producer = threadIdx.x < 32;
  const unsigned consumer = threadIdx.x - 32;
  const unsigned participants = blockDim.x;
  unsigned acc = 0;
  long long copy_cycles = 0;
  const sb_stateful_clock t = sb_stateful_begin();
  for (long long i = 0; i < a.iters; ++i) {
    const unsigned k = static_cast<unsigned>(i % s.stages);
    unsigned char *buf = sb_pipe_smem + static_cast<size_t>(k) * s.payload_bytes;
    if (producer) {
      if (i >= s.stages) asm volatile("bar.sync %0, %1;" ::"r"(5 + k), "r"(participants) : "memory");
      const long long c0 = CopyTime ? clock64() : 0;
      copy_ldst(v, s, i, buf);
      if (CopyTime) copy_cycles += clock64() - c0;
      asm volatile("bar.arrive %0, %1;" ::"r"(1 + k), "r"(participants) : "memory");
    } else {
      asm volatile("bar.sync %0, %1;" ::"r"(1 + k), "r"(participants) : "memory");
      acc += consume(s, buf, consumer);
      // The last S stages are never refilled, so their empty barriers are not awaited: no arrival for them.
      if (i + s.stages < a.iters) asm volatile("bar.arrive %0, %1;" ::"r"(5 + k), "r"(participants) : "memory");
    }
  }
  sb_stateful_end(a, t, 0);
  if (CopyTime && threadIdx.x == 0) a.rec[blockIdx.x].cycles = copy_cycles;
  if (!producer) store_sum(v, s, consumer, acc);
#else
  __trap();
#endif
}

__global__ void sb_k_pipe_named(sb_kargs a) { pipe_named<false>(a); }

__global__ void sb_k_pipe_named_copytime(sb_kargs a) { pipe_named<true>(a); }

// The copies alone: the producer fills stage i mod S with S stages in flight; no consumer, no hand-off. They are
// the baselines of the pipelines at the same param (at 0 B just the loop). One loop for the three copies:
//   Ldst     the producer warp's 32 lanes, ld.global/st.shared (copy_ldst)
//   CpAsync  the producer warp's 32 lanes, cp.async, one commit group per stage, at most S - 1 older groups in flight
//   Tma      thread 0, one bulk copy per stage completing on the stage's mbarrier (expect_tx); 0 B: the empty loop
// Resident: the consumer warps wait at a __syncthreads() after the loop instead of exiting at once.
enum class CopyKind { Ldst, CpAsync, Tma };

// The TMA copies' mbarriers, one per stage (static shared memory of the kernels that use it only).
__device__ __forceinline__ unsigned long long *tma_full_barriers() {
  __shared__ unsigned long long full[kMaxStages];
  return full;
}

template <CopyKind Kind, bool Resident>
__device__ __forceinline__ void copy_alone(const sb_kargs &a) {
#if SB_SM90
  const PipeShape s = decode(a.param);
  const PipeView v = view(a, s);
  unsigned long long *full = nullptr;
  if constexpr (Kind == CopyKind::Tma) {
    full = tma_full_barriers();
    if (threadIdx.x == 0) {
      for (unsigned k = 0; k < s.stages; ++k) sb_mbar_init(&full[k], 1);
      sb_fence_mbar_init();
    }
  }
  int error = 0;
  const sb_stateful_clock t = sb_stateful_begin();
  if (Kind == CopyKind::Tma ? threadIdx.x == 0 && s.payload_bytes > 0 : threadIdx.x < 32) {
    for (long long i = 0; i < a.iters; ++i) {
      const unsigned k = static_cast<unsigned>(i % s.stages);
      unsigned char *stage = sb_pipe_smem + static_cast<size_t>(k) * s.payload_bytes;
      if constexpr (Kind == CopyKind::Ldst) {
        copy_ldst(v, s, i, stage);
      } else if constexpr (Kind == CopyKind::CpAsync) {
        copy_cp_async(v, s, i, stage);
        asm volatile("cp.async.commit_group;" ::: "memory");
        // Keep at most S - 1 older groups in flight (a stage is reused only after its copy landed).
        switch (s.stages) {
          case 2:
            asm volatile("cp.async.wait_group 1;" ::: "memory");
            break;
          case 3:
            asm volatile("cp.async.wait_group 2;" ::: "memory");
            break;
          default:
            asm volatile("cp.async.wait_group 3;" ::: "memory");
            break;
        }
      } else {
        const unsigned phase = static_cast<unsigned>((i / s.stages) & 1);
        if (i >= s.stages) sb_mbar_wait(a, &full[k], phase ^ 1, &error);  // the stage's previous copy landed
        sb_mbar_arrive_expect_tx(&full[k], s.payload_bytes);
        copy_tma(v, s, i, stage, &full[k]);
      }
    }
    if constexpr (Kind == CopyKind::CpAsync) asm volatile("cp.async.wait_all;" ::: "memory");
    if constexpr (Kind == CopyKind::Tma) {
      for (long long i = a.iters > s.stages ? a.iters - s.stages : 0; i < a.iters; ++i) {  // drain
        const unsigned k = static_cast<unsigned>(i % s.stages);
        sb_mbar_wait(a, &full[k], static_cast<unsigned>((i / s.stages) & 1), &error);
      }
    }
  }
  if constexpr (Resident) __syncthreads();  // the consumer warps wait here for the whole loop
  sb_stateful_end(a, t, error);
#else
  __trap();
#endif
}

__global__ void sb_k_copy_ldst(sb_kargs a) { copy_alone<CopyKind::Ldst, false>(a); }

// Whether resident consumer warps change the producer's copy time is what this diagnostic measures (the
// named-barrier hand-off at 32 KiB came out below zero against copy_ldst).
__global__ void sb_k_copy_ldst_resident(sb_kargs a) { copy_alone<CopyKind::Ldst, true>(a); }

__global__ void sb_k_copy_cp_async(sb_kargs a) { copy_alone<CopyKind::CpAsync, false>(a); }

__global__ void sb_k_copy_tma(sb_kargs a) { copy_alone<CopyKind::Tma, false>(a); }

// Source chunk r, word w = sb_value(r, w) (written outside the timing).
__global__ void sb_k_pipe_fill(unsigned *src, unsigned words_per_chunk) {
  const size_t n = static_cast<size_t>(kChunks) * words_per_chunk;
  for (size_t w = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x; w < n;
       w += static_cast<size_t>(gridDim.x) * blockDim.x) {
    src[w] = sb_value(static_cast<long long>(w / words_per_chunk), w % words_per_chunk);
  }
}

namespace {

// Host-side shape check (the plan validates the same rules first, with messages; this is the ABI's own guard).
bool shape_ok(const PipeShape &s, const sb_launch *launch) {
  return s.stages >= 2 && s.stages <= kMaxStages && s.consumer_warps >= 1 && s.payload_bytes <= 65536 &&
         s.payload_bytes % 16 == 0 && launch->threads_per_block == 32 * (s.consumer_warps + 1) &&
         launch->dynamic_smem_bytes >= s.stages * s.payload_bytes;
}

cudaError_t prepare(sb_context *ctx, const PipeShape &s, const sb_launch *launch) {
  const size_t src_bytes = static_cast<size_t>(kChunks) * s.payload_bytes;
  const size_t sums = static_cast<size_t>(launch->grid_blocks) * 32 * s.consumer_warps;
  SB_CHECK(sb_ensure_scratch(ctx, src_bytes + sums * sizeof(unsigned)));
  if (s.payload_bytes > 0) {
    sb_k_pipe_fill<<<64, 256, 0, ctx->stream>>>(static_cast<unsigned *>(ctx->d_scratch), s.payload_bytes / 4);
    SB_CHECK(cudaGetLastError());
  }
  return cudaMemsetAsync(static_cast<unsigned char *>(ctx->d_scratch) + src_bytes, 0xFF, sums * sizeof(unsigned),
                         ctx->stream);
}

// Checks every consumer thread's checksum: iters + sum over stages i of its vectors of chunk i mod R.
cudaError_t verify(sb_context *ctx, const PipeShape &s, const sb_launch *launch, long long iters, sb_run_sample *out) {
  const unsigned consumers = 32 * s.consumer_warps;
  const size_t n = static_cast<size_t>(launch->grid_blocks) * consumers;
  if (n > ctx->verify_capacity) {
    if (ctx->h_verify) cudaFreeHost(ctx->h_verify);
    ctx->h_verify = nullptr;
    ctx->verify_capacity = 0;
    SB_CHECK(cudaMallocHost(&ctx->h_verify, n * sizeof(unsigned)));
    ctx->verify_capacity = n;
  }
  const size_t src_bytes = static_cast<size_t>(kChunks) * s.payload_bytes;
  SB_CHECK(cudaMemcpyAsync(ctx->h_verify, static_cast<unsigned char *>(ctx->d_scratch) + src_bytes,
                           n * sizeof(unsigned), cudaMemcpyDeviceToHost, ctx->stream));
  SB_CHECK(cudaStreamSynchronize(ctx->stream));
  // Per consumer c: sum over chunks r of (stages that used chunk r) x (sum of c's words in chunk r), mod 2^32.
  unsigned expected[32 * 15];
  const unsigned words = s.payload_bytes / 4;
  for (unsigned c = 0; c < consumers; ++c) {
    unsigned e = static_cast<unsigned>(iters);
    for (int r = 0; r < kChunks; ++r) {
      const unsigned uses = static_cast<unsigned>(iters / kChunks + (r < iters % kChunks ? 1 : 0));
      unsigned sum = 0;
      for (unsigned w = c * 4; w < words; w += consumers * 4) {
        for (unsigned k = 0; k < 4; ++k) sum += sb_value(r, w + k);
      }
      e += uses * sum;
    }
    expected[c] = e;
  }
  long long bad = 0;
  const unsigned *got = reinterpret_cast<const unsigned *>(ctx->h_verify);
  for (size_t i = 0; i < n; ++i) bad += got[i] != expected[i % consumers];
  out->verified += static_cast<long long>(n);
  out->mismatches += bad;
  return cudaSuccess;
}

template <sb_kernel_fn K, bool Verify>
cudaError_t run(sb_context *ctx, const sb_launch *launch, long long iters, int param, sb_run_sample *out) {
  const PipeShape s = decode(param);
  if (!shape_ok(s, launch) || iters < 1) return cudaErrorInvalidValue;
  SB_CHECK(prepare(ctx, s, launch));
  SB_CHECK(sb_run_loop<K>(ctx, launch, iters, param, out));
  return Verify ? verify(ctx, s, launch, iters, out) : cudaSuccess;
}

// pipe_named_copytime: its cycles are the producer's copy time, not the loop's, so they give no clock rate against
// the loop's %globaltimer (the point runner then converts with NVML or the device's peak clock).
cudaError_t run_copytime(sb_context *ctx, const sb_launch *launch, long long iters, int param, sb_run_sample *out) {
  SB_CHECK((run<sb_k_pipe_named_copytime, true>(ctx, launch, iters, param, out)));
  out->block0_cycles = -1;
  out->globaltimer_ns = -1;
  return cudaSuccess;
}

}  // namespace

static constexpr sb_workload kItems[] = {
    {.info = {.id = "pipe_syncthreads",
              .family = "pipeline",
              .op = "one pipeline stage handed over with __syncthreads() (verified)",
              .expect_ptx = "bar\\.sync\\s+0",
              .expect_sass = "BAR\\.SYNC",
              .min_cc = 90,
              .param_kind = SB_PARAM_PIPELINE,
              .kernel = "sb_k_pipe_syncthreads",
              .delta_iters = 4096,
              .smoke = {.threads_per_block = 64,
                        .dynamic_smem_bytes = 2048,
                        .param = 81984 /* pipeline: 1 KiB x 2 stages, 1 consumer warp */}},
     .run = run<sb_k_pipe_syncthreads, true>},
    {.info = {.id = "pipe_cp_async",
              .family = "pipeline",
              .op = "one pipeline stage: cp.async completing on an mbarrier, full/empty (verified)",
              .expect_ptx =
                  "^(?=[\\s\\S]*cp\\.async\\.cg\\.shared\\.global)(?=[\\s\\S]*cp\\.async\\.mbarrier\\.arrive\\.noinc)"
                  "(?=[\\s\\S]*mbarrier\\.try_wait\\.parity)",
              .expect_sass = "^(?=[\\s\\S]*LDGSTS)(?=[\\s\\S]*ARRIVES\\.LDGSTSBAR)(?=[\\s\\S]*SYNCS\\.PHASECHK)",
              .min_cc = 90,
              .param_kind = SB_PARAM_PIPELINE,
              .kernel = "sb_k_pipe_cp_async",
              .delta_iters = 1024,
              .smoke = {.threads_per_block = 64,
                        .dynamic_smem_bytes = 2048,
                        .param = 81984 /* pipeline: 1 KiB x 2 stages, 1 consumer warp */}},
     .run = run<sb_k_pipe_cp_async, true>},
    {.info = {.id = "pipe_tma",
              .family = "pipeline",
              .op = "one pipeline stage: TMA bulk copy completing on an mbarrier with expect_tx, full/empty (verified)",
              .expect_ptx = "^(?=[\\s\\S]*cp\\.async\\.bulk\\.shared::cluster\\.global\\.mbarrier::complete_tx::bytes)"
                            "(?=[\\s\\S]*mbarrier\\.arrive\\.expect_tx)(?=[\\s\\S]*mbarrier\\.try_wait\\.parity)",
              .expect_sass = "^(?=[\\s\\S]*UBLKCP)(?=[\\s\\S]*SYNCS\\.ARRIVE\\.TRANS64)(?=[\\s\\S]*SYNCS\\.PHASECHK)",
              .min_cc = 90,
              .param_kind = SB_PARAM_PIPELINE,
              .kernel = "sb_k_pipe_tma",
              .delta_iters = 1024,
              .smoke = {.threads_per_block = 64,
                        .dynamic_smem_bytes = 2048,
                        .param = 81984 /* pipeline: 1 KiB x 2 stages, 1 consumer warp */}},
     .run = run<sb_k_pipe_tma, true>},
    {.info = {.id = "pipe_tma_spin",
              .family = "pipeline",
              .op = "one pipeline stage: TMA bulk copy completing on an mbarrier with expect_tx, waits polled with "
                    "mbarrier.test_wait instead of try_wait (verified)",
              .expect_ptx = "^(?=[\\s\\S]*mbarrier\\.test_wait\\.parity)(?=[\\s\\S]*mbarrier\\.arrive\\.expect_tx)"
                            "(?![\\s\\S]*mbarrier\\.try_wait)",
              .expect_sass = "^(?=[\\s\\S]*UBLKCP)(?=[\\s\\S]*SYNCS\\.PHASECHK)",
              .min_cc = 90,
              .param_kind = SB_PARAM_PIPELINE,
              .kernel = "sb_k_pipe_tma_spin",
              .delta_iters = 1024,
              .smoke = {.threads_per_block = 64,
                        .dynamic_smem_bytes = 2048,
                        .param = 81984 /* pipeline: 1 KiB x 2 stages, 1 consumer warp */}},
     .run = run<sb_k_pipe_tma_spin, true>},
    {.info = {.id = "pipe_named",
              .family = "pipeline",
              .op = "one pipeline stage handed over with named barriers bar.arrive/bar.sync (verified)",
              .expect_ptx = "^(?=[\\s\\S]*bar\\.arrive)(?=[\\s\\S]*bar\\.sync)",
              .expect_sass = "^(?=[\\s\\S]*BAR\\.ARV)(?=[\\s\\S]*BAR\\.SYNC)",
              .min_cc = 90,
              .param_kind = SB_PARAM_PIPELINE,
              .kernel = "sb_k_pipe_named",
              .delta_iters = 4096,
              .smoke = {.threads_per_block = 64,
                        .dynamic_smem_bytes = 2048,
                        .param = 81984 /* pipeline: 1 KiB x 2 stages, 1 consumer warp */}},
     .run = run<sb_k_pipe_named, true>},
    {.info = {.id = "pipe_named_copytime",
              .family = "pipeline",
              .op = "diagnostic: the named-barrier pipeline, cycles = the producer warp's own ld/st copy time per "
                    "stage (clock64 around each copy; verified)",
              .expect_ptx = "^(?=[\\s\\S]*bar\\.arrive)(?=[\\s\\S]*bar\\.sync)(?=[\\s\\S]*st\\.shared\\.v4)",
              .expect_sass = "^(?=[\\s\\S]*BAR\\.ARV)(?=[\\s\\S]*BAR\\.SYNC)",
              .min_cc = 90,
              .param_kind = SB_PARAM_PIPELINE,
              .kernel = "sb_k_pipe_named_copytime",
              .delta_iters = 4096,
              .smoke = {.threads_per_block = 64,
                        .dynamic_smem_bytes = 2048,
                        .param = 81984 /* pipeline: 1 KiB x 2 stages, 1 consumer warp */}},
     .run = run_copytime},
    {.info = {.id = "copy_ldst",
              .family = "pipeline",
              .op = "one stage's ld.global/st.shared copy alone (no hand-off)",
              .expect_ptx = "st\\.shared\\.v4",
              .expect_sass = "STS\\.128",
              .min_cc = 90,
              .param_kind = SB_PARAM_PIPELINE,
              .kernel = "sb_k_copy_ldst",
              .delta_iters = 4096,
              .smoke = {.threads_per_block = 64,
                        .dynamic_smem_bytes = 2048,
                        .param = 81984 /* pipeline: 1 KiB x 2 stages, 1 consumer warp */}},
     .run = run<sb_k_copy_ldst, false>},
    {.info = {.id = "copy_ldst_resident",
              .family = "pipeline",
              .op = "diagnostic: one stage's ld.global/st.shared copy alone, the consumer warps resident (waiting at "
                    "__syncthreads) instead of exited",
              .expect_ptx = "^(?=[\\s\\S]*st\\.shared\\.v4)(?=[\\s\\S]*bar\\.sync)",
              .expect_sass = "^(?=[\\s\\S]*STS\\.128)(?=[\\s\\S]*BAR\\.SYNC)",
              .min_cc = 90,
              .param_kind = SB_PARAM_PIPELINE,
              .kernel = "sb_k_copy_ldst_resident",
              .delta_iters = 4096,
              .smoke = {.threads_per_block = 64,
                        .dynamic_smem_bytes = 2048,
                        .param = 81984 /* pipeline: 1 KiB x 2 stages, 1 consumer warp */}},
     .run = run<sb_k_copy_ldst_resident, false>},
    {.info = {.id = "copy_cp_async",
              .family = "pipeline",
              .op = "one stage's cp.async copy alone (S stages in flight, no hand-off)",
              .expect_ptx = "cp\\.async\\.cg\\.shared\\.global",
              .expect_sass = "LDGSTS",
              .min_cc = 90,
              .param_kind = SB_PARAM_PIPELINE,
              .kernel = "sb_k_copy_cp_async",
              .delta_iters = 1024,
              .smoke = {.threads_per_block = 64,
                        .dynamic_smem_bytes = 2048,
                        .param = 81984 /* pipeline: 1 KiB x 2 stages, 1 consumer warp */}},
     .run = run<sb_k_copy_cp_async, false>},
    {.info = {.id = "copy_tma",
              .family = "pipeline",
              .op = "one stage's TMA bulk copy alone (S stages in flight, no hand-off)",
              .expect_ptx = "cp\\.async\\.bulk\\.shared::cluster\\.global",
              .expect_sass = "^(?=[\\s\\S]*UBLKCP)(?=[\\s\\S]*SYNCS\\.PHASECHK)",
              .min_cc = 90,
              .param_kind = SB_PARAM_PIPELINE,
              .kernel = "sb_k_copy_tma",
              .delta_iters = 1024,
              .smoke = {.threads_per_block = 64,
                        .dynamic_smem_bytes = 2048,
                        .param = 81984 /* pipeline: 1 KiB x 2 stages, 1 consumer warp */}},
     .run = run<sb_k_copy_tma, false>},
};
static_assert(sb_all_have_delta(kItems), "every workload states its default delta_iters > 0");
extern const sb_workload_table sb_pipeline_table = {kItems, sizeof(kItems) / sizeof(kItems[0])};
