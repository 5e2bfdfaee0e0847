// Blocks of one thread-block cluster exchange a value through distributed shared memory: block 0 of the
// cluster writes its shared memory, cluster.sync() orders it, the other blocks read it with map_shared_rank.
// A second cluster.sync() keeps block 0's shared memory alive until every reader is done.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void __cluster_dims__(2, 1, 1) cluster_exchange(int* out) {
  __shared__ int value;
  cg::cluster_group cluster = cg::this_cluster();
  if (cluster.block_rank() == 0 && threadIdx.x == 0) value = 42;  // the write
  cluster.sync();  // every block of the cluster arrives; the write is visible to all of them
  const int* remote = cluster.map_shared_rank(&value, 0);  // block 0's shared memory
  if (threadIdx.x == 0) out[blockIdx.x] = *remote;          // the read
  cluster.sync();  // block 0 may not exit while others still read its shared memory
}
