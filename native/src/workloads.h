// workloads.h — JavaScript views of the workload table (sb_abi.h) and the co-residency queries.
#pragma once

#include <napi.h>

namespace sb {

// workloads() -> [{ id, family, op, expectPtx, expectSass, cooperative, needsCluster, minCc, paramKind, unsafe,
//                   kernel, devices, needsPeer, needsNccl }]
// devices: 1 for sb_abi.h's table, 2 for the multi-GPU table of sb_pair_abi.h (listed after the first).
Napi::Value Workloads(const Napi::CallbackInfo &info);

// occupancy({ device, workload, threadsPerBlock, dynamicSmemBytes, param }) ->
//   { blocksPerSm, smCount, coResidentBlocks }   coResidentBlocks = blocksPerSm x smCount
// (cudaOccupancyMaxActiveBlocksPerMultiprocessor on the workload's kernel x cudaDevAttrMultiProcessorCount).
Napi::Value Occupancy(const Napi::CallbackInfo &info);

// maxActiveClusters({ device, workload, threadsPerBlock, clusterSize, dynamicSmemBytes }) -> { maxActiveClusters }
// (cudaOccupancyMaxActiveClusters; 0 when the size cannot be launched).
Napi::Value MaxActiveClusters(const Napi::CallbackInfo &info);

// Index of a workload id, throwing SB_INVALID with the known ids when there is none.
int FindWorkloadOrThrow(Napi::Env env, const std::string &id);

// Index of a multi-GPU workload id (sb_pair_abi.h), throwing SB_INVALID with the known ids when there is none.
int FindPairWorkloadOrThrow(Napi::Env env, const std::string &id);

}  // namespace sb
