// correctness.cu — the shared-memory producer/consumer hand-off of the chapter's `correctness` mode.
// Round r: warp (r mod nwarps) writes the whole tile (blockDim.x values), __syncthreads(), then every thread reads
// a value that another warp wrote and checks it; a second __syncthreads() keeps the next round's writes after this
// round's reads. Mismatches are counted per block.
// handoff_smem_no_barrier drops both barriers: a data race, undefined behaviour. It exists only to be run under
// compute-sanitizer (racecheck reports the hazard); the product never reports it as a measured failure rate.
#include "harness.cuh"
#include "verify.cuh"

constexpr int kMaxTile = 1024;

template <bool Barrier>
__global__ void sb_k_handoff_smem(sb_kargs a) {
  __shared__ unsigned tile[kMaxTile];
  const int n = static_cast<int>(blockDim.x);
  const int nwarps = n / 32;
  const int warp = static_cast<int>(threadIdx.x) / 32;
  const int lane = static_cast<int>(threadIdx.x) % 32;
  const unsigned long long block_base = static_cast<unsigned long long>(blockIdx.x) * kMaxTile;
  int mismatches = 0;
  sb_timed_rounds(a, [&](long long r) {
    const int writer = static_cast<int>(r % nwarps);
    if (warp == writer) {
      for (int j = lane; j < n; j += 32) tile[j] = sb_value(r, block_base + j);
    }
    if (Barrier) __syncthreads();
    // Read a slot written by the writer warp but not by this thread's own lane position in it.
    const int j = (static_cast<int>(threadIdx.x) + 32 + static_cast<int>(r % 32)) % n;
    if (tile[j] != sb_value(r, block_base + j)) ++mismatches;
    if (Barrier) __syncthreads();
  });
  if (mismatches) atomicAdd(&a.rec[blockIdx.x].mismatches, mismatches);
}

// A barrier in divergent code, on purpose (undefined behaviour): odd and even warps wait at two different
// __syncthreads() calls. Exists only for compute-sanitizer's synccheck, which reports it.
__global__ void sb_k_divergent_barrier(sb_kargs a) {
  sb_timed_rounds(a, [](long long) {
    if (threadIdx.x & 32) {
      __syncthreads();
    } else {
      __syncthreads();
    }
  });
}

template <bool Barrier>
static cudaError_t run_handoff(sb_context *ctx, const sb_launch *launch, long long iters, int param,
                               sb_run_sample *out) {
  if (launch->threads_per_block > kMaxTile || launch->threads_per_block < 64) return cudaErrorInvalidConfiguration;
  SB_CHECK(sb_run_loop<sb_k_handoff_smem<Barrier>>(ctx, launch, iters, param, out));
  out->verified = iters * static_cast<long long>(launch->threads_per_block) * launch->grid_blocks;
  return cudaSuccess;
}

static constexpr sb_workload kItems[] = {
    {.info = {.id = "handoff_smem",
              .family = "correctness",
              .op = "one shared-memory hand-off round (2 x __syncthreads, verified)",
              .expect_ptx = "bar(rier)?\\.sync\\s+0",
              .expect_sass = "BAR\\.SYNC",
              .min_cc = 75,
              .param_kind = SB_PARAM_NONE,
              .kernel = "sb_k_handoff_smemILb1E",
              .delta_iters = 1024},
     .run = run_handoff<true>,
     .occupancy = sb_occupancy_of<sb_k_handoff_smem<true>>},
    {.info = {.id = "handoff_smem_no_barrier",
              .family = "correctness",
              .op = "the same hand-off without barriers (data race: sanitizer only)",
              .expect_ptx = "",
              .expect_sass = "",
              .min_cc = 75,
              .param_kind = SB_PARAM_NONE,
              .unsafe = SB_UNSAFE_UNDEFINED,
              .kernel = "sb_k_handoff_smemILb0E",
              .delta_iters = 1024},
     .run = run_handoff<false>,
     .occupancy = sb_occupancy_of<sb_k_handoff_smem<false>>},
    {.info = {.id = "divergent_barrier",
              .family = "correctness",
              .op = "__syncthreads() in divergent code (undefined behaviour: synccheck only)",
              .expect_ptx = "",
              .expect_sass = "",
              .min_cc = 75,
              .param_kind = SB_PARAM_NONE,
              .unsafe = SB_UNSAFE_UNDEFINED,
              .kernel = "sb_k_divergent_barrier",
              .delta_iters = 1024},
     .run = sb_run_loop<sb_k_divergent_barrier>,
     .occupancy = sb_occupancy_of<sb_k_divergent_barrier>},
};
static_assert(sb_all_have_delta(kItems), "every workload states its default delta_iters > 0");
extern const sb_workload_table sb_correctness_table = {kItems, sizeof(kItems) / sizeof(kItems[0])};
