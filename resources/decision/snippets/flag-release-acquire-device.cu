// Publishing data through a flag between blocks of one grid: the producer writes the data, then
// stores the flag with release; the consumer loads the flag with acquire until it is set, then reads the data
// with ordinary loads. The scope (cuda::thread_scope_device) contains producer and consumer.
#include <cuda/atomic>

__device__ void publish(int* data, int* flag, int value) {
  data[0] = value;  // the payload
  cuda::atomic_ref<int, cuda::thread_scope_device> ready(*flag);
  ready.store(1, cuda::memory_order_release);  // release: the payload is ordered before the flag
}

__device__ int consume(const int* data, int* flag) {
  cuda::atomic_ref<int, cuda::thread_scope_device> ready(*flag);
  while (ready.load(cuda::memory_order_acquire) == 0) {
  }  // acquire: loads after it see the payload
  return data[0];  // an ordinary load issued after the acquire
}

// Block 0 publishes, the last block consumes. The consumer waits for another block, so launch cooperatively
// within the co-resident limit (or only ever wait on a block that has already started, see lookback-ticket).
__global__ void handoff_device(int* data, int* flag, int* out) {
  if (blockIdx.x == 0 && threadIdx.x == 0) publish(data, flag, 42);
  if (blockIdx.x == gridDim.x - 1 && threadIdx.x == 0) out[0] = consume(data, flag);
}
