#include "contexts.h"

#include <cuda_runtime_api.h>

namespace sb {

RunContexts::~RunContexts() {
  if (abandoned_) return;
  for (auto &[device, ctx] : single_) sb_context_destroy(ctx);
  for (auto &[pair, ctx] : pairs_) sb_pair_context_destroy(ctx);
}

std::string RunContexts::PciOf(int device) {
  char pci[32] = {};
  if (cudaDeviceGetPCIBusId(pci, sizeof(pci), device) != cudaSuccess) {
    cudaGetLastError();
    return "";
  }
  return pci;
}

std::optional<Failure> RunContexts::RunnerFor(const PointSpec &spec, WorkloadRunner *out) {
  if (spec.peer_device < 0) {
    sb_context *&ctx = single_[spec.device];
    if (!ctx) {
      const cudaError_t err = sb_context_create(spec.device, &ctx);
      if (err != cudaSuccess) {
        single_.erase(spec.device);
        return CudaFailure(err, "creating the CUDA context on device " + std::to_string(spec.device));
      }
    }
    *out = DeviceRunner(ctx);
    return std::nullopt;
  }
  const std::pair<int, int> key{spec.device, spec.peer_device};
  sb_pair_context *&ctx = pairs_[key];
  if (!ctx) {
    int peer_enabled = 0;
    const cudaError_t err = sb_pair_context_create(spec.device, spec.peer_device, &ctx, &peer_enabled);
    if (err != cudaSuccess) {
      pairs_.erase(key);
      return CudaFailure(err, "creating the two-GPU context for GPU " + std::to_string(spec.device) + " and GPU " +
                                  std::to_string(spec.peer_device));
    }
  }
  *out = PairRunner(ctx);
  return std::nullopt;
}

WorkloadRunner PairRunner(sb_pair_context *ctx) {
  WorkloadRunner r;
  r.info = [](int index) { return sb_pair_workload_at(index); };
  r.run = [ctx](int index, const sb_launch &launch, long long iters, int param,
                sb_run_sample *out) -> std::optional<Failure> {
    const cudaError_t err = sb_pair_workload_run(ctx, index, &launch, iters, param, out);
    if (err == cudaSuccess) return std::nullopt;
    const std::string what = std::string("running workload '") + sb_pair_workload_at(index)->id + "' (" +
                             std::to_string(iters) + " iterations)";
    if (err == SB_PAIR_REFUSED) {
      const char *text = "";
      const int kind = sb_pair_last_refusal(ctx, &text);
      return Failure{kind == SB_PAIR_REFUSED_NCCL ? "SB_NCCL" : "SB_INVALID", what + ": " + text};
    }
    return CudaFailure(err, what);
  };
  r.timeout_text =
      "a bounded wait gave up (2 s spinning on a GPU, or 10 s on the host) because the other GPU's side never "
      "arrived";
  return r;
}

}  // namespace sb
