// flag_handoff.cu — two blocks hand a 1024-word payload back and forth through a flag in global memory
// (as the product's handoff_blocks mode, kernels/flag_handoff.cu, but with a payload). Block 0 writes the payload of
// round i and publishes flag = 2i+1; block 1 waits for it, adds the payload into its checksum and answers flag = 2i+2;
// block 0 waits for that before round i+1.
//   fenced: thread 0 stores the flag with memory_order_release and loads it with memory_order_acquire at device
//           scope (cuda::atomic_ref), with __syncthreads() on each side to extend the order to the whole block.
//           The checksum is checked on the host.
//   racy:   the same with memory_order_relaxed: NO fence orders the payload before the flag. This is a DATA RACE
//           by design, to show what the fence costs; its checksum is printed, never checked, and the verdict is
//           UNVERIFIED. Never use it as a pattern.
// The two blocks are launched cooperatively so both are resident; every spin gives up after 1 s on %globaltimer.
// Expected profile: `handoff_fenced` shows MEMBAR instructions and membar stalls that `handoff_racy` lacks; both
// spend most warp cycles waiting at the block barrier behind the spinning thread 0.
// Usage: flag_handoff [--variant fenced|racy] [--corrupt-result]
#include <cuda/atomic>

#include "example.cuh"

constexpr int kThreads = 1024;
constexpr unsigned kRounds = 500;
constexpr unsigned long long kSpinLimitNs = 1000000000ull;

__device__ __forceinline__ unsigned long long globaltimer_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// Spins until the flag reads `want`; returns false after kSpinLimitNs.
template <cuda::std::memory_order Load>
__device__ bool wait_for(cuda::atomic_ref<unsigned, cuda::thread_scope_device> &flag, unsigned want) {
  const unsigned long long t0 = globaltimer_ns();
  while (flag.load(Load) != want)
    if (globaltimer_ns() - t0 > kSpinLimitNs) return false;
  return true;
}

// Round r: block 0 waits for flag == 2r (block 1 has read round r-1), writes the payload, publishes 2r+1; block 1
// waits for 2r+1, reads the payload, answers 2r+2. Thread 0 alone touches the flag; the block barriers order the
// other threads' payload accesses with it.
template <cuda::std::memory_order Load, cuda::std::memory_order Store>
__device__ void handoff(unsigned *flag_word, unsigned *payload, unsigned long long *checksum, int *timed_out) {
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> flag(*flag_word);
  __shared__ bool ok;
  const bool producer = blockIdx.x == 0;
  unsigned long long sum = 0;
  if (threadIdx.x == 0) ok = true;
  for (unsigned r = 0; r < kRounds; ++r) {
    if (threadIdx.x == 0) ok = wait_for<Load>(flag, producer ? 2 * r : 2 * r + 1);
    __syncthreads();  // thread 0's wait comes before the block's payload accesses
    if (!ok) break;
    if (producer)
      payload[threadIdx.x] = ex_value(r, threadIdx.x);
    else
      sum += payload[threadIdx.x];
    __syncthreads();  // the block's payload accesses come before thread 0 publishes
    if (threadIdx.x == 0) flag.store(producer ? 2 * r + 1 : 2 * r + 2, Store);
  }
  if (!producer) atomicAdd(checksum, sum);
  if (threadIdx.x == 0 && !ok) atomicExch(timed_out, 1);
}

__global__ void handoff_fenced(unsigned *flag, unsigned *payload, unsigned long long *checksum, int *timed_out) {
  handoff<cuda::std::memory_order_acquire, cuda::std::memory_order_release>(flag, payload, checksum, timed_out);
}

// DATA RACE by design (see the header): relaxed flag accesses do not order the payload.
__global__ void handoff_racy(unsigned *flag, unsigned *payload, unsigned long long *checksum, int *timed_out) {
  handoff<cuda::std::memory_order_relaxed, cuda::std::memory_order_relaxed>(flag, payload, checksum, timed_out);
}

int main(int argc, char **argv) {
  static const char *const kVariants[] = {"fenced", "racy", nullptr};
  const ex_args args = ex_parse(argc, argv, kVariants, "fenced");
  const bool fenced = std::strcmp(args.variant, "fenced") == 0;
  unsigned *flag = nullptr, *payload = nullptr;
  unsigned long long *checksum = nullptr;
  int *timed_out = nullptr;
  EX_CHECK(cudaMalloc(&flag, sizeof(unsigned)));
  EX_CHECK(cudaMalloc(&payload, kThreads * sizeof(unsigned)));
  EX_CHECK(cudaMalloc(&checksum, sizeof(unsigned long long)));
  EX_CHECK(cudaMalloc(&timed_out, sizeof(int)));
  EX_CHECK(cudaMemset(flag, 0, sizeof(unsigned)));
  EX_CHECK(cudaMemset(checksum, 0, sizeof(unsigned long long)));
  EX_CHECK(cudaMemset(timed_out, 0, sizeof(int)));
  void *params[] = {&flag, &payload, &checksum, &timed_out};
  const void *kernel =
      fenced ? reinterpret_cast<const void *>(handoff_fenced) : reinterpret_cast<const void *>(handoff_racy);
  EX_CHECK(cudaLaunchCooperativeKernel(kernel, 2, kThreads, params));
  EX_CHECK(cudaDeviceSynchronize());
  unsigned long long got = 0;
  int stuck = 0;
  EX_CHECK(cudaMemcpy(&got, checksum, sizeof got, cudaMemcpyDeviceToHost));
  EX_CHECK(cudaMemcpy(&stuck, timed_out, sizeof stuck, cudaMemcpyDeviceToHost));
  if (args.corrupt_result) got ^= 1u;
  unsigned long long want = 0;
  for (unsigned r = 0; r < kRounds; ++r)
    for (unsigned t = 0; t < kThreads; ++t) want += ex_value(r, t);
  std::printf("flag_handoff %s: 2 blocks x %d threads, %u round trips, checksum %llu\n", args.variant, kThreads,
              kRounds, got);
  if (stuck) return ex_verdict("flag_handoff", false, "a spin gave up after 1 s: the partner block never answered");
  if (!fenced) {
    std::printf("flag_handoff racy: UNVERIFIED (data race by design; the checksum is not checked)\n");
    return 0;
  }
  return ex_verdict("flag_handoff fenced", got == want, "checksum differs from the host's");
}
