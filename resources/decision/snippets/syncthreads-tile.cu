// Warps of one block share a tile in shared memory: __syncthreads() between the writes and the reads,
// reached by every thread of the block. (blockDim.x == 256.)
__global__ void tile_handoff(const float* in, float* out, int n) {
  __shared__ float tile[256];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? in[i] : 0.0f;  // every warp writes its part
  __syncthreads();                            // every warp waits; the writes are visible to the block
  const float right = tile[(threadIdx.x + 1) % blockDim.x];  // read another warp's value
  if (i < n) out[i] = right;
}
