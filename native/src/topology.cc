#include "topology.h"

#include <cuda_runtime_api.h>

#include <string>

#include "nccl_loader.h"
#include "nvml.h"

namespace sb {
namespace {

// A CUDA yes/no or number, or null when the runtime cannot answer.
Napi::Value Answer(Napi::Env env, cudaError_t err, int value, bool boolean) {
  if (err != cudaSuccess) {
    cudaGetLastError();
    return env.Null();
  }
  return boolean ? Napi::Value(Napi::Boolean::New(env, value != 0)) : Napi::Value(Napi::Number::New(env, value));
}

Napi::Object Directions(Napi::Env env, int a, int b, cudaDeviceP2PAttr attr, bool boolean) {
  Napi::Object o = Napi::Object::New(env);
  int ab = 0, ba = 0;
  o.Set("aToB", Answer(env, cudaDeviceGetP2PAttribute(&ab, attr, a, b), ab, boolean));
  o.Set("bToA", Answer(env, cudaDeviceGetP2PAttribute(&ba, attr, b, a), ba, boolean));
  return o;
}

std::string PciOf(int device) {
  char pci[32] = {};
  if (cudaDeviceGetPCIBusId(pci, sizeof(pci), device) != cudaSuccess) {
    cudaGetLastError();
    return "";
  }
  return pci;
}

}  // namespace

Napi::Array QueryPairs(Napi::Env env, int device_count) {
  Napi::Array pairs = Napi::Array::New(env);
  uint32_t n = 0;
  for (int a = 0; a < device_count; ++a) {
    for (int b = a + 1; b < device_count; ++b) {
      Napi::Object p = Napi::Object::New(env);
      p.Set("a", a);
      p.Set("b", b);
      Napi::Object access = Napi::Object::New(env);
      int ab = 0, ba = 0;
      access.Set("aToB", Answer(env, cudaDeviceCanAccessPeer(&ab, a, b), ab, true));
      access.Set("bToA", Answer(env, cudaDeviceCanAccessPeer(&ba, b, a), ba, true));
      p.Set("peerAccess", access);
      p.Set("nativeAtomics", Directions(env, a, b, cudaDevP2PAttrNativeAtomicSupported, true));
      p.Set("performanceRank", Directions(env, a, b, cudaDevP2PAttrPerformanceRank, false));
      const std::string pa = PciOf(a), pb = PciOf(b);
      const NvmlLink l = pa.empty() || pb.empty() ? NvmlLink{} : ReadNvmlLink(pa, pb);
      Napi::Object link = Napi::Object::New(env);
      link.Set("source", l.ok ? "nvml" : "none");
      link.Set("nvlink", l.nvlink_status >= 0 ? Napi::Value(Napi::Boolean::New(env, l.nvlink)) : env.Null());
      link.Set("nvlinkP2pStatus",
               l.nvlink_status >= 0 ? Napi::Value(Napi::Number::New(env, l.nvlink_status)) : env.Null());
      link.Set("commonAncestor",
               l.common_ancestor >= 0 ? Napi::Value(Napi::Number::New(env, l.common_ancestor)) : env.Null());
      p.Set("link", link);
      pairs.Set(n++, p);
    }
  }
  return pairs;
}

Napi::Object NcclStatus(Napi::Env env) {
  const NcclLoad &n = Nccl();
  Napi::Object o = Napi::Object::New(env);
  o.Set("state", NcclStateName(n.state));
  o.Set("version", n.version.empty() ? env.Null() : Napi::Value(Napi::String::New(env, n.version)));
  o.Set("library", n.library);
  o.Set("reason", n.reason.empty() ? env.Null() : Napi::Value(Napi::String::New(env, n.reason)));
  return o;
}

}  // namespace sb
