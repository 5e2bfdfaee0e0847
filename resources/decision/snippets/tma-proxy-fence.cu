// Threads fill a shared-memory tile, then one thread stores it to global memory with the TMA (a bulk copy). The
// threads wrote through the generic proxy and the TMA reads through the async proxy, so each writer fences the
// proxies (fence.proxy.async.shared::cta) before the barrier that lets the issuing thread start the copy.
#include <cstdint>

__global__ void tile_store(float* out) {
  __shared__ alignas(128) float tile[256];
  tile[threadIdx.x] = 2.0f * threadIdx.x;                      // generic-proxy writes
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");  // make them visible to the async proxy
  __syncthreads();                                              // every writer has fenced
  if (threadIdx.x == 0) {
    const unsigned src = static_cast<unsigned>(__cvta_generic_to_shared(tile));
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(out + 256 * blockIdx.x),
                 "r"(src), "r"(static_cast<unsigned>(sizeof(tile)))
                 : "memory");
    asm volatile("cp.async.bulk.commit_group;" ::: "memory");
    asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");  // the tile may be reused after this
  }
}
