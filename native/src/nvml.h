// nvml.h — optional NVML (libnvidia-ml.so.1 / nvml.dll), loaded at run time: the SM clock during a point, the
// reasons the clock is held down, and how two GPUs are linked. Absent library or driver: every call reports
// "unavailable", nothing fails.
#pragma once

#include <string>
#include <vector>

namespace sb {

struct NvmlReading {
  bool ok = false;
  unsigned sm_clock_mhz = 0;                   // NVML_CLOCK_SM, current
  unsigned max_sm_clock_mhz = 0;               // nvmlDeviceGetMaxClockInfo(NVML_CLOCK_SM)
  unsigned long long clock_event_reasons = 0;  // nvmlDeviceGetCurrentClocksEventReasons bit mask
};

// Reads the clocks of the GPU with this PCI bus id ("0000:xx:yy.z", from cudaDeviceGetPCIBusId).
NvmlReading ReadNvml(const std::string &pci_bus_id);

// How two GPUs are connected, as NVML tells it (nvmlDeviceGetP2PStatus with NVML_P2P_CAPS_INDEX_NVLINK, and
// nvmlDeviceGetTopologyCommonAncestor for the PCIe path). ok = false when NVML is unavailable or knows neither.
struct NvmlLink {
  bool ok = false;
  bool nvlink = false;       // P2P over NVLink reported OK
  int nvlink_status = -1;    // nvmlGpuP2PStatus_t of the NVLINK capability (0 OK), -1 not asked
  int common_ancestor = -1;  // nvmlGpuTopologyLevel_t: 0 internal, 10 one switch, 20 several switches,
                             // 30 host bridge, 40 one NUMA node, 50 across the system; -1 unknown
};
NvmlLink ReadNvmlLink(const std::string &pci_bus_id_a, const std::string &pci_bus_id_b);

// One compute process on a GPU, as NVML lists it (nvmlDeviceGetComputeRunningProcesses_v3 / _v2 / v1).
struct GpuProcess {
  unsigned pid = 0;           // as NVML reports it (the host's pid namespace)
  std::string name;           // nvmlSystemGetProcessName, else /proc/<pid>/comm; "" when neither knows it
  long long used_bytes = -1;  // usedGpuMemory; -1 when NVML does not say (NVML_VALUE_NOT_AVAILABLE)
};

// The compute processes on the GPU with this PCI bus id. ok = false when NVML or the entry point is unavailable
// (unknown, not "none"); own_seen: this process's pid (getpid()) was among them.
struct GpuProcessList {
  bool ok = false;
  bool own_seen = false;
  std::vector<GpuProcess> processes;  // every process listed, this one included
};
GpuProcessList ReadNvmlProcesses(const std::string &pci_bus_id);

// This process's id (getpid / GetCurrentProcessId).
unsigned OwnPid();

// The loaded library's version string, or "" when NVML is unavailable.
std::string NvmlDriverVersion();

}  // namespace sb
