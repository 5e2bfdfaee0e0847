// example.cuh — the little every profile example shares: error checks, its verdict line, and its arguments.
// Each example prints one verdict line (PASS, FAIL or, for the deliberately racy variant, UNVERIFIED) and exits 0
// on PASS/UNVERIFIED, 1 on FAIL, 2 on bad arguments or a CUDA error (docs of the examples: README.md here).
#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

// Stops the program with exit status 2 and the failing call when a CUDA runtime call does not return cudaSuccess.
#define EX_CHECK(call)                                                                                        \
  do {                                                                                                        \
    const cudaError_t ex_err_ = (call);                                                                       \
    if (ex_err_ != cudaSuccess) {                                                                             \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(ex_err_)); \
      std::exit(2);                                                                                           \
    }                                                                                                         \
  } while (0)

// A 32-bit mix of (round, index), the same on host and device (the finaliser of MurmurHash3).
__host__ __device__ __forceinline__ unsigned ex_value(unsigned round, unsigned index) {
  unsigned long long h = index * 0x9E3779B97F4A7C15ull + round * 0xC2B2AE3D27D4EB4Full;
  h ^= h >> 33;
  h *= 0xFF51AFD7ED558CCDull;
  h ^= h >> 33;
  return static_cast<unsigned>(h);
}

// The examples' arguments: `--variant NAME` picks what runs; `--corrupt-result` flips one output word on the host
// before the check, so the program runs its kernels and then reports FAIL (how a profiler sees a failing program).
struct ex_args {
  const char *variant;
  bool corrupt_result;
};

// Reads the arguments; `variant` must be one of `allowed` (nullptr-terminated) and is `fallback` when absent.
// Prints what is allowed and exits 2 on anything else.
inline ex_args ex_parse(int argc, char **argv, const char *const *allowed, const char *fallback) {
  ex_args args{fallback, false};
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--variant") == 0 && i + 1 < argc) {
      args.variant = argv[++i];
    } else if (std::strcmp(argv[i], "--corrupt-result") == 0) {
      args.corrupt_result = true;
    } else {
      std::fprintf(stderr, "%s: unknown argument '%s'; usage: %s [--variant NAME] [--corrupt-result]\n", argv[0],
                   argv[i], argv[0]);
      std::exit(2);
    }
  }
  for (const char *const *a = allowed; *a != nullptr; ++a)
    if (std::strcmp(*a, args.variant) == 0) return args;
  std::fprintf(stderr, "%s: --variant '%s' is not one of:", argv[0], args.variant);
  for (const char *const *a = allowed; *a != nullptr; ++a) std::fprintf(stderr, " %s", *a);
  std::fprintf(stderr, "\n");
  std::exit(2);
}

// Prints `NAME: PASS` or `NAME: FAIL (detail)` and returns the exit status that goes with it (0 or 1).
inline int ex_verdict(const char *name, bool pass, const char *detail) {
  if (pass) {
    std::printf("%s: PASS\n", name);
    return 0;
  }
  std::printf("%s: FAIL (%s)\n", name, detail);
  return 1;
}
