// cluster_sync.cu — a thread-block cluster barrier (sm_90+): clusters of 2 blocks (__cluster_dims__(2,1,1)) swap
// values through distributed shared memory. Each round, every block writes its shared array, the cluster syncs,
// each thread adds its partner block's word (cluster.map_shared_rank), and the cluster syncs again before the
// next round overwrites it. Every thread's sum is checked on the host.
// Expected profile: cluster dimensions (2,1,1) in the launch statistics; cluster barrier instructions
// (UCGABAR_ARV / UCGABAR_WAIT in SASS) in the instruction mix, 2 per round per warp, and no BAR.SYNC in the loop.
// Usage: cluster_sync [--corrupt-result]
#include <cooperative_groups.h>

#include <vector>

#include "example.cuh"

namespace cg = cooperative_groups;

constexpr int kThreads = 256;
constexpr unsigned kRounds = 200;

__global__ void __cluster_dims__(2, 1, 1) cluster_exchange(unsigned *sums, unsigned rounds) {
  __shared__ unsigned sh[kThreads];
  cg::cluster_group cluster = cg::this_cluster();
  const unsigned partner = cluster.block_rank() ^ 1u;
  unsigned *partner_sh = cluster.map_shared_rank(sh, partner);
  unsigned sum = 0;
  for (unsigned r = 0; r < rounds; ++r) {
    sh[threadIdx.x] = ex_value(r, blockIdx.x * kThreads + threadIdx.x);
    cluster.sync();  // both blocks' writes come before either block reads its partner's
    sum += partner_sh[threadIdx.x];
    cluster.sync();  // both reads come before the next round's writes (and before a block exits)
  }
  sums[blockIdx.x * kThreads + threadIdx.x] = sum;
}

int main(int argc, char **argv) {
  static const char *const kVariants[] = {"cluster", nullptr};
  const ex_args args = ex_parse(argc, argv, kVariants, "cluster");
  int device = 0, sms = 0;
  EX_CHECK(cudaGetDevice(&device));
  EX_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  const int blocks = 2 * sms;  // a multiple of the cluster size
  const size_t n = static_cast<size_t>(blocks) * kThreads;
  unsigned *d_sums = nullptr;
  EX_CHECK(cudaMalloc(&d_sums, n * sizeof(unsigned)));
  cluster_exchange<<<blocks, kThreads>>>(d_sums, kRounds);
  EX_CHECK(cudaGetLastError());
  std::vector<unsigned> got(n);
  EX_CHECK(cudaMemcpy(got.data(), d_sums, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  EX_CHECK(cudaFree(d_sums));
  if (args.corrupt_result) got[0] ^= 1u;
  size_t bad = 0;
  for (int b = 0; b < blocks; ++b)  // cluster ranks are consecutive blocks: the partner of block b is b ^ 1
    for (int t = 0; t < kThreads; ++t) {
      unsigned want = 0;
      for (unsigned r = 0; r < kRounds; ++r) want += ex_value(r, (b ^ 1) * kThreads + t);
      bad += got[static_cast<size_t>(b) * kThreads + t] != want;
    }
  char detail[96];
  std::snprintf(detail, sizeof detail, "%zu of %zu sums wrong", bad, n);
  std::printf("cluster_sync: %d blocks x %d threads in clusters of 2, %u rounds\n", blocks, kThreads, kRounds);
  return ex_verdict("cluster_sync", bad == 0, detail);
}
