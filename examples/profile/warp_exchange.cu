// warp_exchange.cu — warp-level synchronization: each warp reverses its 32 words through shared memory with
// __syncwarp() between the writes and the reads (and again before the next round overwrites them), the pattern
// that needs an explicit warp barrier since independent thread scheduling (sm_70+). Every sum is checked.
// Expected profile: warp-sync instructions (WARPSYNC in SASS, where the compiler keeps them) and no block barrier;
// a small sync share, since a warp's own lanes arrive together.
// Usage: warp_exchange [--corrupt-result]
#include <vector>

#include "example.cuh"

constexpr int kThreads = 256;
constexpr unsigned kRounds = 256;

__global__ void warp_reverse(unsigned *sums, unsigned rounds) {
  __shared__ unsigned sh[kThreads];
  const unsigned lane = threadIdx.x % 32, warp_base = threadIdx.x - lane;
  const unsigned index = blockIdx.x * kThreads + threadIdx.x;
  unsigned sum = 0;
  for (unsigned r = 0; r < rounds; ++r) {
    sh[threadIdx.x] = ex_value(r, index);
    __syncwarp();  // the warp's writes come before its lanes read each other's words
    sum += sh[warp_base + 31 - lane];
    __syncwarp();  // the reads come before the next round's writes
  }
  sums[index] = sum;
}

int main(int argc, char **argv) {
  static const char *const kVariants[] = {"syncwarp", nullptr};
  const ex_args args = ex_parse(argc, argv, kVariants, "syncwarp");
  int device = 0, sms = 0;
  EX_CHECK(cudaGetDevice(&device));
  EX_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  const int blocks = 2 * sms;
  const size_t n = static_cast<size_t>(blocks) * kThreads;
  unsigned *d_sums = nullptr;
  EX_CHECK(cudaMalloc(&d_sums, n * sizeof(unsigned)));
  warp_reverse<<<blocks, kThreads>>>(d_sums, kRounds);
  EX_CHECK(cudaGetLastError());
  std::vector<unsigned> got(n);
  EX_CHECK(cudaMemcpy(got.data(), d_sums, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  EX_CHECK(cudaFree(d_sums));
  if (args.corrupt_result) got[0] ^= 1u;
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i) {
    const size_t mirrored = i - i % 32 + 31 - i % 32;
    unsigned want = 0;
    for (unsigned r = 0; r < kRounds; ++r) want += ex_value(r, static_cast<unsigned>(mirrored));
    bad += got[i] != want;
  }
  char detail[96];
  std::snprintf(detail, sizeof detail, "%zu of %zu sums wrong", bad, n);
  std::printf("warp_exchange: %d blocks x %d threads, %u rounds\n", blocks, kThreads, kRounds);
  return ex_verdict("warp_exchange", bad == 0, detail);
}
