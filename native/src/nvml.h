// nvml.h — optional NVML (libnvidia-ml.so.1 / nvml.dll), loaded at run time: the SM clock during a point and the
// reasons the clock is held down. Absent library or driver: every call reports "unavailable", nothing fails.
#pragma once

#include <string>

namespace sb {

struct NvmlReading {
  bool ok = false;
  unsigned sm_clock_mhz = 0;                   // NVML_CLOCK_SM, current
  unsigned max_sm_clock_mhz = 0;               // nvmlDeviceGetMaxClockInfo(NVML_CLOCK_SM)
  unsigned long long clock_event_reasons = 0;  // nvmlDeviceGetCurrentClocksEventReasons bit mask
};

// Reads the clocks of the GPU with this PCI bus id ("0000:xx:yy.z", from cudaDeviceGetPCIBusId).
NvmlReading ReadNvml(const std::string &pci_bus_id);

// The loaded library's version string, or "" when NVML is unavailable.
std::string NvmlDriverVersion();

}  // namespace sb
