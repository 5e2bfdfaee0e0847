// nccl_loader.h — NCCL (libnccl.so.2) loaded at run time with dlopen, so the build needs no NCCL headers or library
// and the app runs where NCCL is absent. Only the few entry points the multi-GPU family uses are declared, with the
// types of nccl.h (NCCL 2.x API reference): ncclGetVersion, ncclGetErrorString, ncclCommInitAll, ncclCommDestroy,
// ncclGroupStart, ncclGroupEnd, ncclAllReduce.
//
// Plain C++ (no CUDA headers): cudaStream_t is passed as void * (it is a pointer type, CUstream_st *), so the loader
// can be compiled and tested with g++ alone (test/unit/native/nccl-loader.test.ts).
#pragma once

#include <string>

namespace sb {

// nccl.h values used here (stable across NCCL 2.x).
using ncclResult_t = int;
using ncclComm_t = struct ncclComm *;
constexpr int kNcclInt32 = 2;  // ncclInt32
constexpr int kNcclSum = 0;    // ncclSum

struct NcclApi {
  ncclResult_t (*get_version)(int *version) = nullptr;
  const char *(*get_error_string)(ncclResult_t result) = nullptr;
  ncclResult_t (*comm_init_all)(ncclComm_t *comms, int ndev, const int *devlist) = nullptr;
  ncclResult_t (*comm_destroy)(ncclComm_t comm) = nullptr;
  ncclResult_t (*group_start)() = nullptr;
  ncclResult_t (*group_end)() = nullptr;
  ncclResult_t (*all_reduce)(const void *sendbuff, void *recvbuff, unsigned long count, int datatype, int op,
                             ncclComm_t comm, void *stream) = nullptr;
};

enum class NcclState { kLoaded, kMissing, kIncomplete, kWrongVersion };

struct NcclLoad {
  NcclState state = NcclState::kMissing;
  int version_code = 0;  // what ncclGetVersion returned (NCCL_VERSION_CODE), 0 when not asked
  std::string version;   // "2.27.3", "" when unknown
  std::string library;   // the name or path given to dlopen
  std::string reason;    // a sentence for a person when state != kLoaded, "" otherwise
  NcclApi api;           // every pointer set when state == kLoaded
};

// The dynamic-loader layer, so a test can substitute it. Defaults: dlopen(RTLD_NOW | RTLD_LOCAL), dlsym, dlerror.
struct DlLayer {
  void *(*open)(const char *name) = nullptr;
  void *(*sym)(void *lib, const char *name) = nullptr;
  std::string (*error)() = nullptr;
  void (*close)(void *lib) = nullptr;
};
DlLayer SystemDl();

// "major.minor.patch" of an NCCL_VERSION_CODE: major*10000 + minor*100 + patch since NCCL 2.9, major*1000 +
// minor*100 + patch before (nccl.h, NCCL_VERSION macro). Sets *major.
std::string NcclVersionText(int code, int *major);

// Loads NCCL from `library` (default "libnccl.so.2") through `dl`: missing library, missing entry points, or a
// version whose major is not 2 (the ABI declared above) give a state other than kLoaded with the reason. The library
// stays loaded when the state is kLoaded and is closed otherwise.
NcclLoad LoadNccl(const DlLayer &dl, const std::string &library = "libnccl.so.2");

// The process-wide NCCL, loaded once ($SYNCBENCH_NCCL names another library file, for tests and odd installs).
const NcclLoad &Nccl();

// "loaded" | "missing" | "incomplete" | "wrong-version".
const char *NcclStateName(NcclState s);

}  // namespace sb
