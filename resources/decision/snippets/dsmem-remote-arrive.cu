// A block hands a value to its neighbour in the same thread-block cluster: it stores into the neighbour's shared
// memory (distributed shared memory, a mapa address) and arrives on the neighbour's mbarrier with release at
// cluster scope; only the neighbour waits (acquire at cluster scope), not the whole cluster.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__device__ __forceinline__ unsigned smem(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__global__ void __cluster_dims__(2, 1, 1) neighbour_handoff(unsigned* out) {
  __shared__ unsigned slot;
  __shared__ alignas(8) unsigned long long full;
  cg::cluster_group cluster = cg::this_cluster();
  const unsigned rank = cluster.block_rank();
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem(&full)));
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  cluster.sync();  // both blocks' barriers exist before anyone arrives on them
  if (rank == 0 && threadIdx.x == 0) {
    unsigned remote_slot, remote_full;
    asm volatile("mapa.shared::cluster.u32 %0, %1, 1;" : "=r"(remote_slot) : "r"(smem(&slot)));
    asm volatile("mapa.shared::cluster.u32 %0, %1, 1;" : "=r"(remote_full) : "r"(smem(&full)));
    asm volatile("st.shared::cluster.u32 [%0], %1;" ::"r"(remote_slot), "r"(42u) : "memory");
    asm volatile("mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%0];" ::"r"(remote_full) : "memory");
  }
  if (rank == 1) {
    unsigned done = 0;
    while (!done) {
      asm volatile(
          "{ .reg .pred p; mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
          : "=r"(done)
          : "r"(smem(&full))
          : "memory");
    }
    if (threadIdx.x == 0) out[0] = slot;
  }
  cluster.sync();  // block 1's shared memory outlives block 0's remote store
}
