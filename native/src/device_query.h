// device_query.h — what the machine has: the CUDA devices and their properties, or why there is no usable GPU.
#pragma once

#include <napi.h>

namespace sb {

// queryDevices() ->
//   { available: true, driverVersion, runtimeVersion, nvmlDriverVersion, devices: [DeviceInfo...],
//     pairs: [PairInfo...] (topology.h), nccl: NcclStatus (topology.h) }
//   { available: false, reason, cudaError, driverVersion, runtimeVersion }
// Never throws for a missing driver or GPU: that is an answer, with a reason a person understands.
Napi::Value QueryDevices(const Napi::CallbackInfo &info);

// setScheduleFlag('auto' | 'spin' | 'yield' | 'blocking-sync'): how host threads wait for the GPU
// (cudaSetDeviceFlags(cudaDeviceSchedule*)). Must precede the first use of the device in this process, because the
// flag is fixed when the context is created; throws SB_INVALID otherwise.
Napi::Value SetScheduleFlag(const Napi::CallbackInfo &info);

}  // namespace sb
