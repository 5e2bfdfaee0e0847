// A warp-level call inside a branch names exactly the lanes that take the branch: the mask is computed by all
// 32 lanes with __ballot_sync before the branch (not __activemask(), not 0xffffffff inside it).
__global__ void branch_shuffle(const int* in, int* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int v = in[i];
  const bool take = v > 0;
  const unsigned mask = __ballot_sync(0xffffffffu, take);  // every lane of the warp votes, before the branch
  if (take) {
    const int leader = __ffs(mask) - 1;           // a source lane that is in the mask
    out[i] = __shfl_sync(mask, v, leader);        // only the lanes of the mask execute it
  }
}
