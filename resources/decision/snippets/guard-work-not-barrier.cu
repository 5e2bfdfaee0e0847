// A barrier stays unconditional: threads past the end of the data skip the work, not the barrier, and every
// thread runs the same number of iterations around it. (blockDim.x == 256.)
__global__ void guarded(const float* in, float* out, int n, int rounds) {
  __shared__ float tile[256];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int r = 0; r < rounds; ++r) {  // the same trip count for every thread of the block
    if (i < n) tile[threadIdx.x] = in[i] + r;  // guard the work ...
    __syncthreads();                           // ... never the barrier
    if (i < n) out[i] = tile[(threadIdx.x + 1) % blockDim.x];
    __syncthreads();                           // the tile is reused next round
  }
}
