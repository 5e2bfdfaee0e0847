// warp_sync.cu — __syncwarp(): the warp-level barrier (PTX bar.warp.sync 0xffffffff). In converged code ptxas can
// prove the whole warp is already together and emits no instruction for it (seen on sm_90: a NOP in SASS, also when
// the full mask comes from a run-time value), so back to back it costs about nothing. A warp barrier that really
// executes (WARPSYNC) is measured by the sub-warp tiles of cg_tiles.cu.
#include "harness.cuh"

__global__ void sb_k_syncwarp(sb_kargs a) {
  sb_timed_back_to_back<SB_UNROLL>(a, [] { __syncwarp(); });
}

static constexpr sb_workload kItems[] = {
    {.info = {.id = "syncwarp",
              .family = "warp",
              .op = "one __syncwarp()",
              .expect_ptx = "bar\\.warp\\.sync",
              .expect_sass = "WARPSYNC|NOP",
              .min_cc = 75,
              .param_kind = SB_PARAM_NONE,
              .kernel = "sb_k_syncwarp",
              .unroll = SB_UNROLL,
              .delta_iters = 131072},
     .run = sb_run_loop<sb_k_syncwarp>,
     .occupancy = sb_occupancy_of<sb_k_syncwarp>},
};
static_assert(sb_all_have_delta(kItems), "every workload states its default delta_iters > 0");
extern const sb_workload_table sb_warp_table = {kItems, sizeof(kItems) / sizeof(kItems[0])};
