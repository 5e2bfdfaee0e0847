// Shuffles over segments of 8 lanes (width 8): srcLane counts from the start of the caller's segment, and the
// mask still names every lane of the warp that executes the call (all four segments here), not one segment.
__global__ void segment_sum(const int* in, int* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned mask = 0xffffffffu;  // every lane executes the shuffles
  int v = in[i];
  for (int delta = 4; delta > 0; delta /= 2) v += __shfl_down_sync(mask, v, delta, 8);  // width 8
  if (threadIdx.x % 8 == 0) out[i / 8] = v;  // lane 0 of each segment holds its segment's sum
}
