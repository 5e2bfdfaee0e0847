#include "workloads.h"

#include <string>

#include "errors.h"
#include "sb_abi.h"
#include "sb_pair_abi.h"

namespace sb {
namespace {

unsigned UintField(const Napi::Object &o, const char *name, unsigned fallback) {
  if (!o.Has(name) || o.Get(name).IsUndefined()) return fallback;
  const Napi::Value v = o.Get(name);
  if (!v.IsNumber() || v.As<Napi::Number>().DoubleValue() < 0) {
    Throw(o.Env(), "SB_INVALID", std::string(name) + " must be a non-negative number");
  }
  return v.As<Napi::Number>().Uint32Value();
}

std::string WorkloadField(const Napi::CallbackInfo &info, Napi::Object *out) {
  if (info.Length() < 1 || !info[0].IsObject()) Throw(info.Env(), "SB_INVALID", "expected one options object");
  *out = info[0].As<Napi::Object>();
  if (!out->Get("workload").IsString()) Throw(info.Env(), "SB_INVALID", "workload must be a workload id string");
  return out->Get("workload").As<Napi::String>().Utf8Value();
}

}  // namespace

int FindWorkloadOrThrow(Napi::Env env, const std::string &id) {
  const int index = sb_workload_find(id.c_str());
  if (index >= 0) return index;
  std::string known;
  for (int i = 0; i < sb_workload_count(); ++i) known += (i ? ", " : "") + std::string(sb_workload_at(i)->id);
  Throw(env, "SB_INVALID", "unknown workload '" + id + "'; known workloads: " + known);
}

int FindPairWorkloadOrThrow(Napi::Env env, const std::string &id) {
  const int index = sb_pair_workload_find(id.c_str());
  if (index >= 0) return index;
  std::string known;
  for (int i = 0; i < sb_pair_workload_count(); ++i) known += (i ? ", " : "") + std::string(sb_pair_workload_at(i)->id);
  Throw(env, "SB_INVALID", "unknown multi-GPU workload '" + id + "'; known multi-GPU workloads: " + known);
}

namespace {

// The self-test's launch of a workload as the kernel table states it (zero fields: the defaults, sb_abi.h).
Napi::Object Smoke(Napi::Env env, const sb_smoke_shape &s) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("gridBlocks", s.grid_blocks);
  o.Set("threadsPerBlock", s.threads_per_block);
  o.Set("clusterSize", s.cluster_size);
  o.Set("clusterAttribute", Napi::Boolean::New(env, s.cluster_attribute != 0));
  o.Set("dynamicSmemBytes", s.dynamic_smem_bytes);
  o.Set("param", s.param);
  return o;
}

Napi::Object Describe(Napi::Env env, const sb_workload_info *w, int devices, bool needs_peer, bool needs_nccl) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("id", w->id);
  o.Set("family", w->family);
  o.Set("op", w->op);
  o.Set("expectPtx", w->expect_ptx);
  o.Set("expectSass", w->expect_sass);
  o.Set("cooperative", Napi::Boolean::New(env, w->cooperative != 0));
  o.Set("needsCluster", Napi::Boolean::New(env, w->needs_cluster != 0));
  o.Set("minCc", w->min_cc);
  // Indexed by SB_PARAM_* (sb_abi.h).
  static const char *const kParamKinds[] = {"none", "tile", "warps", "work", "scope", "host-state", "pipeline", "pdl"};
  constexpr int kParamKindCount = static_cast<int>(sizeof(kParamKinds) / sizeof(kParamKinds[0]));
  if (w->param_kind < 0 || w->param_kind >= kParamKindCount) {
    Throw(env, "SB_INVALID",
          std::string("workload '") + w->id + "' has an unknown param_kind " + std::to_string(w->param_kind));
  }
  o.Set("paramKind", kParamKinds[w->param_kind]);
  // Indexed by SB_UNSAFE_* (sb_abi.h).
  static const char *const kUnsafe[] = {"no", "incorrect", "undefined-behaviour"};
  constexpr int kUnsafeCount = static_cast<int>(sizeof(kUnsafe) / sizeof(kUnsafe[0]));
  if (w->unsafe < 0 || w->unsafe >= kUnsafeCount) {
    Throw(env, "SB_INVALID",
          std::string("workload '") + w->id + "' has an unknown unsafe value " + std::to_string(w->unsafe));
  }
  o.Set("unsafe", kUnsafe[w->unsafe]);
  o.Set("kernel", w->kernel);
  o.Set("unroll", w->unroll);
  o.Set("deltaIters", w->delta_iters);
  o.Set("smoke", Smoke(env, w->smoke));
  o.Set("devices", devices);
  o.Set("needsPeer", Napi::Boolean::New(env, needs_peer));
  o.Set("needsNccl", Napi::Boolean::New(env, needs_nccl));
  return o;
}

}  // namespace

