#include "point_runner.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <mutex>
#include <set>
#include <utility>

#include "nvml.h"

namespace sb {
namespace {

using Clock = std::chrono::steady_clock;

double MsSince(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

// Workload+param pairs already launched in this process (their first launch included module loading).
std::set<std::pair<const sb_workload_info *, int>> &WarmSet() {
  static std::set<std::pair<const sb_workload_info *, int>> warm;
  return warm;
}
std::mutex warm_mutex;

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// Half-width of the 95% CI of the median by order statistics with the core's ranks (see point_runner.h); infinite
// while n has no interval (n < 6 at 95%).
double MedianCiHalfWidth(std::vector<double> v, const std::vector<int> &lo_ranks) {
  const size_t n = v.size();
  const int j = n < lo_ranks.size() ? lo_ranks[n] : 0;
  if (j < 1) return INFINITY;
  std::sort(v.begin(), v.end());
  const size_t k = n + 1 - static_cast<size_t>(j);  // 1-based upper rank
  return 0.5 * (v[k - 1] - v[static_cast<size_t>(j) - 1]);
}

std::optional<Failure> RunOnce(const WorkloadRunner &runner, int workload, const sb_launch &launch, long long iters,
                               int param, sb_run_sample *out) {
  if (auto f = runner.run(workload, launch, iters, param, out)) return f;
  if (out->timed_out) {
    Failure f;
    f.code = "SB_SPIN_TIMEOUT";
    f.message = std::string("workload '") + runner.info(workload)->id + "': " + runner.timeout_text;
    return f;
  }
  return std::nullopt;
}

}  // namespace

WorkloadRunner DeviceRunner(sb_context *ctx) {
  WorkloadRunner r;
  r.info = [](int index) { return sb_workload_at(index); };
  r.run = [ctx](int index, const sb_launch &launch, long long iters, int param,
                sb_run_sample *out) -> std::optional<Failure> {
    const cudaError_t err = sb_workload_run(ctx, index, &launch, iters, param, out);
    if (err == cudaSuccess) return std::nullopt;
    return CudaFailure(err, std::string("running workload '") + sb_workload_at(index)->id + "' (" +
                                std::to_string(iters) + " iterations)");
  };
  r.timeout_text =
      "a spin-wait gave up after 2 s because its partner never arrived (the partner block or host thread was not "
      "running at the same time)";
  return r;
}

std::optional<Failure> RunPoint(const WorkloadRunner &runner, const PointSpec &spec, const std::atomic<bool> &cancel,
                                PointResult *r) {
  const sb_workload_info *info = runner.info(spec.workload);
  if (!info) return Failure{"SB_INVALID", "unknown workload index " + std::to_string(spec.workload)};
  if (info->unsafe == SB_UNSAFE_UNDEFINED && !spec.allow_unsafe) {
    return Failure{"SB_INVALID", std::string("workload '") + info->id +
                                     "' is undefined behaviour on purpose and runs only under compute-sanitizer"};
  }
  if (spec.iters_hi <= spec.iters_lo || spec.iters_lo < 1) {
    return Failure{"SB_INVALID", "iterations: need 1 <= itersLo < itersHi, got " + std::to_string(spec.iters_lo) +
                                     " and " + std::to_string(spec.iters_hi)};
  }
  const auto t_start = Clock::now();
  const double span = static_cast<double>(spec.iters_hi - spec.iters_lo) * spec.units_per_iter;
  sb_run_sample s{};

  {
    std::lock_guard<std::mutex> lock(warm_mutex);
    if (WarmSet().insert({info, spec.param}).second) {
      if (auto f = RunOnce(runner, spec.workload, spec.launch, spec.iters_lo, spec.param, &s)) return f;
      r->cold_ms = s.elapsed_ms;
    }
  }

  std::vector<double> gross_ns;
  auto t_measure = Clock::now();
  for (int rep = -spec.warmup; rep < spec.max_reps; ++rep) {
    if (cancel.load()) {
      r->stopped_by = "cancelled";
      r->wall_ms = MsSince(t_start);
      return std::nullopt;
    }
    if (rep == 0) t_measure = Clock::now();
    sb_run_sample lo{}, hi{}, blo{}, bhi{};
    if (auto f = RunOnce(runner, spec.workload, spec.launch, spec.iters_lo, spec.param, &lo)) return f;
    if (auto f = RunOnce(runner, spec.workload, spec.launch, spec.iters_hi, spec.param, &hi)) return f;
    NvmlReading nvml;
    if (!spec.pci_bus_id.empty() && rep >= 0) nvml = ReadNvml(spec.pci_bus_id);
    if (spec.baseline >= 0) {
      if (auto f = RunOnce(runner, spec.baseline, spec.launch, spec.iters_lo, spec.baseline_param, &blo)) return f;
      if (auto f = RunOnce(runner, spec.baseline, spec.launch, spec.iters_hi, spec.baseline_param, &bhi)) return f;
    }
    if (rep < 0) continue;  // warm-up

    r->host_timed = lo.host_timed != 0;
    r->has_cycles = lo.cycles >= 0 && hi.cycles >= 0 && (spec.baseline < 0 || (blo.cycles >= 0 && bhi.cycles >= 0));
    r->main_lo_ms.push_back(lo.elapsed_ms);
    r->main_hi_ms.push_back(hi.elapsed_ms);
    r->main_lo_cycles.push_back(lo.cycles);
    r->main_hi_cycles.push_back(hi.cycles);
    double base_ms = 0, base_cycles = 0;
    if (spec.baseline >= 0) {
      r->base_lo_ms.push_back(blo.elapsed_ms);
      r->base_hi_ms.push_back(bhi.elapsed_ms);
      r->base_lo_cycles.push_back(blo.cycles);
      r->base_hi_cycles.push_back(bhi.cycles);
      base_ms = bhi.elapsed_ms - blo.elapsed_ms;
      base_cycles = bhi.cycles - blo.cycles;
    }
    const double main_ms = hi.elapsed_ms - lo.elapsed_ms;
    r->per_unit_ns.push_back((main_ms - base_ms) * 1e6 / span);
    gross_ns.push_back(main_ms * 1e6 / span);
    if (r->has_cycles) r->per_unit_cycles.push_back(((hi.cycles - lo.cycles) - base_cycles) / span);
    // The clock of one thread: block 0's loop cycles over the same loop's %globaltimer time (blocks of independent
    // workloads start at different times, so the mean over blocks would not match block 0's time).
    if (hi.block0_cycles > 0 && hi.globaltimer_ns > 0)
      r->clock_mhz.push_back(hi.block0_cycles / hi.globaltimer_ns * 1000.0);
    if (nvml.ok) {
      r->nvml_sm_clock_mhz.push_back(nvml.sm_clock_mhz);
      r->nvml_max_sm_clock_mhz = nvml.max_sm_clock_mhz;
      r->nvml_clock_event_reasons |= nvml.clock_event_reasons;
    }
    r->verified += lo.verified + hi.verified;
    r->mismatches += lo.mismatches + hi.mismatches;
    r->reps = rep + 1;

    const double elapsed = MsSince(t_measure);
    const double gross = Median(gross_ns);
    r->rel_ci = gross > 0 ? MedianCiHalfWidth(r->per_unit_ns, spec.ci_lo_ranks) / gross : INFINITY;
    if (r->reps >= spec.min_reps && elapsed >= spec.min_time_ms && r->rel_ci <= spec.target_rel_ci) {
      r->stopped_by = "noise";
      break;
    }
    if (elapsed >= spec.max_time_ms) {
      r->stopped_by = "max-time";
      break;
    }
  }
  if (r->stopped_by.empty()) r->stopped_by = "max-reps";
  r->wall_ms = MsSince(t_start);
  return std::nullopt;
}

}  // namespace sb
