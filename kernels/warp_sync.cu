// warp_sync.cu — __syncwarp(): the warp-level barrier (PTX bar.warp.sync 0xffffffff). In converged code ptxas can
// prove the whole warp is already together and emits no instruction for it (seen on sm_90: a NOP in SASS, also when
// the full mask comes from a run-time value), so in the chapter's empty loop it costs about nothing. A warp barrier
// that really executes (WARPSYNC) is measured by the sub-warp tiles of cg_tiles.cu.
#include "harness.cuh"

__global__ void sb_k_syncwarp(sb_kargs a) {
  sb_timed_loop(a, [](long long) { __syncwarp(); });
}

static const sb_workload kItems[] = {
    {{"syncwarp", "warp", "one __syncwarp()", "bar\\.warp\\.sync", "WARPSYNC|NOP", 0, 0, 75, SB_PARAM_NONE, 0, "sb_k_syncwarp"},
     sb_run_loop<sb_k_syncwarp>, sb_occupancy_of<sb_k_syncwarp>, nullptr},
};
extern const sb_workload_table sb_warp_table = {kItems, sizeof(kItems) / sizeof(kItems[0])};
