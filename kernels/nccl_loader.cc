// nccl_loader.cc — see nccl_loader.h.
#include "nccl_loader.h"

#include <cstdlib>
#include <mutex>

#ifndef _WIN32
#include <dlfcn.h>
#endif

namespace sb {

DlLayer SystemDl() {
  DlLayer dl;
#ifdef _WIN32
  dl.open = [](const char *) -> void * { return nullptr; };
  dl.sym = [](void *, const char *) -> void * { return nullptr; };
  dl.error = []() { return std::string("NCCL is not available on Windows"); };
  dl.close = [](void *) {};
#else
  dl.open = [](const char *name) { return dlopen(name, RTLD_NOW | RTLD_LOCAL); };
  dl.sym = [](void *lib, const char *name) { return dlsym(lib, name); };
  dl.error = []() {
    const char *e = dlerror();
    return std::string(e ? e : "unknown dlopen error");
  };
  dl.close = [](void *lib) { dlclose(lib); };
#endif
  return dl;
}

std::string NcclVersionText(int code, int *major) {
  int maj, min, patch;
  if (code >= 10000) {
    maj = code / 10000;
    min = (code % 10000) / 100;
    patch = code % 100;
  } else {
    maj = code / 1000;
    min = (code % 1000) / 100;
    patch = code % 100;
  }
  if (major) *major = maj;
  return std::to_string(maj) + "." + std::to_string(min) + "." + std::to_string(patch);
}

namespace {

template <class F>
bool Bind(const DlLayer &dl, void *lib, const char *name, F *out, std::string *missing) {
  *out = reinterpret_cast<F>(dl.sym(lib, name));
  if (!*out) *missing += (missing->empty() ? "" : ", ") + std::string(name);
  return *out != nullptr;
}

}  // namespace

NcclLoad LoadNccl(const DlLayer &dl, const std::string &library) {
  NcclLoad r;
  r.library = library;
  void *lib = dl.open(library.c_str());
  if (!lib) {
    r.state = NcclState::kMissing;
    r.reason = "NCCL is not installed (" + library + " could not be loaded: " + dl.error() +
               "); the NCCL all-reduce variant is skipped. Install NCCL 2 (libnccl2) to measure it.";
    return r;
  }
  std::string missing;
  Bind(dl, lib, "ncclGetVersion", &r.api.get_version, &missing);
  Bind(dl, lib, "ncclGetErrorString", &r.api.get_error_string, &missing);
  Bind(dl, lib, "ncclCommInitAll", &r.api.comm_init_all, &missing);
  Bind(dl, lib, "ncclCommDestroy", &r.api.comm_destroy, &missing);
  Bind(dl, lib, "ncclGroupStart", &r.api.group_start, &missing);
  Bind(dl, lib, "ncclGroupEnd", &r.api.group_end, &missing);
  Bind(dl, lib, "ncclAllReduce", &r.api.all_reduce, &missing);
  if (!missing.empty()) {
    r.state = NcclState::kIncomplete;
    r.reason = library + " lacks " + missing + ", so it is not a usable NCCL 2 library; the NCCL variant is skipped.";
    r.api = NcclApi{};
    dl.close(lib);
    return r;
  }
  int code = 0;
  if (r.api.get_version(&code) != 0 || code <= 0) {
    r.state = NcclState::kWrongVersion;
    r.reason = library + ": ncclGetVersion failed, so its version (and ABI) is unknown; the NCCL variant is skipped.";
    r.api = NcclApi{};
    dl.close(lib);
    return r;
  }
  int major = 0;
  r.version_code = code;
  r.version = NcclVersionText(code, &major);
  if (major != 2) {
    r.state = NcclState::kWrongVersion;
    r.reason = library + " is NCCL " + r.version +
               "; this build declares the NCCL 2.x ABI, so only NCCL 2 is used. "
               "The NCCL variant is skipped.";
    r.api = NcclApi{};
    dl.close(lib);
    return r;
  }
  r.state = NcclState::kLoaded;
  return r;
}

const NcclLoad &Nccl() {
  static NcclLoad loaded;
  static std::once_flag once;
  std::call_once(once, [] {
    const char *override_path = std::getenv("SYNCBENCH_NCCL");
    loaded = LoadNccl(SystemDl(), override_path && *override_path ? override_path : "libnccl.so.2");
  });
  return loaded;
}

const char *NcclStateName(NcclState s) {
  switch (s) {
    case NcclState::kLoaded:
      return "loaded";
    case NcclState::kMissing:
      return "missing";
    case NcclState::kIncomplete:
      return "incomplete";
    case NcclState::kWrongVersion:
      return "wrong-version";
  }
  return "missing";
}

}  // namespace sb
