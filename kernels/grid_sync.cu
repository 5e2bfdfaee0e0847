// grid_sync.cu — cooperative_groups::this_grid().sync(): the grid-wide barrier. Needs a cooperative launch
// (cudaLaunchAttributeCooperative) and a grid no larger than the co-resident limit
// (cudaOccupancyMaxActiveBlocksPerMultiprocessor x SM count). In PTX it is a release atomic on a grid counter,
// acquire loads to spin on it, and block barriers around it. Timed back to back, SB_UNROLL_LONG copies per iteration
// (each copy inlines tens of instructions).
#include <cooperative_groups.h>

#include "harness.cuh"

namespace cg = cooperative_groups;

__global__ void sb_k_grid_sync(sb_kargs a) {
  cg::grid_group grid = cg::this_grid();
  sb_timed_back_to_back<SB_UNROLL_LONG>(a, [&] { grid.sync(); });
}

static constexpr sb_workload kItems[] = {
    {.info = {.id = "grid_sync",
              .family = "grid",
              .op = "one this_grid().sync()",
              .expect_ptx = "atom\\.add\\.release\\.gpu",
              .expect_sass = "ATOM|RED",
              .cooperative = 1,
              .min_cc = 75,
              .param_kind = SB_PARAM_NONE,
              .kernel = "sb_k_grid_sync",
              .unroll = SB_UNROLL_LONG,
              .delta_iters = 256},
     .run = sb_run_cooperative<sb_k_grid_sync>,
     .occupancy = sb_occupancy_of<sb_k_grid_sync>},
};
static_assert(sb_all_have_delta(kItems), "every workload states its default delta_iters > 0");
extern const sb_workload_table sb_grid_table = {kItems, sizeof(kItems) / sizeof(kItems[0])};
