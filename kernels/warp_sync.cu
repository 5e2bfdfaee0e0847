// warp_sync.cu — __syncwarp(): the warp-level barrier (PTX bar.warp.sync).
//   syncwarp:      __syncwarp() as people write it (constant full mask). In converged code ptxas may prove the warp
//                  already converged and emit no instruction for it (seen on sm_90: a NOP), so it costs ~nothing.
//   syncwarp_mask: __syncwarp(mask) with a mask the compiler cannot prove constant (all lanes at run time), so the
//                  WARPSYNC instruction stays: what a warp barrier costs when it is really executed.
#include "harness.cuh"

__global__ void sb_k_syncwarp(sb_kargs a) {
  sb_timed_loop(a, [](long long) { __syncwarp(); });
}

__global__ void sb_k_syncwarp_mask(sb_kargs a) {
  const unsigned mask = 0xffffffffu >> a.sink_flag;  // sink_flag is 0 at run time: every lane
  sb_timed_loop(a, [&](long long) { __syncwarp(mask); });
}

static const sb_workload kItems[] = {
    {{"syncwarp", "warp", "one __syncwarp()", "bar\\.warp\\.sync", "WARPSYNC|NOP", 0, 0, 75, SB_PARAM_NONE, 0, "sb_k_syncwarp"},
     sb_run_loop<sb_k_syncwarp>, sb_occupancy_of<sb_k_syncwarp>, nullptr},
    {{"syncwarp_mask", "warp", "one __syncwarp(mask) with a run-time mask", "bar\\.warp\\.sync", "WARPSYNC", 0, 0, 75,
      SB_PARAM_NONE, 0, "sb_k_syncwarp_mask"},
     sb_run_loop<sb_k_syncwarp_mask>, sb_occupancy_of<sb_k_syncwarp_mask>, nullptr},
};
extern const sb_workload_table sb_warp_table = {kItems, sizeof(kItems) / sizeof(kItems[0])};
