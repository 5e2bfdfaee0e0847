// warp_sync.cu — __syncwarp(): the warp-level barrier (PTX bar.warp.sync, SASS WARPSYNC).
#include "harness.cuh"

__global__ void sb_k_syncwarp(sb_kargs a) {
  sb_timed_loop(a, [](long long) { __syncwarp(); });
}

static const sb_workload kItems[] = {
    {{"syncwarp", "warp", "one __syncwarp()", "bar\\.warp\\.sync", "WARPSYNC|NOP", 0, 0, 75, SB_PARAM_NONE, 0, "sb_k_syncwarp"},
     sb_run_loop<sb_k_syncwarp>, sb_occupancy_of<sb_k_syncwarp>, nullptr},
};
extern const sb_workload_table sb_warp_table = {kItems, sizeof(kItems) / sizeof(kItems[0])};
