// calibration.cu — the method's own check: a dependent FADD chain, a known instruction, measured by the same
// back-to-back difference method as every primitive. Expected about 4 cycles per dependent FADD on Volta and later
// (Jia et al., "Dissecting the NVIDIA Volta GPU Architecture via Microbenchmarking", 2018, Table 4.1, and the same
// method on Turing/Ampere). ptxas may emit the add.f32 chain as FFMA (x * 1 + y), which has the same 4-cycle
// dependent latency on the FMA pipe (seen on sm_90). `baseline` is an empty back-to-back body: it measures only the
// launch and the loop's fixed cost, and its difference should be about 0.
#include "harness.cuh"

__global__ void sb_k_baseline(sb_kargs a) {
  sb_timed_back_to_back<SB_UNROLL>(a, [] {});
}

template <int N>
__global__ void sb_k_fadd_chain(sb_kargs a) {
  float x = 1.0f + threadIdx.x * 1e-7f;
  const float y = 1e-7f * (a.sink_flag + 1);
  sb_timed_back_to_back<sb_unroll_for(N)>(a, [&] { x = sb_fadd_chain<N>(x, y); });
  if (a.sink_flag) a.rec[blockIdx.x].sink += static_cast<long long>(x);
}

static cudaError_t run_fadd(sb_context *ctx, const sb_launch *launch, long long iters, int param, sb_run_sample *out) {
  switch (param) {
    case 8:
      return sb_run_loop<sb_k_fadd_chain<8>>(ctx, launch, iters, param, out);
    case 16:
      return sb_run_loop<sb_k_fadd_chain<16>>(ctx, launch, iters, param, out);
    case 32:
      return sb_run_loop<sb_k_fadd_chain<32>>(ctx, launch, iters, param, out);
    case 64:
      return sb_run_loop<sb_k_fadd_chain<64>>(ctx, launch, iters, param, out);
    case 128:
      return sb_run_loop<sb_k_fadd_chain<128>>(ctx, launch, iters, param, out);
    default:
      return cudaErrorInvalidValue;
  }
}

static constexpr sb_workload kItems[] = {
    {.info = {.id = "baseline",
              .family = "calibration",
              .op = "an empty back-to-back body (launch and loop only)",
              .expect_ptx = "",
              .expect_sass = "",
              .min_cc = 75,
              .param_kind = SB_PARAM_NONE,
              .kernel = "sb_k_baseline",
              .unroll = SB_UNROLL,
              .delta_iters = 8192},
     .run = sb_run_loop<sb_k_baseline>,
     .occupancy = sb_occupancy_of<sb_k_baseline>},
    {.info = {.id = "fadd_chain",
              .family = "calibration",
              .op = "one dependent FADD",
              .expect_ptx = "add\\.f32",
              .expect_sass = "FADD|FFMA",
              .min_cc = 75,
              .param_kind = SB_PARAM_WORK,
              .kernel = "sb_k_fadd_chain",
              .unroll = sb_unroll_for(128),
              .delta_iters = 2048,
              .smoke = {.grid_blocks = 1, .threads_per_block = 32, .param = 32}},
     .run = run_fadd,
     .occupancy = sb_occupancy_of<sb_k_fadd_chain<32>>},
};
static_assert(sb_all_have_delta(kItems), "every workload states its default delta_iters > 0");
extern const sb_workload_table sb_calibration_table = {kItems, sizeof(kItems) / sizeof(kItems[0])};
