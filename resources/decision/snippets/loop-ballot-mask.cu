// Lanes leave a loop at different iterations: the lanes still in the loop recompute the mask every iteration
// with __ballot_sync over the previous mask, before the leaving lanes break out. Every lane of `mask` executes
// every call that names it.
__global__ void ragged_loop(const int* counts, const int* in, int* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int trips = counts[i];
  int acc = 0;
  unsigned mask = 0xffffffffu;  // every lane enters the loop
  for (int t = 0;; ++t) {
    const bool stay = t < trips;
    mask = __ballot_sync(mask, stay);  // executed by exactly the lanes of the previous mask
    if (!stay) break;                  // leavers exit after voting
    acc += __shfl_xor_sync(mask, in[i] + t, 1) * ((mask >> ((threadIdx.x % 32) ^ 1)) & 1u);
  }
  out[i] = acc;
}
