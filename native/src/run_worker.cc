#include "run_worker.h"

#include <atomic>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "contexts.h"
#include "errors.h"
#include "gpu_processes.h"
#include "nvml.h"
#include "point_runner.h"
#include "workloads.h"

namespace sb {
namespace {

std::atomic<bool> g_busy{false};

struct Progress {
  int type = 0;  // 0: point-start, 1: point done
  int index = 0;
  std::shared_ptr<PointResult> result;
};

// A required number field: the stopping rule's fields have their defaults in one place, the core
// (electron/core/measure/stopping.ts), so the native side takes them as given and refuses a spec without them.
double Required(const Napi::Object &o, const char *name, double lo, double hi, int point);

double Num(const Napi::Object &o, const char *name, double fallback, double lo, double hi, int point) {
  if (!o.Has(name) || o.Get(name).IsUndefined()) return fallback;
  const Napi::Value v = o.Get(name);
  const double x = v.IsNumber() ? v.As<Napi::Number>().DoubleValue() : NAN;
  if (!(x >= lo && x <= hi)) {
    Throw(o.Env(), "SB_INVALID",
          "point " + std::to_string(point) + ": " + name + " must be a number from " + std::to_string(lo) + " to " +
              std::to_string(hi));
  }
  return x;
}

double Required(const Napi::Object &o, const char *name, double lo, double hi, int point) {
  if (!o.Has(name) || o.Get(name).IsUndefined()) {
    Throw(o.Env(), "SB_INVALID", "point " + std::to_string(point) + ": " + name + " is required (the core sends it)");
  }
  return Num(o, name, 0, lo, hi, point);
}

// ciLoRanks[n] = the 1-based lower rank of the 95% CI of the median of n samples (0: none), n = 0..maxReps.
std::vector<int> RanksOrThrow(const Napi::Object &o, int max_reps, int point) {
  const Napi::Value v = o.Get("ciLoRanks");
  if (!v.IsArray() || v.As<Napi::Array>().Length() < static_cast<uint32_t>(max_reps) + 1) {
    Throw(o.Env(), "SB_INVALID",
          "point " + std::to_string(point) + ": ciLoRanks must list a rank for 0.." + std::to_string(max_reps) +
              " samples (the core's medianCiRankTable)");
  }
  const Napi::Array a = v.As<Napi::Array>();
  std::vector<int> ranks(static_cast<size_t>(max_reps) + 1);
  for (uint32_t n = 0; n < ranks.size(); ++n) {
    const Napi::Value r = a.Get(n);
    const double x = r.IsNumber() ? r.As<Napi::Number>().DoubleValue() : -1;
    if (!(x >= 0 && x <= n))
      Throw(o.Env(), "SB_INVALID",
            "point " + std::to_string(point) + ": ciLoRanks[" + std::to_string(n) + "] is not a rank");
    ranks[n] = static_cast<int>(x);
  }
  return ranks;
}

// Whether the launch sets cudaLaunchAttributeClusterDimension (kernels/sb_abi.h sb_launch.cluster_attribute): the
// caller says so whenever a cluster size is given; a size of 2..16 needs the attribute, and the attribute a size.
int ClusterAttributeOrThrow(const Napi::Object &l, unsigned cluster_size, int point) {
  const Napi::Value v = l.Get("clusterAttribute");
  const std::string where = "point " + std::to_string(point) + ": launch.";
  if (v.IsUndefined()) {
    if (cluster_size == 0) return 0;
    Throw(l.Env(), "SB_INVALID",
          where + "clusterAttribute (true or false) is required with clusterSize " + std::to_string(cluster_size));
  }
  if (!v.IsBoolean()) Throw(l.Env(), "SB_INVALID", where + "clusterAttribute must be true or false");
  const bool attribute = v.As<Napi::Boolean>().Value();
  if (attribute && cluster_size == 0)
    Throw(l.Env(), "SB_INVALID", where + "clusterAttribute true needs clusterSize 1..16 (got 0)");
  if (!attribute && cluster_size > 1)
    Throw(l.Env(), "SB_INVALID",
          where + "clusterSize " + std::to_string(cluster_size) + " needs clusterAttribute true (only 0 or 1 without)");
  return attribute ? 1 : 0;
}

PointSpec ParseSpec(Napi::Env env, const Napi::Value &value, int index) {
  if (!value.IsObject()) Throw(env, "SB_INVALID", "point " + std::to_string(index) + " is not an object");
  const Napi::Object o = value.As<Napi::Object>();
  PointSpec s;
  if (!o.Get("workload").IsString()) Throw(env, "SB_INVALID", "point " + std::to_string(index) + ": workload missing");
  const std::string workload = o.Get("workload").As<Napi::String>().Utf8Value();
  s.device = static_cast<int>(Num(o, "device", 0, 0, 63, index));
  const bool pair = o.Has("peerDevice") && !o.Get("peerDevice").IsUndefined() && !o.Get("peerDevice").IsNull();
  if (pair) {
    s.peer_device = static_cast<int>(Num(o, "peerDevice", 0, 0, 63, index));
    if (s.peer_device == s.device) {
      Throw(env, "SB_INVALID",
            "point " + std::to_string(index) + ": peerDevice must differ from device (both " +
                std::to_string(s.device) + ")");
    }
    s.workload = FindPairWorkloadOrThrow(env, workload);
  } else {
    s.workload = FindWorkloadOrThrow(env, workload);
  }
  s.param = static_cast<int>(Num(o, "param", 0, 0, 1 << 20, index));
  if (o.Has("baseline") && o.Get("baseline").IsObject()) {
    if (pair) Throw(env, "SB_INVALID", "point " + std::to_string(index) + ": multi-GPU points take no baseline");
    const Napi::Object b = o.Get("baseline").As<Napi::Object>();
    if (!b.Get("workload").IsString())
      Throw(env, "SB_INVALID", "point " + std::to_string(index) + ": baseline.workload missing");
    s.baseline = FindWorkloadOrThrow(env, b.Get("workload").As<Napi::String>().Utf8Value());
    s.baseline_param = static_cast<int>(Num(b, "param", 0, 0, 1 << 20, index));
  }
  s.units_per_iter = Num(o, "unitsPerIter", 1, 1e-9, 1e9, index);
  if (!o.Get("launch").IsObject()) Throw(env, "SB_INVALID", "point " + std::to_string(index) + ": launch missing");
  const Napi::Object l = o.Get("launch").As<Napi::Object>();
  s.launch.device = s.device;
  s.launch.grid_blocks = static_cast<unsigned>(Num(l, "gridBlocks", 1, 1, 2147483647.0, index));
  s.launch.threads_per_block = static_cast<unsigned>(Num(l, "threadsPerBlock", 256, 1, 1024, index));
  s.launch.cluster_size = static_cast<unsigned>(Num(l, "clusterSize", 0, 0, 16, index));
  s.launch.cluster_attribute = ClusterAttributeOrThrow(l, s.launch.cluster_size, index);
  s.launch.dynamic_smem_bytes = static_cast<unsigned>(Num(l, "dynamicSmemBytes", 0, 0, 1 << 20, index));
  s.iters_lo = static_cast<long long>(Num(o, "itersLo", 256, 1, 1e9, index));
  s.iters_hi = static_cast<long long>(Num(o, "itersHi", 4352, 2, 1e9, index));
  s.warmup = static_cast<int>(Required(o, "warmup", 0, 1000, index));
  s.min_reps = static_cast<int>(Required(o, "minReps", 1, 1e6, index));
  s.max_reps = static_cast<int>(Required(o, "maxReps", 1, 1e6, index));
  s.min_time_ms = Required(o, "minTimeMs", 0, 3.6e6, index);
  s.max_time_ms = Required(o, "maxTimeMs", 0, 3.6e6, index);
  s.target_rel_ci = Required(o, "targetRelCi", 0, 1, index);
  s.ci_lo_ranks = RanksOrThrow(o, s.max_reps, index);
  s.allow_unsafe = o.Has("allowUnsafe") && o.Get("allowUnsafe").ToBoolean().Value();
  return s;
}

template <class T>
Napi::Array ToArray(Napi::Env env, const std::vector<T> &v) {
  Napi::Array a = Napi::Array::New(env, v.size());
  for (size_t i = 0; i < v.size(); ++i)
    a.Set(static_cast<uint32_t>(i), Napi::Number::New(env, static_cast<double>(v[i])));
  return a;
}

Napi::Object ToJs(Napi::Env env, const PointResult &r) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("reps", r.reps);
  o.Set("stoppedBy", r.stopped_by);
  o.Set("wallMs", r.wall_ms);
  o.Set("coldMs", r.cold_ms >= 0 ? Napi::Value(Napi::Number::New(env, r.cold_ms)) : env.Null());
  o.Set("relCi", std::isfinite(r.rel_ci) ? Napi::Value(Napi::Number::New(env, r.rel_ci)) : env.Null());
  o.Set("perUnitNs", ToArray(env, r.per_unit_ns));
  o.Set("perUnitCycles", ToArray(env, r.per_unit_cycles));
  o.Set("mainLoMs", ToArray(env, r.main_lo_ms));
  o.Set("mainHiMs", ToArray(env, r.main_hi_ms));
  o.Set("baseLoMs", ToArray(env, r.base_lo_ms));
  o.Set("baseHiMs", ToArray(env, r.base_hi_ms));
  o.Set("mainLoCycles", ToArray(env, r.has_cycles ? r.main_lo_cycles : std::vector<double>{}));
  o.Set("mainHiCycles", ToArray(env, r.has_cycles ? r.main_hi_cycles : std::vector<double>{}));
  o.Set("baseLoCycles", ToArray(env, r.has_cycles ? r.base_lo_cycles : std::vector<double>{}));
  o.Set("baseHiCycles", ToArray(env, r.has_cycles ? r.base_hi_cycles : std::vector<double>{}));
  o.Set("clockMHz", ToArray(env, r.clock_mhz));
  o.Set("nvmlSmClockMHz", ToArray(env, r.nvml_sm_clock_mhz));
  o.Set("nvmlSmClockMaxMHz", r.nvml_max_sm_clock_mhz);
  o.Set("nvmlClockEventReasons", static_cast<double>(r.nvml_clock_event_reasons));
  o.Set("verified", static_cast<double>(r.verified));
  o.Set("mismatches", static_cast<double>(r.mismatches));
  o.Set("hostTimed", Napi::Boolean::New(env, r.host_timed));
  GpuProcessList seen;
  seen.ok = r.processes_known;
  seen.own_seen = r.own_pid_seen;
  seen.processes = r.gpu_processes;
  o.Set("gpuProcesses", GpuProcessesToJs(env, seen));
  return o;
}

// The compute processes seen before and after a point, merged by pid (the larger memory figure kept).
void MergeProcesses(const GpuProcessList &before, const GpuProcessList &after, PointResult *r) {
  r->processes_known = before.ok && after.ok;
  r->own_pid_seen = before.own_seen || after.own_seen;
  for (const GpuProcessList *list : {&before, &after}) {
    for (const GpuProcess &p : list->processes) {
      GpuProcess *seen = nullptr;
      for (GpuProcess &q : r->gpu_processes)
        if (q.pid == p.pid) seen = &q;
      if (!seen) {
        r->gpu_processes.push_back(p);
      } else if (p.used_bytes > seen->used_bytes) {
        seen->used_bytes = p.used_bytes;
      }
    }
  }
}

class RunWorker : public Napi::AsyncProgressQueueWorker<Progress> {
 public:
  RunWorker(Napi::Env env, std::vector<PointSpec> specs, Napi::Function on_event,
            std::shared_ptr<std::atomic<bool>> cancel)
      : Napi::AsyncProgressQueueWorker<Progress>(env, "syncbench.run"),
        specs_(std::move(specs)),
        on_event_(Napi::Persistent(on_event)),
        cancel_(std::move(cancel)),
        deferred_(Napi::Promise::Deferred::New(env)) {}

