// phases.cu — the chapter's two phases over every block, as one cooperative kernel with grid.sync() between the
// phases (the product's `phases` mode, kernels/phases.cu) and as two kernels per round (the kernel boundary is the
// barrier).
//   phase 1: a[i] = value(round, i)
//   phase 2: b[i] += a[i] + a[n-1-i]   (reads what other blocks wrote: needs a grid-wide barrier)
// Both variants compute the same b, checked on the host.
// Expected profile: `phases_coop` is one launch whose sync share sits in barrier stalls (grid.sync is a block
// barrier plus a device-scope fence and atomic), with MEMBAR and BAR in its instruction mix; `phase1_kernel` and
// `phase2_kernel` are kRounds (8) launches each with no sync instructions at all: their barrier is the launch gap.
// Usage: phases [--variant coop|kernels|both] [--corrupt-result]
#include <cooperative_groups.h>

#include <vector>

#include "example.cuh"

namespace cg = cooperative_groups;

constexpr unsigned kRounds = 8;
constexpr int kThreads = 256;

__device__ __forceinline__ void phase1(unsigned *a, unsigned round, size_t i) { a[i] = ex_value(round, i); }

__device__ __forceinline__ void phase2(const unsigned *a, unsigned *b, size_t n, size_t i) {
  b[i] += a[i] + a[n - 1 - i];
}

__global__ void phases_coop(unsigned *a, unsigned *b, unsigned rounds) {
  cg::grid_group grid = cg::this_grid();
  const size_t n = grid.size();
  const size_t i = grid.thread_rank();
  for (unsigned r = 0; r < rounds; ++r) {
    phase1(a, r, i);
    grid.sync();  // every a[] of this round is written before anyone reads a[n-1-i]
    phase2(a, b, n, i);
    grid.sync();  // every read of a[] is done before the next round overwrites it
  }
}

__global__ void phase1_kernel(unsigned *a, unsigned round) {
  phase1(a, round, static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x);
}

__global__ void phase2_kernel(const unsigned *a, unsigned *b) {
  const size_t n = static_cast<size_t>(gridDim.x) * blockDim.x;
  phase2(a, b, n, static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x);
}

static std::vector<unsigned> expected(size_t n) {
  std::vector<unsigned> b(n, 0);
  for (unsigned r = 0; r < kRounds; ++r)
    for (size_t i = 0; i < n; ++i) b[i] += ex_value(r, i) + ex_value(r, n - 1 - i);
  return b;
}

// Runs one variant on zeroed buffers and returns 0 (PASS) or 1 (FAIL).
static int run_variant(const char *variant, int blocks, bool corrupt) {
  const size_t n = static_cast<size_t>(blocks) * kThreads;
  unsigned *a = nullptr, *b = nullptr;
  EX_CHECK(cudaMalloc(&a, n * sizeof(unsigned)));
  EX_CHECK(cudaMalloc(&b, n * sizeof(unsigned)));
  EX_CHECK(cudaMemset(b, 0, n * sizeof(unsigned)));
  const bool coop = std::strcmp(variant, "coop") == 0;
  if (coop) {
    unsigned rounds = kRounds;
    void *params[] = {&a, &b, &rounds};
    EX_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<void *>(phases_coop), blocks, kThreads, params));
  } else {
    for (unsigned r = 0; r < kRounds; ++r) {
      phase1_kernel<<<blocks, kThreads>>>(a, r);
      phase2_kernel<<<blocks, kThreads>>>(a, b);
    }
    EX_CHECK(cudaGetLastError());
  }
  EX_CHECK(cudaDeviceSynchronize());
  std::vector<unsigned> got(n);
  EX_CHECK(cudaMemcpy(got.data(), b, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  EX_CHECK(cudaFree(a));
  EX_CHECK(cudaFree(b));
  if (corrupt) got[n / 2] ^= 1u;
  const std::vector<unsigned> want = expected(n);
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i) bad += got[i] != want[i];
  char detail[96];
  std::snprintf(detail, sizeof detail, "%zu of %zu words wrong", bad, n);
  std::printf("phases %s: %d blocks x %d threads, %u rounds\n", variant, blocks, kThreads, kRounds);
  return ex_verdict(coop ? "phases coop" : "phases kernels", bad == 0, detail);
}

int main(int argc, char **argv) {
  static const char *const kVariants[] = {"coop", "kernels", "both", nullptr};
  const ex_args args = ex_parse(argc, argv, kVariants, "both");
  int device = 0, sms = 0, per_sm = 0, coop_ok = 0;
  EX_CHECK(cudaGetDevice(&device));
  EX_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  EX_CHECK(cudaDeviceGetAttribute(&coop_ok, cudaDevAttrCooperativeLaunch, device));
  EX_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, phases_coop, kThreads, 0));
  if (!coop_ok || per_sm < 1) {
    std::fprintf(stderr,
                 "phases: this GPU cannot launch the cooperative kernel (cooperative launch %d, %d blocks/SM)\n",
                 coop_ok, per_sm);
    return 2;
  }
  // Both variants use the grid the cooperative kernel can hold resident, so they do the same work.
  const int blocks = sms * per_sm;
  int status = 0;
  if (std::strcmp(args.variant, "kernels") != 0) status |= run_variant("coop", blocks, args.corrupt_result);
  if (std::strcmp(args.variant, "coop") != 0) status |= run_variant("kernels", blocks, args.corrupt_result);
  return status;
}
