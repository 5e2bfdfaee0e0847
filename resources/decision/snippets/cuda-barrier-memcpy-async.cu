// Asynchronous copies into shared memory consumed by the block: cuda::barrier in shared memory; the copies'
// completion arrives on it, the threads wait on it before reading. (blockDim.x == 256.)
#include <cooperative_groups.h>
#include <cuda/barrier>

// A block-scope barrier in shared memory is initialised with init() below, not by a constructor.
#pragma nv_diag_suppress static_var_with_dynamic_init

namespace cg = cooperative_groups;

__global__ void async_tile(const float* in, float* out) {
  __shared__ float tile[256];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();  // the barrier is initialised before anyone uses it
  cuda::memcpy_async(block, tile, in + blockIdx.x * 256, sizeof(tile), bar);
  bar.arrive_and_wait();  // the copy has landed and every thread has arrived
  out[blockIdx.x * 256 + threadIdx.x] = tile[255 - threadIdx.x];
}
