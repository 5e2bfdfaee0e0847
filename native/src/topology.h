// topology.h — every pair of GPUs in this process: peer access, native atomics and performance rank from the CUDA
// runtime (cudaDeviceCanAccessPeer, cudaDeviceGetP2PAttribute), the link from NVML where it tells it.
#pragma once

#include <napi.h>

namespace sb {

// One entry per unordered pair a < b:
//   { a, b, peerAccess: { aToB, bToA }, nativeAtomics: { aToB, bToA }, performanceRank: { aToB, bToA },
//     link: { source: 'nvml' | 'none', nvlink: boolean | null, nvlinkP2pStatus: number | null,
//             commonAncestor: number | null } }
// Attributes the runtime cannot answer are null. An empty array for fewer than two devices.
Napi::Array QueryPairs(Napi::Env env, int device_count);

// The NCCL library as this process would load it: { state: 'loaded' | 'missing' | 'incomplete' | 'wrong-version',
// version: string | null, library, reason: string | null } (kernels/nccl_loader.h).
Napi::Object NcclStatus(Napi::Env env);

}  // namespace sb