  Napi::Promise Promise() { return deferred_.Promise(); }

  void Execute(const ExecutionProgress &progress) override {
    RunContexts contexts;
    for (size_t i = 0; i < specs_.size(); ++i) {
      if (cancel_->load()) {
        cancelled_ = true;
        break;
      }
      PointSpec spec = specs_[i];
      WorkloadRunner runner;
      if (auto f = contexts.RunnerFor(spec, &runner)) {
        failure_ = *f;  // no point index: nothing of this point ran
        break;
      }
      spec.pci_bus_id = RunContexts::PciOf(spec.device);
      Progress start;
      start.type = 0;
      start.index = static_cast<int>(i);
      progress.Send(&start, 1);
      auto result = std::make_shared<PointResult>();
      const GpuProcessList before = ReadNvmlProcesses(spec.pci_bus_id);
      if (auto f = RunPoint(runner, spec, *cancel_, result.get())) {
        failure_ = *f;
        failure_.point = static_cast<int>(i);
        break;
      }
      if (result->stopped_by == "cancelled") {
        cancelled_ = true;
        break;
      }
      MergeProcesses(before, ReadNvmlProcesses(spec.pci_bus_id), result.get());
      Progress done;
      done.type = 1;
      done.index = static_cast<int>(i);
      done.result = result;
      progress.Send(&done, 1);
      ++points_done_;
    }
    if (failure_.sticky) contexts.Abandon();
    if (!failure_.code.empty()) SetError(failure_.message);
  }

