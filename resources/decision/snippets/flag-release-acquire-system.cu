// Publishing data through a flag between the GPU and the host (or another GPU): the producer writes the data, then
// stores the flag with release; the consumer loads the flag with acquire until it is set, then reads the data
// with ordinary loads. The scope (cuda::thread_scope_system) contains producer and consumer.
#include <cuda/atomic>

__device__ void publish(int* data, int* flag, int value) {
  data[0] = value;  // the payload
  cuda::atomic_ref<int, cuda::thread_scope_system> ready(*flag);
  ready.store(1, cuda::memory_order_release);  // release: the payload is ordered before the flag
}

__device__ int consume(const int* data, int* flag) {
  cuda::atomic_ref<int, cuda::thread_scope_system> ready(*flag);
  while (ready.load(cuda::memory_order_acquire) == 0) {
  }  // acquire: loads after it see the payload
  return data[0];  // an ordinary load issued after the acquire
}

// The kernel publishes into mapped pinned memory (cudaHostAlloc with cudaHostAllocMapped) while it runs; a host
// thread consumes with the same protocol on the host pointer. System-scope atomics need hardware support.
__global__ void handoff_system(int* data, int* flag) {
  if (blockIdx.x == 0 && threadIdx.x == 0) publish(data, flag, 42);
}

int host_consume(const int* hostData, int* hostFlag) {
  cuda::atomic_ref<int, cuda::thread_scope_system> ready(*hostFlag);
  while (ready.load(cuda::memory_order_acquire) == 0) {
  }
  return hostData[0];
}
