// Time a synchronization from bare runs: CUDA events around repeated launches, the median of several
// repetitions, with no profiler attached (what this app's modes report). Compare the alternatives this way.
#include <algorithm>
#include <vector>

__global__ void phase(float* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] += 1.0f;
}

float median_ms(float* data, int n, cudaStream_t stream, int repetitions) {
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  std::vector<float> times;
  for (int r = 0; r < repetitions; ++r) {
    cudaEventRecord(start, stream);
    for (int k = 0; k < 100; ++k) phase<<<(n + 255) / 256, 256, 0, stream>>>(data, n);
    cudaEventRecord(stop, stream);
    cudaEventSynchronize(stop);
    float ms = 0.0f;
    cudaEventElapsedTime(&ms, start, stop);
    times.push_back(ms);
  }
  std::sort(times.begin(), times.end());
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  return times[times.size() / 2];
}
