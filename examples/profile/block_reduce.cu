// block_reduce.cu — one block reduction written two ways, on the same values:
//   reduce_syncthreads: a shared-memory tree with __syncthreads() after each of its log2(1024) = 10 steps
//                       (plus one after the stores): 11 block barriers per round;
//   reduce_shuffle:     __shfl_down_sync inside each warp, one __syncthreads() to hand the 32 warp sums to warp 0,
//                       which finishes with shuffles: 1 block barrier per round (double-buffered warp sums).
// Each of 1024 threads per block reduces kRounds rounds of values made in registers (no global loads, so the
// barriers are what the kernel waits on); thread 0 adds the block sums. Both kernels' sums are checked on the host.
// Expected profile: reduce_shuffle spends a smaller share of its warp cycles stalled at barriers than
// reduce_syncthreads, and executes about 1/11 of its BAR instructions (plus SHFL instead of shared loads).
// Usage: block_reduce [--variant syncthreads|shuffle|both] [--corrupt-result]
#include <vector>

#include "example.cuh"

constexpr int kThreads = 1024;
constexpr unsigned kRounds = 64;

__global__ void __launch_bounds__(kThreads) reduce_syncthreads(unsigned *block_sums, unsigned rounds) {
  __shared__ unsigned sh[kThreads];
  const unsigned tid = threadIdx.x;
  unsigned total = 0;
  for (unsigned r = 0; r < rounds; ++r) {
    sh[tid] = ex_value(r, blockIdx.x * kThreads + tid);
    __syncthreads();
    for (unsigned s = kThreads / 2; s > 0; s >>= 1) {
      if (tid < s) sh[tid] += sh[tid + s];
      __syncthreads();
    }
    if (tid == 0) total += sh[0];
  }
  if (tid == 0) block_sums[blockIdx.x] = total;
}

__device__ __forceinline__ unsigned warp_sum(unsigned v) {
  for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}

__global__ void __launch_bounds__(kThreads) reduce_shuffle(unsigned *block_sums, unsigned rounds) {
  // Two buffers of warp sums: round r writes buffer r&1, so warp 0's reads of round r are ordered before round
  // r+2's writes by round r+1's barrier, and one barrier per round is enough.
  __shared__ unsigned warp_sums[2][kThreads / 32];
  const unsigned tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  unsigned total = 0;
  for (unsigned r = 0; r < rounds; ++r) {
    const unsigned v = warp_sum(ex_value(r, blockIdx.x * kThreads + tid));
    if (lane == 0) warp_sums[r & 1][warp] = v;
    __syncthreads();
    if (warp == 0) {
      const unsigned block = warp_sum(warp_sums[r & 1][lane]);
      if (lane == 0) total += block;
    }
  }
  if (tid == 0) block_sums[blockIdx.x] = total;
}

static std::vector<unsigned> expected(int blocks) {
  std::vector<unsigned> sums(blocks, 0);
  for (int b = 0; b < blocks; ++b)
    for (unsigned r = 0; r < kRounds; ++r)
      for (unsigned t = 0; t < kThreads; ++t) sums[b] += ex_value(r, b * kThreads + t);
  return sums;
}

// Runs one kernel and returns 0 (PASS) or 1 (FAIL).
static int run_variant(bool shuffle, int blocks, const std::vector<unsigned> &want, bool corrupt) {
  unsigned *d_sums = nullptr;
  EX_CHECK(cudaMalloc(&d_sums, blocks * sizeof(unsigned)));
  if (shuffle)
    reduce_shuffle<<<blocks, kThreads>>>(d_sums, kRounds);
  else
    reduce_syncthreads<<<blocks, kThreads>>>(d_sums, kRounds);
  EX_CHECK(cudaGetLastError());
  std::vector<unsigned> got(blocks);
  EX_CHECK(cudaMemcpy(got.data(), d_sums, blocks * sizeof(unsigned), cudaMemcpyDeviceToHost));
  EX_CHECK(cudaFree(d_sums));
  if (corrupt) got[0] ^= 1u;
  int bad = 0;
  for (int b = 0; b < blocks; ++b) bad += got[b] != want[b];
  char detail[96];
  std::snprintf(detail, sizeof detail, "%d of %d block sums wrong", bad, blocks);
  std::printf("%s: %d blocks x %d threads, %u rounds\n", shuffle ? "reduce_shuffle" : "reduce_syncthreads", blocks,
              kThreads, kRounds);
  return ex_verdict(shuffle ? "block_reduce shuffle" : "block_reduce syncthreads", bad == 0, detail);
}

int main(int argc, char **argv) {
  static const char *const kVariants[] = {"syncthreads", "shuffle", "both", nullptr};
  const ex_args args = ex_parse(argc, argv, kVariants, "both");
  int device = 0, sms = 0;
  EX_CHECK(cudaGetDevice(&device));
  EX_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  const int blocks = 2 * sms;  // two 1024-thread blocks fill an SM's 2048 threads
  const std::vector<unsigned> want = expected(blocks);
  int status = 0;
  if (std::strcmp(args.variant, "shuffle") != 0) status |= run_variant(false, blocks, want, args.corrupt_result);
  if (std::strcmp(args.variant, "syncthreads") != 0) status |= run_variant(true, blocks, want, args.corrupt_result);
  return status;
}
