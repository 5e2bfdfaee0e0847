// grid_sync.cu — cooperative_groups::this_grid().sync(): the grid-wide barrier. Needs a cooperative launch
// (cudaLaunchAttributeCooperative) and a grid no larger than the co-resident limit
// (cudaOccupancyMaxActiveBlocksPerMultiprocessor x SM count). In PTX it is a release atomic on a grid counter,
// acquire loads to spin on it, and block barriers around it.
#include <cooperative_groups.h>

#include "harness.cuh"

namespace cg = cooperative_groups;

__global__ void sb_k_grid_sync(sb_kargs a) {
  cg::grid_group grid = cg::this_grid();
  sb_timed_loop(a, [&](long long) { grid.sync(); });
}

static const sb_workload kItems[] = {
    {{"grid_sync", "grid", "one this_grid().sync()", "atom\\.add\\.release\\.gpu", "ATOM|RED", 1, 0, 75,
      SB_PARAM_NONE, 0, "sb_k_grid_sync"},
     sb_run_cooperative<sb_k_grid_sync>, sb_occupancy_of<sb_k_grid_sync>, nullptr},
};
extern const sb_workload_table sb_grid_table = {kItems, sizeof(kItems) / sizeof(kItems[0])};
