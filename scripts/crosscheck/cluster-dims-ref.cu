// cluster-dims-ref.cu — an independent reference for the `cluster` mode's two size-1 series (docs/methods.md
// #clusters-as-launched): cycles per cooperative_groups::this_cluster().sync(), back to back, with
// __cluster_dims__(1,1,1) (a real cluster launch of one block), with __cluster_dims__(2,1,1), and with no cluster at
// all (every block an implicit cluster of one); and the same kernel as the last with the cluster set at launch
// (cudaLaunchAttributeClusterDimension 1 and 2, as the product launches it). Shares no code with the product.
// Build: nvcc -O3 -arch=sm_90 -o cluster-dims-ref scripts/crosscheck/cluster-dims-ref.cu
// Output: one line per variant, "variant blocks=N syncs=S cycles_per_sync=C" (C: median over 7 launches of block
// 0's clock64 cycles around the whole unrolled body, divided by the syncs).
#include <cooperative_groups.h>
#include <cstdio>
#include <algorithm>
#include <vector>

namespace cg = cooperative_groups;
constexpr int kUnroll = 32;
constexpr int kIters = 256;

template <int Tag>
__device__ void body(long long *out) {
  cg::cluster_group cluster = cg::this_cluster();
  cluster.sync();
  const long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < kIters; ++i) {
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) cluster.sync();
  }
  const long long t1 = clock64();
  if (threadIdx.x == 0 && blockIdx.x == 0) *out = t1 - t0;
}

__global__ void __cluster_dims__(1, 1, 1) k_dims1(long long *out) { body<1>(out); }
__global__ void __cluster_dims__(2, 1, 1) k_dims2(long long *out) { body<2>(out); }
__global__ void k_none(long long *out) { body<0>(out); }

// cluster 0: a plain <<<>>> launch; otherwise cudaLaunchKernelEx with that cluster dimension.
template <class K>
static double run(K kernel, unsigned blocks, long long *d_out, unsigned cluster = 0) {
  if (cluster > 0 && blocks % cluster != 0) return -1;
  std::vector<double> v;
  for (int rep = 0; rep < 8; ++rep) {
    if (cluster == 0) {
      kernel<<<blocks, 256>>>(d_out);
    } else {
      cudaLaunchConfig_t cfg = {};
      cfg.gridDim = dim3(blocks);
      cfg.blockDim = dim3(256);
      cudaLaunchAttribute attr;
      attr.id = cudaLaunchAttributeClusterDimension;
      attr.val.clusterDim.x = cluster;
      attr.val.clusterDim.y = 1;
      attr.val.clusterDim.z = 1;
      cfg.attrs = &attr;
      cfg.numAttrs = 1;
      if (cudaLaunchKernelEx(&cfg, kernel, d_out) != cudaSuccess) return -1;
    }
    if (cudaDeviceSynchronize() != cudaSuccess) return -1;
    long long cycles = 0;
    cudaMemcpy(&cycles, d_out, sizeof(cycles), cudaMemcpyDeviceToHost);
    if (rep > 0) v.push_back(static_cast<double>(cycles) / (kIters * kUnroll));  // rep 0: warm-up
  }
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

int main() {
  long long *d_out = nullptr;
  if (cudaMalloc(&d_out, sizeof(long long)) != cudaSuccess) {
    std::fprintf(stderr, "cudaMalloc failed: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  for (unsigned blocks : {1u, 2u, static_cast<unsigned>(sms)}) {
    const struct { const char *name; double c; } rows[] = {
        {"cluster_dims_1", run(k_dims1, blocks, d_out)},
        {"cluster_dims_2", blocks % 2 ? -1.0 : run(k_dims2, blocks, d_out)},
        {"no_cluster", run(k_none, blocks, d_out)},
        {"launch_attr_1", run(k_none, blocks, d_out, 1)},
        {"launch_attr_2", run(k_none, blocks, d_out, 2)},
    };
    for (const auto &r : rows)
      if (r.c >= 0) std::printf("%s blocks=%u syncs=%d cycles_per_sync=%.2f\n", r.name, blocks, kIters * kUnroll, r.c);
  }
  const cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess) std::fprintf(stderr, "CUDA error: %s\n", cudaGetErrorString(err));
  return err == cudaSuccess ? 0 : 1;
}
