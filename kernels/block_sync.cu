// block_sync.cu — __syncthreads(): the block (CTA) barrier (PTX bar.sync 0 / barrier.sync 0, SASS BAR.SYNC).
#include "harness.cuh"

__global__ void sb_k_syncthreads(sb_kargs a) {
  sb_timed_loop(a, [](long long) { __syncthreads(); });
}

static const sb_workload kItems[] = {
    {{"syncthreads", "block", "one __syncthreads()", "bar(rier)?\\.sync\\s+0", "BAR\\.SYNC", 0, 0, 75, SB_PARAM_NONE, 0, "sb_k_syncthreads"},
     sb_run_loop<sb_k_syncthreads>, sb_occupancy_of<sb_k_syncthreads>, nullptr},
};
extern const sb_workload_table sb_block_table = {kItems, sizeof(kItems) / sizeof(kItems[0])};