  void OnProgress(const Progress *data, size_t count) override {
    Napi::Env env = Env();
    Napi::HandleScope scope(env);
    for (size_t i = 0; i < count; ++i) {
      Napi::Object ev = Napi::Object::New(env);
      ev.Set("type", data[i].type == 0 ? "point-start" : "point");
      ev.Set("index", data[i].index);
      if (data[i].result) ev.Set("result", ToJs(env, *data[i].result));
      try {
        on_event_.Call({ev});
      } catch (const Napi::Error &) {
        // A throwing listener must not stop the measurement; the error surfaces as an uncaught exception.
      }
    }
  }

  void OnOK() override {
    g_busy = false;
    Napi::Env env = Env();
    Napi::Object r = Napi::Object::New(env);
    r.Set("status", cancelled_ ? "cancelled" : "complete");
    r.Set("pointsDone", points_done_);
    deferred_.Resolve(r);
  }

  void OnError(const Napi::Error &) override {
    g_busy = false;
    deferred_.Reject(sb::ToJs(Env(), failure_).Value());
  }

 private:
  std::vector<PointSpec> specs_;
  Napi::FunctionReference on_event_;
  std::shared_ptr<std::atomic<bool>> cancel_;
  Napi::Promise::Deferred deferred_;
  Failure failure_;
  bool cancelled_ = false;
  int points_done_ = 0;
};

}  // namespace