Napi::Value Workloads(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  Napi::Array list = Napi::Array::New(env);
  uint32_t n = 0;
  for (int i = 0; i < sb_workload_count(); ++i) list.Set(n++, Describe(env, sb_workload_at(i), 1, false, false));
  for (int i = 0; i < sb_pair_workload_count(); ++i) {
    list.Set(n++, Describe(env, sb_pair_workload_at(i), 2, sb_pair_workload_needs_peer(i) != 0,
                           sb_pair_workload_needs_nccl(i) != 0));
  }
  return list;
}

Napi::Value Occupancy(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  Napi::Object o;
  const int index = FindWorkloadOrThrow(env, WorkloadField(info, &o));
  const int device = static_cast<int>(UintField(o, "device", 0));
  const unsigned threads = UintField(o, "threadsPerBlock", 256);
  const unsigned smem = UintField(o, "dynamicSmemBytes", 0);
  const int param = static_cast<int>(UintField(o, "param", 0));
  int per_sm = 0;
  cudaError_t err = sb_workload_occupancy(index, device, threads, smem, param, &per_sm);
  if (err == cudaErrorInvalidValue && per_sm == 0) {
    Throw(env, "SB_INVALID",
          std::string("workload '") + sb_workload_at(index)->id +
              "' has no single kernel whose occupancy could be asked (or its parameter is invalid)");
  }
  if (err != cudaSuccess) throw ToJs(env, CudaFailure(err, "cudaOccupancyMaxActiveBlocksPerMultiprocessor"));
  int sms = 0;
  err = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  if (err != cudaSuccess) throw ToJs(env, CudaFailure(err, "cudaDeviceGetAttribute(MultiProcessorCount)"));
  Napi::Object r = Napi::Object::New(env);
  r.Set("blocksPerSm", per_sm);
  r.Set("smCount", sms);
  r.Set("coResidentBlocks", per_sm * sms);
  return r;
}

Napi::Value MaxActiveClusters(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  Napi::Object o;
  const int index = FindWorkloadOrThrow(env, WorkloadField(info, &o));
  const int device = static_cast<int>(UintField(o, "device", 0));
  const unsigned threads = UintField(o, "threadsPerBlock", 256);
  const unsigned cluster = UintField(o, "clusterSize", 2);
  const unsigned smem = UintField(o, "dynamicSmemBytes", 0);
  if (!sb_workload_at(index)->needs_cluster) {
    Throw(env, "SB_INVALID", std::string("workload '") + sb_workload_at(index)->id + "' is not a cluster workload");
  }
  int clusters = 0;
  const cudaError_t err = sb_workload_max_active_clusters(index, device, threads, cluster, smem, &clusters);
  Napi::Object r = Napi::Object::New(env);
  if (err != cudaSuccess) {
    cudaGetLastError();  // clear: an unsupported size is an answer (0), not a failure
    r.Set("maxActiveClusters", 0);
    r.Set("reason", std::string(cudaGetErrorName(err)) + ": " + cudaGetErrorString(err));
    return r;
  }
  r.Set("maxActiveClusters", clusters);
  return r;
}

}  // namespace sb
