// addon.cc — module entry of syncbench.node. Exports (all documented in electron/model/native/addon-types.ts):
//   version, cudaRuntimeBuild, cudaArchitectures, sourceHash, queryDevices(), setScheduleFlag(flag), workloads(),
//   occupancy(opts), maxActiveClusters(opts), gpuProcesses(pciBusId), startRun(points, onEvent)
#include <cuda_runtime_api.h>
#include <napi.h>

#include "device_query.h"
#include "gpu_processes.h"
#include "run_worker.h"
#include "source_hash.h"
#include "workloads.h"

#ifndef SYNCBENCH_CUDA_ARCHITECTURES
#define SYNCBENCH_CUDA_ARCHITECTURES "unknown"
#endif

static Napi::Object Init(Napi::Env env, Napi::Object exports) {
  exports.Set("version", Napi::String::New(env, "1"));
  exports.Set("cudaRuntimeBuild", Napi::Number::New(env, CUDART_VERSION));
  exports.Set("cudaArchitectures", Napi::String::New(env, SYNCBENCH_CUDA_ARCHITECTURES));
  exports.Set("sourceHash", Napi::String::New(env, sb::SourceHash()));
  exports.Set("queryDevices", Napi::Function::New(env, sb::QueryDevices));
  exports.Set("setScheduleFlag", Napi::Function::New(env, sb::SetScheduleFlag));
  exports.Set("workloads", Napi::Function::New(env, sb::Workloads));
  exports.Set("occupancy", Napi::Function::New(env, sb::Occupancy));
  exports.Set("maxActiveClusters", Napi::Function::New(env, sb::MaxActiveClusters));
  exports.Set("gpuProcesses", Napi::Function::New(env, sb::GpuProcesses));
  exports.Set("startRun", Napi::Function::New(env, sb::StartRun));
  return exports;
}

NODE_API_MODULE(syncbench, Init)