Napi::Value StartRun(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  if (info.Length() < 2 || !info[0].IsArray() || !info[1].IsFunction()) {
    Throw(env, "SB_INVALID", "startRun(points: PointSpec[], onEvent: (event) => void)");
  }
  const Napi::Array points = info[0].As<Napi::Array>();
  if (points.Length() == 0) Throw(env, "SB_INVALID", "startRun needs at least one point");
  std::vector<PointSpec> specs;
  for (uint32_t i = 0; i < points.Length(); ++i) specs.push_back(ParseSpec(env, points.Get(i), static_cast<int>(i)));
  bool expected = false;
  if (!g_busy.compare_exchange_strong(expected, true)) {
    Throw(env, "SB_BUSY", "a run is already in progress in this process; cancel it or wait for it to finish");
  }
  auto cancel = std::make_shared<std::atomic<bool>>(false);
  auto *worker = new RunWorker(env, std::move(specs), info[1].As<Napi::Function>(), cancel);
  Napi::Object handle = Napi::Object::New(env);
  handle.Set("done", worker->Promise());
  handle.Set("cancel", Napi::Function::New(env, [cancel](const Napi::CallbackInfo &ci) {
               cancel->store(true);
               return ci.Env().Undefined();
             }));
  worker->Queue();
  return handle;
}

}  // namespace sb
