// hopper.cuh — device helpers shared by the sm_90 families (pdl.cu, pipeline.cu, cluster_arrive.cu): mbarrier
// operations in PTX (PTX ISA 8.0, "Parallel Synchronization and Communication Instructions: mbarrier"), bounded
// waits, and the block-wide timing record of a stateful loop.
//
// These families do not time a primitive back to back: one unit is one pipeline stage, one kernel of a chain, or one
// hand-off between blocks, each with the state it carries from the previous unit (buffers, barrier phases). So they
// time the whole loop of a block between two __syncthreads() (sb_stateful_begin / sb_stateful_end) and leave the
// per-unit cost to the difference of two iteration counts (docs/methods.md).
#pragma once

#include "harness.cuh"

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define SB_SM90 1
#else
#define SB_SM90 0
#endif

// Shared-memory (shared::cta) address of a pointer into shared memory, as the 32-bit operand PTX takes.
__device__ __forceinline__ unsigned sb_smem_addr(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

#if SB_SM90

__device__ __forceinline__ void sb_mbar_init(unsigned long long *bar, unsigned count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(sb_smem_addr(bar)), "r"(count) : "memory");
}

// Makes mbarrier.init visible to the other blocks of the cluster (and to the async proxy) before they arrive.
__device__ __forceinline__ void sb_fence_mbar_init() {
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}

// One arrival on a local mbarrier (release at CTA scope).
__device__ __forceinline__ void sb_mbar_arrive(unsigned long long *bar) {
  asm volatile("{\n\t.reg .b64 st;\n\tmbarrier.arrive.shared::cta.b64 st, [%0];\n\t}" ::"r"(sb_smem_addr(bar))
               : "memory");
}

// One arrival that also expects `bytes` of transactions (a TMA copy completing on this barrier).
__device__ __forceinline__ void sb_mbar_arrive_expect_tx(unsigned long long *bar, unsigned bytes) {
  asm volatile(
      "{\n\t.reg .b64 st;\n\tmbarrier.arrive.expect_tx.shared::cta.b64 st, [%0], %1;\n\t}" ::"r"(sb_smem_addr(bar)),
      "r"(bytes)
      : "memory");
}

// One arrival, release at cluster scope, on the mbarrier at shared::cluster address `remote` (from mapa).
__device__ __forceinline__ void sb_mbar_arrive_remote(unsigned remote) {
  asm volatile("mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%0];" ::"r"(remote) : "memory");
}

__device__ __forceinline__ bool sb_mbar_try_wait(unsigned long long *bar, unsigned parity) {
  unsigned ok;
  asm volatile(
      "{\n\t.reg .pred p;\n\tmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\tselp.u32 %0, 1, 0, p;\n\t}"
      : "=r"(ok)
      : "r"(sb_smem_addr(bar)), "r"(parity)
      : "memory");
  return ok != 0;
}

// try_wait with acquire at cluster scope: pairs with sb_mbar_arrive_remote of another block of the cluster.
__device__ __forceinline__ bool sb_mbar_try_wait_cluster(unsigned long long *bar, unsigned parity) {
  unsigned ok;
  asm volatile(
      "{\n\t.reg .pred p;\n\tmbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 p, [%1], %2;\n\t"
      "selp.u32 %0, 1, 0, p;\n\t}"
      : "=r"(ok)
      : "r"(sb_smem_addr(bar)), "r"(parity)
      : "memory");
  return ok != 0;
}

// Waits for the completion of the phase with parity `parity`; gives up after a.timeout_ns on %globaltimer and then
// sets *error (a producer that never arrives is an error, not a hang). Once *error is set the thread waits no more,
// so a broken protocol ends the kernel after one timeout instead of one per iteration. `Cluster`: acquire at
// cluster scope.
template <bool Cluster = false>
__device__ __forceinline__ void sb_mbar_wait(const sb_kargs &a, unsigned long long *bar, unsigned parity, int *error) {
  if (*error || (Cluster ? sb_mbar_try_wait_cluster(bar, parity) : sb_mbar_try_wait(bar, parity))) return;
  const unsigned long long t0 = sb_globaltimer();
  while (!(Cluster ? sb_mbar_try_wait_cluster(bar, parity) : sb_mbar_try_wait(bar, parity))) {
    if (sb_globaltimer() - t0 > a.timeout_ns) {
      *error = 1;
      return;
    }
  }
}

#endif  // SB_SM90

// Block-wide timing of a stateful loop: thread 0 reads clock64() and %globaltimer after a __syncthreads() before
// the loop and after one after it, and writes them to its record with the block's error flag.
struct sb_stateful_clock {
  long long c0;
  unsigned long long g0;
};

__device__ __forceinline__ sb_stateful_clock sb_stateful_begin() {
  __syncthreads();
  return {clock64(), sb_globaltimer()};
}

__device__ __forceinline__ void sb_stateful_end(const sb_kargs &a, const sb_stateful_clock &t, int error) {
  const int any_error = __syncthreads_or(error);
  const long long c1 = clock64();
  const unsigned long long g1 = sb_globaltimer();
  if (threadIdx.x == 0) {
    a.rec[blockIdx.x].cycles = c1 - t.c0;
    a.rec[blockIdx.x].globaltimer_ns = g1 - t.g0;
    a.rec[blockIdx.x].error = any_error;
  }
}
