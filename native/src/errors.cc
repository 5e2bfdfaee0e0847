#include "errors.h"

namespace sb {

bool IsSticky(cudaError_t err) {
  switch (err) {
    case cudaErrorIllegalAddress:
    case cudaErrorLaunchFailure:
    case cudaErrorIllegalInstruction:
    case cudaErrorMisalignedAddress:
    case cudaErrorInvalidAddressSpace:
    case cudaErrorInvalidPc:
    case cudaErrorHardwareStackError:
    case cudaErrorAssert:
    case cudaErrorLaunchTimeout:
    case cudaErrorECCUncorrectable:
    case cudaErrorContextIsDestroyed:
    case cudaErrorUnknown:
      return true;
    default:
      return false;
  }
}

Failure CudaFailure(cudaError_t err, const std::string &what) {
  Failure f;
  f.code = "SB_CUDA";
  f.cuda = err;
  f.sticky = IsSticky(err);
  f.message = what + " failed: " + cudaGetErrorName(err) + " (" + cudaGetErrorString(err) + ")";
  if (err == cudaErrorCooperativeLaunchTooLarge) {
    f.message +=
        ". The grid is larger than the number of blocks that can be co-resident "
        "(cudaOccupancyMaxActiveBlocksPerMultiprocessor x SM count).";
  }
  if (f.sticky) f.message += ". The GPU context is no longer usable: the measuring process must restart.";
  return f;
}

Napi::Error ToJs(Napi::Env env, const Failure &f) {
  Napi::Error e = Napi::Error::New(env, f.message);
  e.Set("code", Napi::String::New(env, f.code));
  if (f.cuda != cudaSuccess) {
    e.Set("cudaError", Napi::String::New(env, cudaGetErrorName(f.cuda)));
    e.Set("cudaErrorCode", Napi::Number::New(env, static_cast<int>(f.cuda)));
  }
  e.Set("sticky", Napi::Boolean::New(env, f.sticky));
  if (f.point >= 0) e.Set("point", Napi::Number::New(env, f.point));
  return e;
}

void Throw(Napi::Env env, const std::string &code, const std::string &message) {
  Failure f;
  f.code = code;
  f.message = message;
  throw ToJs(env, f);
}

}  // namespace sb
