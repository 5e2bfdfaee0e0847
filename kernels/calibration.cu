// calibration.cu — the baseline loop (no primitive: the loop and clock64() overhead that every sync loop also pays)
// and a dependent FADD chain, the known instruction used to check the difference method itself (issue 7: about
// 4 cycles per dependent FADD on Volta and later; Jia et al., "Dissecting the NVIDIA Volta GPU Architecture via
// Microbenchmarking", 2018, Table 4.1, and the same method on Turing/Ampere). ptxas may emit the add.f32 chain as
// FFMA (x * 1 + y), which has the same 4-cycle dependent latency on the FMA pipe (seen on sm_90).
#include "harness.cuh"

__global__ void sb_k_baseline(sb_kargs a) {
  sb_timed_loop(a, [](long long) {});
}

template <int N>
__global__ void sb_k_fadd_chain(sb_kargs a) {
  float x = 1.0f + threadIdx.x * 1e-7f;
  const float y = 1e-7f * (a.sink_flag + 1);
  sb_timed_loop(a, [&](long long) { x = sb_fadd_chain<N>(x, y); });
  if (a.sink_flag) a.rec[blockIdx.x].sink += static_cast<long long>(x);
}

static cudaError_t run_fadd(sb_context *ctx, const sb_launch *launch, long long iters, int param, sb_run_sample *out) {
  switch (param) {
    case 8: return sb_run_loop<sb_k_fadd_chain<8>>(ctx, launch, iters, param, out);
    case 16: return sb_run_loop<sb_k_fadd_chain<16>>(ctx, launch, iters, param, out);
    case 32: return sb_run_loop<sb_k_fadd_chain<32>>(ctx, launch, iters, param, out);
    case 64: return sb_run_loop<sb_k_fadd_chain<64>>(ctx, launch, iters, param, out);
    case 128: return sb_run_loop<sb_k_fadd_chain<128>>(ctx, launch, iters, param, out);
    default: return cudaErrorInvalidValue;
  }
}

static const sb_workload kItems[] = {
    {{"baseline", "calibration", "one empty loop iteration (clock64 accumulate)", "", "CS2R", 0, 0, 75, SB_PARAM_NONE, 0, "sb_k_baseline"},
     sb_run_loop<sb_k_baseline>, sb_occupancy_of<sb_k_baseline>, nullptr},
    {{"fadd_chain", "calibration", "one dependent FADD", "add\\.f32", "FADD|FFMA", 0, 0, 75, SB_PARAM_WORK, 0, "sb_k_fadd_chain"},
     run_fadd, sb_occupancy_of<sb_k_fadd_chain<32>>, nullptr},
};
extern const sb_workload_table sb_calibration_table = {kItems, sizeof(kItems) / sizeof(kItems[0])};
