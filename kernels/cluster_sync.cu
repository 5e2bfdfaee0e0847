// cluster_sync.cu — cooperative_groups::this_cluster().sync(): the thread-block-cluster barrier (sm_90+,
// PTX barrier.cluster.arrive / barrier.cluster.wait). Launched with cudaLaunchAttributeClusterDimension; sizes above
// 8 (the portable limit) need cudaFuncAttributeNonPortableClusterSizeAllowed (set by sb_prepare_kernel, outside the
// timed region). Timed back to back, SB_UNROLL_LONG copies per iteration.
#include <cooperative_groups.h>

#include "harness.cuh"

namespace cg = cooperative_groups;

__global__ void sb_k_cluster_sync(sb_kargs a) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  cg::cluster_group cluster = cg::this_cluster();
  sb_timed_back_to_back<SB_UNROLL_LONG>(a, [&] { cluster.sync(); });
#else
  __trap();  // never launched: the host refuses cluster workloads below compute capability 9.0
#endif
}

static constexpr sb_workload kItems[] = {
    {.info = {.id = "cluster_sync",
              .family = "cluster",
              .op = "one this_cluster().sync()",
              .expect_ptx = "barrier\\.cluster\\.wait",
              .expect_sass = "UCGABAR|CCTL|BAR",
              .needs_cluster = 1,
              .min_cc = 90,
              .param_kind = SB_PARAM_NONE,
              .kernel = "sb_k_cluster_sync",
              .unroll = SB_UNROLL_LONG,
              .delta_iters = 4096,
              .smoke = {.grid_blocks = 2, .cluster_size = 2, .cluster_attribute = 1}},
     .run = sb_run_loop<sb_k_cluster_sync>,
     .occupancy = sb_occupancy_of<sb_k_cluster_sync>,
     .cluster_kernel = sb_k_cluster_sync},
};
static_assert(sb_all_have_delta(kItems), "every workload states its default delta_iters > 0");
extern const sb_workload_table sb_cluster_table = {kItems, sizeof(kItems) / sizeof(kItems[0])};
