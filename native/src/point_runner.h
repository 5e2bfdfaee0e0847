// point_runner.h — measures one point by the difference method (docs/methods.md), in plain C++ on top of sb_abi.h.
//
// One repetition runs the workload with iters_lo and iters_hi units, and the baseline workload (when there is one)
// with the same two counts, and yields
//   per_unit_ns     = ((main_hi_ms - main_lo_ms) - (base_hi_ms - base_lo_ms)) * 1e6 / ((iters_hi - iters_lo) * units)
//   per_unit_cycles = the same with the kernels' clock64() loop cycles (mean over blocks)
// Launch overhead cancels in each difference; loop and clock-read overhead cancels against the baseline.
// Repetitions continue until the noise target is met after min_time_ms (nvbench's stdrel criterion is the model),
// or max_time_ms / max_reps is reached. Noise is the half-width of the 95% confidence interval of the median of
// per_unit_ns by order statistics, (x_(n+1-j) - x_(j)) / 2, divided by the median gross per-iteration time of the
// workload (before baseline subtraction, so a near-zero net cost still converges). The rank j for each n is the
// core's (electron/model/measure/stats.ts medianCiRankTable, exact Binomial(n, 1/2)), passed in ci_lo_ranks, so the
// stopping rule and the reported interval are one method (docs/methods.md, "Statistics").
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "nvml.h"

#include "errors.h"
#include "sb_abi.h"

namespace sb {

struct PointSpec {
  int device = 0;
  int peer_device = -1;  // multi-GPU workloads (sb_pair_abi.h): GPU B; -1 for single-device workloads
  int workload = -1;     // index in the single-device table, or in the multi-GPU table when peer_device >= 0
  int param = 0;
  int baseline = -1;  // -1: no baseline workload
  int baseline_param = 0;
  double units_per_iter = 1;  // primitive units per loop iteration (e.g. FADDs per iteration difference)
  sb_launch launch{};
  long long iters_lo = 0;
  long long iters_hi = 0;
  // The stopping rule: no defaults here; the core's electron/core/measure/stopping.ts is their one source.
  int warmup = 0;  // whole repetitions run and discarded before measuring
  int min_reps = 0;
  int max_reps = 0;
  double min_time_ms = 0;
  double max_time_ms = 0;
  double target_rel_ci = 0;
  std::vector<int> ci_lo_ranks;  // [n]: 1-based lower rank of the median's 95% CI for n samples, 0 = none
  bool allow_unsafe = false;     // run a workload marked unsafe (sanitizer targets only)
  std::string pci_bus_id;        // for NVML clock readings ("" skips them)
};

struct PointResult {
  int reps = 0;
  std::string stopped_by;  // "noise" | "max-time" | "max-reps" | "cancelled"
  double wall_ms = 0;      // host time spent on this point, warm-up included
  double cold_ms = -1;     // first launch of this workload+param in this process (-1: it was already warm)
  double rel_ci = -1;      // noise statistic at the end (see above)
  std::vector<double> per_unit_ns, per_unit_cycles;
  std::vector<double> main_lo_ms, main_hi_ms, base_lo_ms, base_hi_ms;
  std::vector<double> main_lo_cycles, main_hi_cycles, base_lo_cycles, base_hi_cycles;
  std::vector<double> clock_mhz;  // block 0's clock64 cycles / %globaltimer ns of the main hi run, per repetition
  std::vector<double> nvml_sm_clock_mhz;  // NVML SM clock after the main hi run, per repetition (if available)
  unsigned nvml_max_sm_clock_mhz = 0;
  unsigned long long nvml_clock_event_reasons = 0;  // OR of the reasons seen
  long long verified = 0, mismatches = 0;
  bool host_timed = false;
  bool has_cycles = false;
  // NVML's compute processes on the point's GPU just before and just after it (run_worker.cc), merged by pid.
  bool processes_known = false;  // both lists were read
  bool own_pid_seen = false;     // this process's pid was in a list (false: NVML lists another pid namespace's pids)
  std::vector<GpuProcess> gpu_processes;
};

// What RunPoint measures through: a workload table and one synchronous run of a workload of it.
struct WorkloadRunner {
  std::function<const sb_workload_info *(int index)> info;
  // Runs `index` once; a Failure for a CUDA error or a refusal (the message names the step).
  std::function<std::optional<Failure>(int index, const sb_launch &launch, long long iters, int param,
                                       sb_run_sample *out)>
      run;
  // What the SB_SPIN_TIMEOUT message says after the workload id when a bounded wait gave up.
  std::string timeout_text;
};

// The single-device workloads of sb_abi.h on `ctx`.
WorkloadRunner DeviceRunner(sb_context *ctx);

// Measures one point. Returns a Failure on a CUDA error, a timed-out spin-wait or a refused spec; sets
// result->stopped_by = "cancelled" (and returns no failure) when `cancel` becomes true between repetitions.
std::optional<Failure> RunPoint(const WorkloadRunner &runner, const PointSpec &spec, const std::atomic<bool> &cancel,
                                PointResult *result);

}  // namespace sb
