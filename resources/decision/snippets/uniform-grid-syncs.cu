// grid.sync() the same number of times in every block: every block loops the maximum trip count and guards
// only the work inside. Launch cooperatively within the co-resident limit (see grid-sync-cooperative).
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void uniform_rounds(float* data, const int* roundsOfBlock, int maxRounds, int n) {
  cg::grid_group grid = cg::this_grid();
  const int mine = roundsOfBlock[blockIdx.x];
  for (int r = 0; r < maxRounds; ++r) {  // maxRounds: the same for every block
    if (r < mine) {
      for (int i = grid.thread_rank(); i < n; i += grid.size()) data[i] += 1.0f;  // guarded work
    }
    grid.sync();  // reached maxRounds times by every thread of the grid
  }
}
