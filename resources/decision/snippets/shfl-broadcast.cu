// A value in a register of one lane, read by other lanes of the same warp: a *_sync collective hands it over.
// The mask names exactly the lanes that execute the call; srcLane is one of them.
__global__ void broadcast(const int* in, int* out) {
  const unsigned mask = 0xffffffffu;  // all 32 lanes execute the shuffle
  const int lane = threadIdx.x % 32;
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  int leader = __shfl_sync(mask, v, 0);  // lane 0's value, delivered to every lane of the mask
  out[blockIdx.x * blockDim.x + threadIdx.x] = leader + lane;
}
