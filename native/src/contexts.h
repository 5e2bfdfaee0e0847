// contexts.h — the CUDA state one run uses: a single-device sb_context per device (sb_abi.h) and a two-device
// sb_pair_context per ordered pair of GPUs (sb_pair_abi.h), each created on first use and reused by later points.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>

#include "point_runner.h"
#include "sb_pair_abi.h"

namespace sb {

class RunContexts {
 public:
  RunContexts() = default;
  RunContexts(const RunContexts &) = delete;
  RunContexts &operator=(const RunContexts &) = delete;
  ~RunContexts();

  // The runner for `spec` (single-device, or the pair spec.device -> spec.peer_device), creating its context.
  // A Failure (SB_CUDA) when the context cannot be created.
  std::optional<Failure> RunnerFor(const PointSpec &spec, WorkloadRunner *out);

  // PCI bus id of a device ("" when the runtime cannot say), for NVML readings.
  static std::string PciOf(int device);

  // After a sticky CUDA error the contexts are left alone (the process must restart anyway).
  void Abandon() { abandoned_ = true; }

 private:
  std::map<int, sb_context *> single_;
  std::map<std::pair<int, int>, sb_pair_context *> pairs_;
  bool abandoned_ = false;
};

// The multi-GPU workloads of sb_pair_abi.h on `ctx`.
WorkloadRunner PairRunner(sb_pair_context *ctx);

}  // namespace sb
