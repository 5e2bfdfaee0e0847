// host_completion.cu — what a host thread pays to learn that GPU work finished. One iteration is:
//   param 0 (after a launch): launch an empty kernel, then wait for it;
//   param 1 (idle device):    wait with nothing outstanding.
// The wait is cudaStreamSynchronize(stream), cudaEventRecord + cudaEventSynchronize, or cudaDeviceSynchronize.
// Timed on the host's steady clock. How the host thread waits (spin, yield, blocking sync) is the context's
// scheduling flag, fixed when the context is created: the core runs each flag in its own process
// (sb_set_schedule_flag in native/).
#include <chrono>

#include "harness.cuh"

__global__ void sb_k_empty(sb_kargs) {}

enum sb_host_wait { SB_WAIT_STREAM = 0, SB_WAIT_EVENT = 1, SB_WAIT_DEVICE = 2 };

template <int Wait>
static cudaError_t run_host_wait(sb_context *ctx, const sb_launch *launch, long long iters, int param,
                                 sb_run_sample *out) {
  const sb_kargs args = sb_make_kargs(ctx, 0, param);
  const sb_launch_opts opts;
  SB_CHECK(cudaStreamSynchronize(ctx->stream));
  const auto t0 = std::chrono::steady_clock::now();
  for (long long i = 0; i < iters; ++i) {
    if (param == 0) SB_CHECK(sb_launch_plain(ctx, sb_k_empty, launch, args, opts));
    if (Wait == SB_WAIT_STREAM) {
      SB_CHECK(cudaStreamSynchronize(ctx->stream));
    } else if (Wait == SB_WAIT_EVENT) {
      SB_CHECK(cudaEventRecord(ctx->ev_stop, ctx->stream));
      SB_CHECK(cudaEventSynchronize(ctx->ev_stop));
    } else {
      SB_CHECK(cudaDeviceSynchronize());
    }
  }
  const auto t1 = std::chrono::steady_clock::now();
  out->elapsed_ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
  out->cycles = -1;
  out->block0_cycles = -1;
  out->globaltimer_ns = -1;
  out->host_timed = 1;
  return cudaGetLastError();
}

static constexpr sb_workload kItems[] = {
    {.info = {.id = "host_stream_sync",
              .family = "host",
              .op = "one cudaStreamSynchronize (after a launch or idle)",
              .expect_ptx = "",
              .expect_sass = "",
              .min_cc = 75,
              .param_kind = SB_PARAM_HOST_STATE,
              .kernel = "sb_k_empty",
              .delta_iters = 64,
              .smoke = {.grid_blocks = 1, .threads_per_block = 32}},
     .run = run_host_wait<SB_WAIT_STREAM>},
    {.info = {.id = "host_event_sync",
              .family = "host",
              .op = "one cudaEventRecord + cudaEventSynchronize (after a launch or idle)",
              .expect_ptx = "",
              .expect_sass = "",
              .min_cc = 75,
              .param_kind = SB_PARAM_HOST_STATE,
              .kernel = "sb_k_empty",
              .delta_iters = 64,
              .smoke = {.grid_blocks = 1, .threads_per_block = 32}},
     .run = run_host_wait<SB_WAIT_EVENT>},
    {.info = {.id = "host_device_sync",
              .family = "host",
              .op = "one cudaDeviceSynchronize (after a launch or idle)",
              .expect_ptx = "",
              .expect_sass = "",
              .min_cc = 75,
              .param_kind = SB_PARAM_HOST_STATE,
              .kernel = "sb_k_empty",
              .delta_iters = 64,
              .smoke = {.grid_blocks = 1, .threads_per_block = 32}},
     .run = run_host_wait<SB_WAIT_DEVICE>},
};
static_assert(sb_all_have_delta(kItems), "every workload states its default delta_iters > 0");
extern const sb_workload_table sb_host_table = {kItems, sizeof(kItems) / sizeof(kItems[0])};
