// Programmatic dependent launch (compute capability 9.0): the later kernel starts while the earlier one finishes,
// runs its prologue, and calls cudaGridDependencySynchronize() before its first read of the earlier kernel's output.
// The earlier kernel may release it early with cudaTriggerProgrammaticLaunchCompletion().
#include <cuda_runtime.h>

__global__ void producer(float* data) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  data[i] = 1.0f + i;
  cudaTriggerProgrammaticLaunchCompletion();  // after the last write the consumer depends on
}

__global__ void consumer(const float* data, const float* weights, float* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float w = weights[i];       // prologue: independent of the producer
  cudaGridDependencySynchronize();  // the producer's writes are visible after this
  out[i] = w * data[i];
}

cudaError_t launch_pair(float* data, const float* weights, float* out, cudaStream_t stream) {
  producer<<<132, 256, 0, stream>>>(data);
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(132);
  config.blockDim = dim3(256);
  config.stream = stream;
  cudaLaunchAttribute attr;
  attr.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attr.val.programmaticStreamSerializationAllowed = 1;
  config.attrs = &attr;
  config.numAttrs = 1;
  return cudaLaunchKernelEx(&config, consumer, static_cast<const float*>(data), weights, out);
}
