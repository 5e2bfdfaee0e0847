#include "device_query.h"

#include <cuda_runtime_api.h>

#include <string>

#ifndef _WIN32
#include <dlfcn.h>
#endif

#include "errors.h"
#include "nvml.h"
#include "topology.h"

namespace sb {
namespace {

std::string VersionString(int v) {
  if (v <= 0) return "none";
  return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
}

bool DriverLibraryPresent() {
#ifdef _WIN32
  return true;  // the runtime's own message is precise enough on Windows
#else
  void *lib = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);
  if (lib) dlclose(lib);
  return lib != nullptr;
#endif
}

// A sentence a person understands for why no GPU can be used (CUDA Runtime API error descriptions).
std::string NoGpuReason(cudaError_t err, int driver_version) {
  const std::string runtime_says = std::string("(the CUDA runtime says: \"") + cudaGetErrorString(err) + "\")";
  if (err == cudaErrorInsufficientDriver) {
    if (!DriverLibraryPresent() || driver_version == 0) {
      return "No NVIDIA driver is installed on this machine " + runtime_says +
             ". Install the NVIDIA driver (r580 or newer for CUDA 13) to measure; reference data, replays, the "
             "decision wizard and exports work without one.";
    }
    return "The NVIDIA driver supports CUDA " + VersionString(driver_version) + " but this build needs CUDA " +
           VersionString(CUDART_VERSION) + " " + runtime_says + ". Update the NVIDIA driver.";
  }
  if (err == cudaErrorNoDevice) {
    return "The NVIDIA driver is loaded but sees no CUDA-capable GPU " + runtime_says +
           ". Check CUDA_VISIBLE_DEVICES and that the GPU is not assigned elsewhere.";
  }
  if (err == cudaErrorDevicesUnavailable) {
    return "Every GPU is busy or in a compute mode that refuses new contexts " + runtime_says + ".";
  }
  return "The CUDA runtime could not start " + runtime_says + ".";
}

int Attr(cudaDeviceAttr attr, int device) {
  int v = 0;
  if (cudaDeviceGetAttribute(&v, attr, device) != cudaSuccess) {
    cudaGetLastError();
    return -1;
  }
  return v;
}

}  // namespace

Napi::Value QueryDevices(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  Napi::Object r = Napi::Object::New(env);
  int driver = 0, runtime = 0;
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  r.Set("driverVersion", VersionString(driver));
  r.Set("runtimeVersion", VersionString(runtime));
  int count = 0;
  const cudaError_t err = cudaGetDeviceCount(&count);
  if (err != cudaSuccess || count == 0) {
    const cudaError_t why = err != cudaSuccess ? err : cudaErrorNoDevice;
    cudaGetLastError();
    r.Set("available", false);
    r.Set("reason", NoGpuReason(why, driver));
    r.Set("cudaError", cudaGetErrorName(why));
    return r;
  }
  r.Set("available", true);
  r.Set("nvmlDriverVersion", NvmlDriverVersion());
  Napi::Array devices = Napi::Array::New(env);
  for (int d = 0; d < count; ++d) {
    cudaDeviceProp p{};
    const cudaError_t perr = cudaGetDeviceProperties(&p, d);
    if (perr != cudaSuccess) throw ToJs(env, CudaFailure(perr, "cudaGetDeviceProperties"));
    char pci[32] = {};
    cudaDeviceGetPCIBusId(pci, sizeof(pci), d);
    Napi::Object o = Napi::Object::New(env);
    o.Set("ordinal", d);
    o.Set("name", p.name);
    o.Set("computeCapability", std::to_string(p.major) + "." + std::to_string(p.minor));
    o.Set("smCount", p.multiProcessorCount);
    o.Set("smClockMaxMHz", Attr(cudaDevAttrClockRate, d) / 1000.0);
    o.Set("memoryClockMaxMHz", Attr(cudaDevAttrMemoryClockRate, d) / 1000.0);
    o.Set("memoryBusWidthBits", p.memoryBusWidth);
    o.Set("totalMemoryBytes", static_cast<double>(p.totalGlobalMem));
    o.Set("l2CacheBytes", p.l2CacheSize);
    o.Set("warpSize", p.warpSize);
    o.Set("maxThreadsPerBlock", p.maxThreadsPerBlock);
    o.Set("maxThreadsPerSm", p.maxThreadsPerMultiProcessor);
    o.Set("maxBlocksPerSm", p.maxBlocksPerMultiProcessor);
    o.Set("sharedMemPerBlockBytes", static_cast<double>(p.sharedMemPerBlock));
    o.Set("sharedMemPerBlockOptinBytes", static_cast<double>(p.sharedMemPerBlockOptin));
    o.Set("sharedMemPerSmBytes", static_cast<double>(p.sharedMemPerMultiprocessor));
    o.Set("registersPerBlock", p.regsPerBlock);
    o.Set("registersPerSm", p.regsPerMultiprocessor);
    o.Set("cooperativeLaunch", Napi::Boolean::New(env, p.cooperativeLaunch != 0));
    o.Set("clusterLaunch", Napi::Boolean::New(env, Attr(cudaDevAttrClusterLaunch, d) == 1));
    o.Set("eccEnabled", Napi::Boolean::New(env, p.ECCEnabled != 0));
    o.Set("integrated", Napi::Boolean::New(env, p.integrated != 0));
    o.Set("pciBusId", pci);
    const NvmlReading nvml = ReadNvml(pci);
    if (nvml.ok) {
      o.Set("nvmlSmClockMHz", nvml.sm_clock_mhz);
      o.Set("nvmlSmClockMaxMHz", nvml.max_sm_clock_mhz);
    }
    devices.Set(d, o);
  }
  r.Set("devices", devices);
  r.Set("pairs", QueryPairs(env, count));
  r.Set("nccl", NcclStatus(env));
  return r;
}

Napi::Value SetScheduleFlag(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  const std::string flag = info.Length() > 0 && info[0].IsString() ? info[0].As<Napi::String>().Utf8Value() : "";
  unsigned value;
  if (flag == "auto")
    value = cudaDeviceScheduleAuto;
  else if (flag == "spin")
    value = cudaDeviceScheduleSpin;
  else if (flag == "yield")
    value = cudaDeviceScheduleYield;
  else if (flag == "blocking-sync")
    value = cudaDeviceScheduleBlockingSync;
  else
    Throw(env, "SB_INVALID", "schedule flag '" + flag + "' is not one of auto, spin, yield, blocking-sync");
  const cudaError_t err = cudaSetDeviceFlags(value);
  if (err == cudaErrorSetOnActiveProcess) {
    cudaGetLastError();
    Throw(env, "SB_INVALID",
          "the scheduling flag must be set before the GPU is first used in this process "
          "(it is fixed when the CUDA context is created); run it in a fresh process");
  }
  if (err != cudaSuccess) throw ToJs(env, CudaFailure(err, "cudaSetDeviceFlags"));
  return env.Undefined();
}

}  // namespace sb
