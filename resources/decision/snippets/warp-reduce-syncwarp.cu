// The last steps of a block reduction without relying on lock-step lanes (legacy warp-synchronous code with
// volatile shared memory is not ordered under independent thread scheduling). Either __syncwarp() between the
// read and the write of every step, or keep the values in registers and reduce them with shuffles.
__device__ void warp_reduce_shared(float* sdata, unsigned tid) {  // tid < 32; sdata holds 64 values
  float v = sdata[tid];
  for (int offset = 32; offset > 0; offset /= 2) {
    v += sdata[tid + offset];
    __syncwarp();  // every lane has read before any lane overwrites
    sdata[tid] = v;
    __syncwarp();  // the writes are visible before the next step reads them
  }
}

__device__ float warp_reduce_registers(float v) {
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;  // lane 0 holds the warp's sum
}

__global__ void block_sum(const float* in, float* out) {  // blockDim.x == 64
  __shared__ float sdata[64];
  sdata[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x];
  __syncthreads();
  if (threadIdx.x < 32) {
    warp_reduce_shared(sdata, threadIdx.x);
    const float viaShuffles = warp_reduce_registers(in[blockIdx.x * 64 + threadIdx.x]);
    if (threadIdx.x == 0) out[blockIdx.x] = sdata[0] + 0.0f * viaShuffles;
  }
}
