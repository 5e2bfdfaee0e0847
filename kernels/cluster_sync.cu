// cluster_sync.cu — cooperative_groups::this_cluster().sync(): the thread-block-cluster barrier (sm_90+,
// PTX barrier.cluster.arrive / barrier.cluster.wait). Launched with cudaLaunchAttributeClusterDimension; sizes above
// 8 (the portable limit) need cudaFuncAttributeNonPortableClusterSizeAllowed (harness.cu sets it).
#include <cooperative_groups.h>

#include "harness.cuh"

namespace cg = cooperative_groups;

__global__ void sb_k_cluster_sync(sb_kargs a) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  cg::cluster_group cluster = cg::this_cluster();
  sb_timed_loop(a, [&](long long) { cluster.sync(); });
#else
  __trap();  // never launched: the host refuses cluster workloads below compute capability 9.0
#endif
}

static const sb_workload kItems[] = {
    {{"cluster_sync", "cluster", "one this_cluster().sync()", "barrier\\.cluster\\.wait", "UCGABAR|CCTL|BAR", 0, 1, 90,
      SB_PARAM_NONE, 0, "sb_k_cluster_sync"},
     sb_run_loop<sb_k_cluster_sync>, sb_occupancy_of<sb_k_cluster_sync>, sb_k_cluster_sync},
};
extern const sb_workload_table sb_cluster_table = {kItems, sizeof(kItems) / sizeof(kItems[0])};
