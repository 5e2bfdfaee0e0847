// A single-pass chained scan that waits only on tiles taken earlier: each block takes its tile id from an
// atomic counter when it starts, so every lower tile id belongs to a block that has already started and will
// finish without waiting for this one (blockIdx.x gives no such guarantee: blocks need not start in order).
// Status flags are published with release and read with acquire at device scope. (blockDim.x == 256.)
#include <cuda/atomic>

__global__ void chained_scan(const int* in, int* out, int* tileCounter, int* tileSum, int* tileReady) {
  __shared__ int tile;
  __shared__ int exclusive;
  if (threadIdx.x == 0) tile = atomicAdd(tileCounter, 1);  // the dynamic tile id: order of starting
  __syncthreads();
  const int base = tile * 256;
  int v = in[base + threadIdx.x];
  // ... a block-wide reduction of the tile into `sum` (kept trivial here) ...
  __shared__ int sum;
  if (threadIdx.x == 0) sum = 0;
  __syncthreads();
  atomicAdd(&sum, v);
  __syncthreads();
  if (threadIdx.x == 0) {
    int prefix = 0;
    if (tile > 0) {
      cuda::atomic_ref<int, cuda::thread_scope_device> ready(tileReady[tile - 1]);
      while (ready.load(cuda::memory_order_acquire) == 0) {
      }  // the predecessor has started: it will publish
      prefix = tileSum[tile - 1];
    }
    tileSum[tile] = prefix + sum;  // inclusive prefix of this tile
    cuda::atomic_ref<int, cuda::thread_scope_device>(tileReady[tile]).store(1, cuda::memory_order_release);
    exclusive = prefix;
  }
  __syncthreads();
  out[base + threadIdx.x] = exclusive + v;  // (an in-tile scan would go here)
}
