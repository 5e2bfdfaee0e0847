// A shuffle reads only from a lane that executes the same call: inside if (lane >= 16) the source is one of
// lanes 16..31, here the lowest lane of the mask, not lane 0 (outside the mask: the result is undefined).
__global__ void upper_half_broadcast(const int* in, int* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x % 32;
  const int v = in[i];
  if (lane >= 16) {
    const unsigned mask = 0xffff0000u;   // lanes 16..31 execute the call
    const int source = __ffs(mask) - 1;  // lane 16: inside the mask
    out[i] = __shfl_sync(mask, v, source);
  }
}
