// block_sync.cu — __syncthreads(): the block (CTA) barrier (PTX bar.sync 0 / barrier.sync 0, SASS BAR.SYNC).
//   syncthreads:         the barrier back to back (docs/methods.md, "The timed body").
//   syncthreads_overlap: W dependent FADDs, then the barrier, per copy (param W = 0, 8, 32, 128). Its baseline is
//                        overlap_work, the same FADDs with no barrier, so the difference is what the barrier adds
//                        on top of W FADDs of work: how much of it hides behind work (docs/methods.md, "Overlap").
#include "harness.cuh"

__global__ void sb_k_syncthreads(sb_kargs a) {
  sb_timed_back_to_back<SB_UNROLL>(a, [] { __syncthreads(); });
}

// W dependent FADDs (+ the barrier when Barrier), back to back; U copies per iteration keep the body near 512
// instructions.
template <int W, bool Barrier>
__global__ void sb_k_overlap(sb_kargs a) {
  float x = 1.0f + threadIdx.x * 1e-7f;
  const float y = 1e-7f * (a.sink_flag + 1);
  sb_timed_back_to_back<sb_unroll_for(W + 1)>(a, [&] {
    x = sb_fadd_chain<W>(x, y);
    if constexpr (Barrier) __syncthreads();
  });
  if (a.sink_flag) a.rec[blockIdx.x].sink = static_cast<long long>(x);
}

template <bool Barrier>
static sb_kernel_fn overlap_kernel(int work) {
  switch (work) {
    case 0:
      return sb_k_overlap<0, Barrier>;
    case 8:
      return sb_k_overlap<8, Barrier>;
    case 32:
      return sb_k_overlap<32, Barrier>;
    case 128:
      return sb_k_overlap<128, Barrier>;
    default:
      return nullptr;
  }
}

template <bool Barrier>
static cudaError_t run_overlap(sb_context *ctx, const sb_launch *launch, long long iters, int param,
                               sb_run_sample *out) {
  sb_kernel_fn k = overlap_kernel<Barrier>(param);
  if (!k) return cudaErrorInvalidValue;
  return sb_launch_timed(ctx, k, launch, sb_make_kargs(ctx, iters, param), sb_launch_opts{}, out);
}

template <bool Barrier>
static cudaError_t occupancy_overlap(unsigned threads, unsigned smem, int param, int *blocks_per_sm) {
  sb_kernel_fn k = overlap_kernel<Barrier>(param);
  if (!k) return cudaErrorInvalidValue;
  return sb_kernel_occupancy(k, threads, smem, blocks_per_sm);
}

static constexpr sb_workload kItems[] = {
    {.info = {.id = "syncthreads",
              .family = "block",
              .op = "one __syncthreads()",
              .expect_ptx = "bar(rier)?\\.sync\\s+0",
              .expect_sass = "BAR\\.SYNC",
              .min_cc = 75,
              .param_kind = SB_PARAM_NONE,
              .kernel = "sb_k_syncthreads",
              .unroll = SB_UNROLL,
              .delta_iters = 32768},
     .run = sb_run_loop<sb_k_syncthreads>,
     .occupancy = sb_occupancy_of<sb_k_syncthreads>},
    {.info = {.id = "syncthreads_overlap",
              .family = "block",
              .op = "one __syncthreads() after W dependent FADDs",
              .expect_ptx = "bar(rier)?\\.sync\\s+0",
              .expect_sass = "BAR\\.SYNC",
              .min_cc = 75,
              .param_kind = SB_PARAM_WORK,
              .kernel = "sb_k_overlapILi128ELb1E",
              .unroll = sb_unroll_for(129),
              .delta_iters = 8192},
     .run = run_overlap<true>,
     .occupancy = occupancy_overlap<true>},
    {.info = {.id = "overlap_work",
              .family = "block",
              .op = "W dependent FADDs (the overlap baseline: no barrier)",
              .expect_ptx = "add\\.f32|bar(rier)?\\.sync",
              .expect_sass = "FADD|FFMA|BAR",
              .min_cc = 75,
              .param_kind = SB_PARAM_WORK,
              .kernel = "sb_k_overlapILi128ELb0E",
              .unroll = sb_unroll_for(129),
              .delta_iters = 8192},
     .run = run_overlap<false>,
     .occupancy = occupancy_overlap<false>},
};
static_assert(sb_all_have_delta(kItems), "every workload states its default delta_iters > 0");
extern const sb_workload_table sb_block_table = {kItems, sizeof(kItems) / sizeof(kItems[0])};
