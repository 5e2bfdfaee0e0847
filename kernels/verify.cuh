// verify.cuh — deterministic values for the verifying workloads (correctness, phases), the same on host and device.
#pragma once

// A 32-bit mix of (round, index) (the finaliser of MurmurHash3; any bijective mix would do).
__host__ __device__ __forceinline__ unsigned sb_value(long long round, unsigned long long index) {
  unsigned long long h = index * 0x9E3779B97F4A7C15ull + static_cast<unsigned long long>(round) * 0xC2B2AE3D27D4EB4Full;
  h ^= h >> 33;
  h *= 0xFF51AFD7ED558CCDull;
  h ^= h >> 33;
  h *= 0xC4CEB9FE1A85EC53ull;
  h ^= h >> 33;
  return static_cast<unsigned>(h);
}
