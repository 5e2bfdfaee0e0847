// gpu_processes.h — NVML's compute processes of a GPU as JavaScript values (electron/model/native/addon-types.ts
// NativeGpuProcesses): the run's per-point lists and the addon's gpuProcesses(pciBusId) export.
#pragma once

#include <napi.h>

#include "nvml.h"

namespace sb {

// { ownPid, ownPidSeen, processes: [{ pid, name, usedMemoryBytes | null }] }, or null when NVML could not list them.
Napi::Value GpuProcessesToJs(Napi::Env env, const GpuProcessList &list);

// gpuProcesses(pciBusId: string) -> NativeGpuProcesses | null (null: NVML or its processes entry point is absent).
Napi::Value GpuProcesses(const Napi::CallbackInfo &info);

}  // namespace sb
