// Lanes of one warp hand a value over through shared memory: __syncwarp(mask) between the write and the read.
// Every lane named in the mask executes the call. (One warp per block here: blockDim.x == 32.)
__global__ void warp_handoff(const int* in, int* out) {
  __shared__ int tile[32];
  const unsigned mask = 0xffffffffu;  // the lanes that take part
  const int lane = threadIdx.x % 32;
  tile[lane] = in[blockIdx.x * 32 + lane];  // write
  __syncwarp(mask);                         // converge and order the write before the reads
  out[blockIdx.x * 32 + lane] = tile[(lane + 1) % 32];  // read another lane's value
}
