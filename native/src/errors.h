// errors.h — how failures travel from CUDA to JavaScript: every thrown error carries a stable `code`
// (SB_CUDA, SB_INVALID, SB_BUSY, SB_CANCELLED, SB_SPIN_TIMEOUT, SB_NO_GPU), the CUDA error name and number when there
// is one, and `sticky: true` when the CUDA context is unusable afterwards (the process must be restarted).
#pragma once

#include <cuda_runtime_api.h>
#include <napi.h>

#include <string>

namespace sb {

struct Failure {
  std::string code;     // SB_* code
  std::string message;  // what went wrong and what is allowed, for a person
  cudaError_t cuda = cudaSuccess;
  bool sticky = false;
  int point = -1;  // index of the point that failed, -1 if none
};

// True for errors after which the CUDA context cannot be used again (CUDA Runtime API, "Error Handling").
bool IsSticky(cudaError_t err);

// A Failure for a CUDA error, with `what` saying which call or step failed.
Failure CudaFailure(cudaError_t err, const std::string &what);

// Converts a Failure to a JavaScript Error with code/cudaError/cudaErrorCode/sticky/point properties.
Napi::Error ToJs(Napi::Env env, const Failure &f);

// Throws a JavaScript error with the given code and message.
[[noreturn]] void Throw(Napi::Env env, const std::string &code, const std::string &message);

}  // namespace sb
