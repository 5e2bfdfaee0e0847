// async_barrier.cu — a split-phase block barrier, cuda::barrier<thread_scope_block> (an mbarrier in shared memory
// on sm_80+). Each round, every thread writes its word, arrives (bar.arrive()), makes its next value while the
// others arrive, then waits on its token and adds its neighbour's word. Two buffers let one barrier per round
// suffice: round r+2 overwrites a buffer only after every thread arrived at round r+1, i.e. after its reads of
// round r. Every thread's sum is checked on the host.
// Expected profile: mbarrier instructions (SYNCS.* on sm_90) in the instruction mix and no BAR.SYNC in the loop;
// the waiting shows up as its own stall reason rather than as barrier stalls (which one is what this captures).
// Usage: async_barrier [--corrupt-result]
#include <cuda/barrier>

#include <utility>
#include <vector>

#include "example.cuh"

constexpr int kThreads = 256;
constexpr unsigned kRounds = 200;

__global__ void mbarrier_split_phase(unsigned *sums, unsigned rounds) {
  __shared__ unsigned sh[2][kThreads];
#pragma nv_diag_suppress static_var_with_dynamic_init
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();  // the barrier is initialised before anyone arrives
  const unsigned base = blockIdx.x * kThreads;
  const unsigned neighbour = (threadIdx.x + 1) % kThreads;
  unsigned next = ex_value(0, base + threadIdx.x);
  unsigned sum = 0;
  for (unsigned r = 0; r < rounds; ++r) {
    sh[r & 1][threadIdx.x] = next;
    cuda::barrier<cuda::thread_scope_block>::arrival_token token = bar.arrive();
    next = ex_value(r + 1, base + threadIdx.x);  // independent work between arrive and wait
    bar.wait(std::move(token));
    sum += sh[r & 1][neighbour];
  }
  sums[base + threadIdx.x] = sum;
}

int main(int argc, char **argv) {
  static const char *const kVariants[] = {"mbarrier", nullptr};
  const ex_args args = ex_parse(argc, argv, kVariants, "mbarrier");
  int device = 0, sms = 0;
  EX_CHECK(cudaGetDevice(&device));
  EX_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  const int blocks = 2 * sms;
  const size_t n = static_cast<size_t>(blocks) * kThreads;
  unsigned *d_sums = nullptr;
  EX_CHECK(cudaMalloc(&d_sums, n * sizeof(unsigned)));
  mbarrier_split_phase<<<blocks, kThreads>>>(d_sums, kRounds);
  EX_CHECK(cudaGetLastError());
  std::vector<unsigned> got(n);
  EX_CHECK(cudaMemcpy(got.data(), d_sums, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  EX_CHECK(cudaFree(d_sums));
  if (args.corrupt_result) got[0] ^= 1u;
  size_t bad = 0;
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < kThreads; ++t) {
      unsigned want = 0;
      for (unsigned r = 0; r < kRounds; ++r) want += ex_value(r, b * kThreads + (t + 1) % kThreads);
      bad += got[static_cast<size_t>(b) * kThreads + t] != want;
    }
  char detail[96];
  std::snprintf(detail, sizeof detail, "%zu of %zu sums wrong", bad, n);
  std::printf("async_barrier: %d blocks x %d threads, %u rounds\n", blocks, kThreads, kRounds);
  return ex_verdict("async_barrier", bad == 0, detail);
}
