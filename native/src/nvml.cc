#include "nvml.h"

#include <climits>
#include <fstream>
#include <mutex>

#ifdef _WIN32
#include <windows.h>
#else
#include <dlfcn.h>
#include <unistd.h>
#endif

namespace sb {
namespace {

// The few NVML entry points we use (nvml.h, NVML API Reference). Declared here so the build needs no NVML headers.
using nvmlReturn_t = int;
using nvmlDevice_t = void *;
constexpr int kNvmlClockSm = 1;
using InitFn = nvmlReturn_t (*)();
using ByPciFn = nvmlReturn_t (*)(const char *, nvmlDevice_t *);
using ClockFn = nvmlReturn_t (*)(nvmlDevice_t, int, unsigned *);
using ReasonsFn = nvmlReturn_t (*)(nvmlDevice_t, unsigned long long *);
using VersionFn = nvmlReturn_t (*)(char *, unsigned);
using P2PStatusFn = nvmlReturn_t (*)(nvmlDevice_t, nvmlDevice_t, int, int *);
using AncestorFn = nvmlReturn_t (*)(nvmlDevice_t, nvmlDevice_t, int *);
constexpr int kNvmlP2PCapsIndexNvlink = 2;     // NVML_P2P_CAPS_INDEX_NVLINK
constexpr int kNvmlErrorInsufficientSize = 7;  // NVML_ERROR_INSUFFICIENT_SIZE
// nvmlProcessInfo_v2_t (the _v2 and _v3 entry points) and nvmlProcessInfo_v1_t (the unversioned one).
struct ProcessInfoV2 {
  unsigned pid;
  unsigned long long used_gpu_memory;
  unsigned gpu_instance_id;
  unsigned compute_instance_id;
};
struct ProcessInfoV1 {
  unsigned pid;
  unsigned long long used_gpu_memory;
};
using ProcessesFn = nvmlReturn_t (*)(nvmlDevice_t, unsigned *, void *);
using ProcessNameFn = nvmlReturn_t (*)(unsigned, char *, unsigned);

struct Nvml {
  bool loaded = false;
  ByPciFn by_pci = nullptr;
  ClockFn clock = nullptr;
  ClockFn max_clock = nullptr;
  ReasonsFn reasons = nullptr;
  VersionFn driver_version = nullptr;
  P2PStatusFn p2p_status = nullptr;
  AncestorFn common_ancestor = nullptr;
  ProcessesFn processes = nullptr;
  bool processes_v1 = false;  // `processes` takes ProcessInfoV1 entries
  ProcessNameFn process_name = nullptr;
};

void *Sym(void *lib, const char *name) {
#ifdef _WIN32
  return reinterpret_cast<void *>(GetProcAddress(static_cast<HMODULE>(lib), name));
#else
  return dlsym(lib, name);
#endif
}

const Nvml &Get() {
  static Nvml nvml;
  static std::once_flag once;
  std::call_once(once, [] {
#ifdef _WIN32
    void *lib = LoadLibraryA("nvml.dll");
#else
    void *lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
#endif
    if (!lib) return;
    auto init = reinterpret_cast<InitFn>(Sym(lib, "nvmlInit_v2"));
    nvml.by_pci = reinterpret_cast<ByPciFn>(Sym(lib, "nvmlDeviceGetHandleByPciBusId_v2"));
    nvml.clock = reinterpret_cast<ClockFn>(Sym(lib, "nvmlDeviceGetClockInfo"));
    nvml.max_clock = reinterpret_cast<ClockFn>(Sym(lib, "nvmlDeviceGetMaxClockInfo"));
    nvml.reasons = reinterpret_cast<ReasonsFn>(Sym(lib, "nvmlDeviceGetCurrentClocksEventReasons"));
    if (!nvml.reasons)
      nvml.reasons = reinterpret_cast<ReasonsFn>(Sym(lib, "nvmlDeviceGetCurrentClocksThrottleReasons"));
    nvml.driver_version = reinterpret_cast<VersionFn>(Sym(lib, "nvmlSystemGetDriverVersion"));
    nvml.p2p_status = reinterpret_cast<P2PStatusFn>(Sym(lib, "nvmlDeviceGetP2PStatus"));
    nvml.common_ancestor = reinterpret_cast<AncestorFn>(Sym(lib, "nvmlDeviceGetTopologyCommonAncestor"));
    nvml.processes = reinterpret_cast<ProcessesFn>(Sym(lib, "nvmlDeviceGetComputeRunningProcesses_v3"));
    if (!nvml.processes)
      nvml.processes = reinterpret_cast<ProcessesFn>(Sym(lib, "nvmlDeviceGetComputeRunningProcesses_v2"));
    if (!nvml.processes) {
      nvml.processes = reinterpret_cast<ProcessesFn>(Sym(lib, "nvmlDeviceGetComputeRunningProcesses"));
      nvml.processes_v1 = nvml.processes != nullptr;
    }
    nvml.process_name = reinterpret_cast<ProcessNameFn>(Sym(lib, "nvmlSystemGetProcessName"));
    nvml.loaded = init && nvml.by_pci && nvml.clock && init() == 0;
  });
  return nvml;
}

// One call of the processes entry point into entries of type Info; false on any NVML error but "too small".
template <class Info>
bool ListProcesses(const Nvml &n, nvmlDevice_t dev, std::vector<GpuProcess> *out) {
  std::vector<Info> infos(64);
  for (int attempt = 0; attempt < 3; ++attempt) {
    unsigned count = static_cast<unsigned>(infos.size());
    const nvmlReturn_t rc = n.processes(dev, &count, infos.data());
    if (rc == kNvmlErrorInsufficientSize) {
      infos.resize(count + 16);  // processes started between the two calls
      continue;
    }
    if (rc != 0) return false;
    for (unsigned i = 0; i < count; ++i) {
      GpuProcess p;
      p.pid = infos[i].pid;
      p.used_bytes = infos[i].used_gpu_memory == ULLONG_MAX ? -1 : static_cast<long long>(infos[i].used_gpu_memory);
      out->push_back(p);
    }
    return true;
  }
  return false;
}

// NVML's name for a pid, else the kernel's (/proc/<pid>/comm, Linux), else "".
std::string ProcessName(const Nvml &n, unsigned pid) {
  char buf[256] = {};
  if (n.process_name && n.process_name(pid, buf, sizeof(buf)) == 0 && buf[0]) return buf;
  std::ifstream comm("/proc/" + std::to_string(pid) + "/comm");
  std::string name;
  if (comm && std::getline(comm, name)) return name;
  return "";
}

}  // namespace

unsigned OwnPid() {
#ifdef _WIN32
  return static_cast<unsigned>(GetCurrentProcessId());
#else
  return static_cast<unsigned>(getpid());
#endif
}

GpuProcessList ReadNvmlProcesses(const std::string &pci_bus_id) {
  GpuProcessList r;
  const Nvml &n = Get();
  if (!n.loaded || !n.processes) return r;
  nvmlDevice_t dev = nullptr;
  if (n.by_pci(pci_bus_id.c_str(), &dev) != 0) return r;
  const bool listed = n.processes_v1 ? ListProcesses<ProcessInfoV1>(n, dev, &r.processes)
                                     : ListProcesses<ProcessInfoV2>(n, dev, &r.processes);
  if (!listed) return r;
  const unsigned own = OwnPid();
  for (GpuProcess &p : r.processes) {
    p.name = ProcessName(n, p.pid);
    r.own_seen = r.own_seen || p.pid == own;
  }
  r.ok = true;
  return r;
}

NvmlReading ReadNvml(const std::string &pci_bus_id) {
  NvmlReading r;
  const Nvml &n = Get();
  if (!n.loaded) return r;
  nvmlDevice_t dev = nullptr;
  if (n.by_pci(pci_bus_id.c_str(), &dev) != 0) return r;
  if (n.clock(dev, kNvmlClockSm, &r.sm_clock_mhz) != 0) return r;
  if (n.max_clock) n.max_clock(dev, kNvmlClockSm, &r.max_sm_clock_mhz);
  if (n.reasons) n.reasons(dev, &r.clock_event_reasons);
  r.ok = true;
  return r;
}

NvmlLink ReadNvmlLink(const std::string &pci_bus_id_a, const std::string &pci_bus_id_b) {
  NvmlLink r;
  const Nvml &n = Get();
  if (!n.loaded) return r;
  nvmlDevice_t a = nullptr, b = nullptr;
  if (n.by_pci(pci_bus_id_a.c_str(), &a) != 0 || n.by_pci(pci_bus_id_b.c_str(), &b) != 0) return r;
  int status = -1;
  if (n.p2p_status && n.p2p_status(a, b, kNvmlP2PCapsIndexNvlink, &status) == 0) {
    r.nvlink_status = status;
    r.nvlink = status == 0;
    r.ok = true;
  }
  int level = -1;
  if (n.common_ancestor && n.common_ancestor(a, b, &level) == 0) {
    r.common_ancestor = level;
    r.ok = true;
  }
  return r;
}

std::string NvmlDriverVersion() {
  const Nvml &n = Get();
  if (!n.loaded || !n.driver_version) return "";
  char buf[96] = {};
  if (n.driver_version(buf, sizeof(buf)) != 0) return "";
  return buf;
}

}  // namespace sb
