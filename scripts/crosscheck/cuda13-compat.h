// cuda13-compat.h — force-included (nvcc -include) when building SyncMicrobenchmark (Zhang et al., IPDPS'20) with
// CUDA 13, which removed multi-device cooperative launch: the type cudaLaunchParams, the call
// cudaLaunchCooperativeKernelMultiDevice and cooperative_groups::multi_grid_group / this_multi_grid(). These
// stand-ins let the suite's sources compile unchanged; the multi-grid launch answers cudaErrorNotSupported, so the
// suite skips its multi-grid rows (it `continue`s on a launch error) and only its single-GPU rows are produced.
// Written for Sync Workbench; it contains none of the suite's code.
#pragma once
#include <cooperative_groups.h>
#include <cuda_runtime.h>

#if CUDART_VERSION >= 13000
struct cudaLaunchParams {
  void *func;
  dim3 gridDim;
  dim3 blockDim;
  void **args;
  size_t sharedMem;
  cudaStream_t stream;
};

static inline cudaError_t cudaLaunchCooperativeKernelMultiDevice(cudaLaunchParams *, unsigned int,
                                                                 unsigned int = 0) {
  return cudaErrorNotSupported;
}

namespace cooperative_groups {
// Never synchronizes anything: reached only through a launch that the stand-in above refuses.
struct multi_grid_group {
  __device__ void sync() const {}
};
__device__ inline multi_grid_group this_multi_grid() { return {}; }
__device__ inline void sync(const multi_grid_group &) {}
}  // namespace cooperative_groups
#endif
