// A ring of S stages, each filled by one TMA bulk copy that completes on the stage's mbarrier with a transaction
// count (mbarrier.arrive.expect_tx). Use u of stage s waits for the phase with parity (u / S) & 1: each use of a
// stage completes one phase, so the parity flips every S iterations, not every iteration.
#include <cstdint>

constexpr int kStages = 2;
constexpr unsigned kBytes = 4096;

__device__ __forceinline__ unsigned smem(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__global__ void consume(const float* in, float* out, int iterations) {
  __shared__ alignas(128) float buf[kStages][kBytes / sizeof(float)];
  __shared__ alignas(8) unsigned long long full[kStages];
  if (threadIdx.x == 0) {
    for (int s = 0; s < kStages; ++s) asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem(&full[s])));
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  float acc = 0;
  for (int u = 0; u < iterations; ++u) {
    const int s = u % kStages;
    const unsigned parity = (u / kStages) & 1;  // the phase this use waits for
    if (threadIdx.x == 0) {
      asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem(&full[s])), "r"(kBytes)
                   : "memory");
      asm volatile(
          "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
              smem(buf[s])),
          "l"(in + static_cast<size_t>(u) * (kBytes / sizeof(float))), "r"(kBytes), "r"(smem(&full[s]))
          : "memory");
    }
    unsigned done = 0;
    while (!done) {
      asm volatile(
          "{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
          : "=r"(done)
          : "r"(smem(&full[s])), "r"(parity)
          : "memory");
    }
    acc += buf[s][threadIdx.x];
    __syncthreads();  // every reader is done with stage s before it is refilled
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
