// A grid-wide barrier: grid.sync() in a kernel launched with cudaLaunchCooperativeKernel, the grid clamped
// to the co-resident limit (occupancy x SMs) and the work covered with grid-stride loops.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void two_phases(float* data, float* partial, int n) {
  cg::grid_group grid = cg::this_grid();
  for (int i = grid.thread_rank(); i < n; i += grid.size()) data[i] *= 2.0f;  // phase 1
  grid.sync();  // every block arrives; phase 1 is visible to every block; shared memory survives
  for (int i = grid.thread_rank(); i < n; i += grid.size()) partial[i] = data[(i + 1) % n];  // phase 2
}

cudaError_t launch_two_phases(float* data, float* partial, int n, cudaStream_t stream) {
  int device = 0, cooperative = 0, sms = 0, perSm = 0;
  cudaGetDevice(&device);
  cudaDeviceGetAttribute(&cooperative, cudaDevAttrCooperativeLaunch, device);
  if (!cooperative) return cudaErrorNotSupported;  // fall back to two kernels
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  const int threads = 256;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, two_phases, threads, 0);
  const int coresident = perSm * sms;  // the co-resident limit: never launch more blocks than this
  const int wanted = (n + threads - 1) / threads;
  dim3 grid(wanted < coresident ? wanted : coresident), block(threads);
  void* args[] = {&data, &partial, &n};
  return cudaLaunchCooperativeKernel((void*)two_phases, grid, block, args, 0, stream);
}
