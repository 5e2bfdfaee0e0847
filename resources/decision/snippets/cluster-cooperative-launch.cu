// grid.sync() in a kernel launched with thread-block clusters: cudaLaunchKernelEx with both the cooperative and
// the cluster-dimension attribute. The co-resident limit counts clusters: cudaOccupancyMaxActiveClusters times
// the blocks per cluster is the most blocks the grid may have (gridDim counts blocks, not clusters).
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void clustered_phases(float* data, int n) {
  cg::grid_group grid = cg::this_grid();
  cg::cluster_group cluster = cg::this_cluster();
  for (int i = grid.thread_rank(); i < n; i += grid.size()) data[i] *= 2.0f;
  cluster.sync();  // the blocks of one cluster
  grid.sync();     // every block of the grid
  for (int i = grid.thread_rank(); i < n; i += grid.size()) data[i] += 1.0f;
}

cudaError_t launch_clustered(float* data, int n, cudaStream_t stream) {
  const unsigned blocksPerCluster = 2, threads = 256;
  cudaLaunchAttribute attrs[2];
  attrs[0].id = cudaLaunchAttributeCooperative;
  attrs[0].val.cooperative = 1;
  attrs[1].id = cudaLaunchAttributeClusterDimension;
  attrs[1].val.clusterDim.x = blocksPerCluster;
  attrs[1].val.clusterDim.y = 1;
  attrs[1].val.clusterDim.z = 1;
  cudaLaunchConfig_t config = {};
  config.blockDim = dim3(threads);
  config.gridDim = dim3(blocksPerCluster);  // provisional, for the occupancy query
  config.stream = stream;
  config.attrs = attrs;
  config.numAttrs = 2;
  int clusters = 0;
  cudaError_t err = cudaOccupancyMaxActiveClusters(&clusters, clustered_phases, &config);
  if (err != cudaSuccess || clusters == 0) return err;
  const unsigned maxBlocks = clusters * blocksPerCluster;  // clusters -> blocks
  const unsigned wanted = (n + threads - 1) / threads;
  const unsigned blocks = wanted < maxBlocks ? wanted : maxBlocks;
  config.gridDim = dim3((blocks + blocksPerCluster - 1) / blocksPerCluster * blocksPerCluster);  // whole clusters
  if (config.gridDim.x > maxBlocks) config.gridDim = dim3(maxBlocks);
  return cudaLaunchKernelEx(&config, clustered_phases, data, n);
}
