// cg_tiles.cu — cooperative-groups tiles: tiled_partition<N>(this_thread_block()).sync() for N = 4..32 (a masked
// warp barrier, bar.warp.sync) and the multi-warp tiles N = 64..512 (sm_80+: a shared-memory arrival counter and
// bar.warp.sync), plus coalesced_threads().sync(). All back to back; the multi-warp tiles inline tens of
// instructions per sync and use SB_UNROLL_LONG copies per iteration.
#include <cooperative_groups.h>

#include "harness.cuh"

namespace cg = cooperative_groups;

template <int N>
__device__ __forceinline__ void sb_tile_loop(const sb_kargs &a) {
  cg::thread_block_tile<N> tile = cg::tiled_partition<N>(cg::this_thread_block());
  sb_timed_back_to_back<(N <= 32 ? SB_UNROLL : SB_UNROLL_LONG)>(a, [&] { tile.sync(); });
}

template <int N>
__global__ void sb_k_tile_sync(sb_kargs a) {
  if constexpr (N <= 32) {
    sb_tile_loop<N>(a);
  } else {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    sb_tile_loop<N>(a);
#else
    __trap();  // never launched: the host refuses multi-warp tiles below compute capability 8.0
#endif
  }
}

__global__ void sb_k_coalesced_sync(sb_kargs a) {
  sb_timed_back_to_back<SB_UNROLL>(a, [] { cg::coalesced_threads().sync(); });
}

static sb_kernel_fn tile_kernel(int n) {
  switch (n) {
    case 4:
      return sb_k_tile_sync<4>;
    case 8:
      return sb_k_tile_sync<8>;
    case 16:
      return sb_k_tile_sync<16>;
    case 32:
      return sb_k_tile_sync<32>;
    case 64:
      return sb_k_tile_sync<64>;
    case 128:
      return sb_k_tile_sync<128>;
    case 256:
      return sb_k_tile_sync<256>;
    case 512:
      return sb_k_tile_sync<512>;
    default:
      return nullptr;
  }
}

static cudaError_t run_tiles(sb_context *ctx, const sb_launch *launch, long long iters, int param, sb_run_sample *out) {
  sb_kernel_fn k = tile_kernel(param);
  if (!k) return cudaErrorInvalidValue;
  return sb_launch_timed(ctx, k, launch, sb_make_kargs(ctx, iters, param), sb_launch_opts{}, out);
}

static cudaError_t occupancy_tiles(unsigned threads, unsigned smem, int param, int *blocks_per_sm) {
  sb_kernel_fn k = tile_kernel(param);
  if (!k) return cudaErrorInvalidValue;
  return sb_kernel_occupancy(k, threads, smem, blocks_per_sm);
}

static constexpr sb_workload kItems[] = {
    {.info = {.id = "tile_sync",
              .family = "tiles",
              .op = "one thread_block_tile<N>.sync()",
              .expect_ptx = "bar\\.warp\\.sync",
              .expect_sass = "WARPSYNC|NOP|BAR",
              .min_cc = 75,
              .param_kind = SB_PARAM_TILE,
              .kernel = "sb_k_tile_sync",
              .unroll = SB_UNROLL_LONG,
              .delta_iters = 16384,
              .smoke = {.threads_per_block = 128, .param = 64}},
     .run = run_tiles,
     .occupancy = occupancy_tiles},
    {.info = {.id = "coalesced_sync",
              .family = "tiles",
              .op = "one coalesced_threads().sync()",
              .expect_ptx = "bar\\.warp\\.sync|activemask",
              .expect_sass = "WARPSYNC|VOTE|NOP",
              .min_cc = 75,
              .param_kind = SB_PARAM_NONE,
              .kernel = "sb_k_coalesced_sync",
              .unroll = SB_UNROLL,
              .delta_iters = 16384},
     .run = sb_run_loop<sb_k_coalesced_sync>,
     .occupancy = sb_occupancy_of<sb_k_coalesced_sync>},
};
static_assert(sb_all_have_delta(kItems), "every workload states its default delta_iters > 0");
extern const sb_workload_table sb_tiles_table = {kItems, sizeof(kItems) / sizeof(kItems[0])};
