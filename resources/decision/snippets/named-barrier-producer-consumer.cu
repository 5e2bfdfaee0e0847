// Producer warps hand a buffer to consumer warps with a named barrier of their own (id 1, 128 threads):
// producers bar.arrive after writing, consumers bar.sync before reading; other warps keep working.
// Warps 0-1 produce, warps 2-3 consume (blockDim.x >= 128); id 0 belongs to __syncthreads.
__global__ void named_handoff(const float* in, float* out) {
  __shared__ float buffer[64];
  const int warp = threadIdx.x / 32;
  if (warp < 2) {
    buffer[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x];  // produce
    asm volatile("bar.arrive 1, 128;" ::: "memory");          // signal: buffer full
  } else if (warp < 4) {
    asm volatile("bar.sync 1, 128;" ::: "memory");            // wait for the producers
    out[blockIdx.x * 64 + threadIdx.x - 64] = buffer[threadIdx.x - 64];  // consume
  }
}
