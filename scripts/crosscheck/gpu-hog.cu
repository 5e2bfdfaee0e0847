// gpu-hog.cu — a foreign compute process for the shared-GPU experiment (scripts/gpu-session-clusters.sh): holds a
// CUDA context on device 0 and runs one small spinning kernel after another for argv[1] seconds (default 60).
// Build: nvcc -O3 -arch=sm_90 -o gpu-hog scripts/crosscheck/gpu-hog.cu
#include <chrono>
#include <cstdio>
#include <cstdlib>

__global__ void spin(long long cycles) {
  const long long t0 = clock64();
  while (clock64() - t0 < cycles) {
  }
}

int main(int argc, char **argv) {
  const double seconds = argc > 1 ? std::atof(argv[1]) : 60;
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  std::printf("gpu-hog: pid running for %.0f s\n", seconds);
  std::fflush(stdout);
  while (std::chrono::steady_clock::now() < end) {
    spin<<<4, 32>>>(2000000);  // about 1 ms at 2 GHz, on 4 SMs
    if (cudaDeviceSynchronize() != cudaSuccess) {
      std::fprintf(stderr, "gpu-hog: %s\n", cudaGetErrorString(cudaGetLastError()));
      return 1;
    }
  }
  return 0;
}
