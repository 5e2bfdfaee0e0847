#include "nvml.h"

#include <mutex>

#ifdef _WIN32
#include <windows.h>
#else
#include <dlfcn.h>
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
constexpr int kNvmlP2PCapsIndexNvlink = 2;  // NVML_P2P_CAPS_INDEX_NVLINK

struct Nvml {
  bool loaded = false;
  ByPciFn by_pci = nullptr;
  ClockFn clock = nullptr;
  ClockFn max_clock = nullptr;
  ReasonsFn reasons = nullptr;
  VersionFn driver_version = nullptr;
  P2PStatusFn p2p_status = nullptr;
  AncestorFn common_ancestor = nullptr;
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
    nvml.loaded = init && nvml.by_pci && nvml.clock && init() == 0;
  });
  return nvml;
}

}  // namespace

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
