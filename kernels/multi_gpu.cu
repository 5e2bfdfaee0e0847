// multi_gpu.cu — synchronization between two GPUs, A and B (the ABI is sb_pair_abi.h). Every variant moves a
// payload that is checked on arrival, and every wait is bounded.
//   peer_handoff           flag round trip between a kernel on A and a kernel on B through peer memory: each side
//                          writes payload + flag into the other GPU's inbox (st.release.sys through
//                          cuda::atomic_ref<..., thread_scope_system>) and spins on its own inbox (ld.acquire.sys),
//                          the put-and-poll pattern of custom all-reduce kernels. Unit: one round trip.
//   peer_handoff_volatile  the same with volatile loads and stores: not synchronization in the CUDA memory model
//                          (volatile gives no ordering); measured only for its cost, labelled incorrect, never ranked.
//   peer_event_hop         a 1-thread kernel on one GPU, cudaEventRecord, cudaStreamWaitEvent on the other GPU's
//                          stream, whose kernel reads the token through peer memory. Unit: one hop (2 per iteration).
//   host_barrier_gpus      one host thread per GPU: launch a token kernel, cudaStreamSynchronize, std::barrier, check
//                          the other GPU's token. Unit: one barrier crossing (host steady clock).
//   nccl_allreduce_barrier a one-element ncclAllReduce (sum) over both GPUs used as a barrier; every result checked.
//                          NCCL is loaded at run time (nccl_loader.h). Unit: one all-reduce.
//   peer_copy_hop          cudaMemcpyPeerAsync of 64 B + an event the other GPU's stream waits on: the copy-engine
//                          path, which needs no peer access. Unit: one hop (2 per iteration).
// GPU spins are bounded on %globaltimer (SB_SPIN_TIMEOUT_NS, then the record's error flag); host waits poll with a
// deadline (kHostWaitTimeout) instead of blocking, so a partner that never arrives becomes an error, not a hang.
#include <cuda/atomic>

#include <atomic>
#include <barrier>
#include <chrono>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "harness.cuh"
#include "nccl_loader.h"
#include "sb_pair_abi.h"
#include "verify.cuh"

namespace {
constexpr unsigned kPayloadWords = 16;  // 64 B per copy hop
constexpr auto kHostWaitTimeout = std::chrono::seconds(10);
}  // namespace

// ---- device side -----------------------------------------------------------------------------------------------

struct sb_peer_kargs {
  sb_kargs base;         // iters, timeout_ns, rec (this side's one record); timed with sb_timed_rounds
  unsigned *inbox;       // this GPU's inbox: [0] flag (round number), [1] payload
  unsigned *peer_inbox;  // the other GPU's inbox, through peer access
  int side;              // 0: A (sends first), 1: B
};

// Writes the payload, then publishes the round with a system-scope release store.
__device__ __forceinline__ void sb_put_release(unsigned *inbox, unsigned round, unsigned payload) {
  inbox[1] = payload;
  cuda::atomic_ref<unsigned, cuda::thread_scope_system>(inbox[0]).store(round, cuda::memory_order_release);
}

// Spins (bounded) until the round arrives with a system-scope acquire load; returns false on timeout.
__device__ __forceinline__ bool sb_wait_acquire(unsigned *inbox, unsigned round, unsigned long long timeout_ns) {
  cuda::atomic_ref<unsigned, cuda::thread_scope_system> flag(inbox[0]);
  const unsigned long long t0 = sb_globaltimer();
  unsigned spins = 0;
  while (flag.load(cuda::memory_order_acquire) != round) {
    if ((++spins & 1023u) == 0 && sb_globaltimer() - t0 > timeout_ns) return false;
  }
  return true;
}

__device__ __forceinline__ void sb_put_volatile(unsigned *inbox, unsigned round, unsigned payload) {
  volatile unsigned *v = inbox;
  v[1] = payload;
  v[0] = round;
}

__device__ __forceinline__ bool sb_wait_volatile(unsigned *inbox, unsigned round, unsigned long long timeout_ns) {
  volatile unsigned *v = inbox;
  const unsigned long long t0 = sb_globaltimer();
  unsigned spins = 0;
  while (v[0] != round) {
    if ((++spins & 1023u) == 0 && sb_globaltimer() - t0 > timeout_ns) return false;
  }
  return true;
}

template <bool Volatile>
__device__ __forceinline__ void sb_put(unsigned *inbox, unsigned round, unsigned payload) {
  if constexpr (Volatile)
    sb_put_volatile(inbox, round, payload);
  else
    sb_put_release(inbox, round, payload);
}

template <bool Volatile>
__device__ __forceinline__ bool sb_wait(unsigned *inbox, unsigned round, unsigned long long timeout_ns) {
  if constexpr (Volatile)
    return sb_wait_volatile(inbox, round, timeout_ns);
  else
    return sb_wait_acquire(inbox, round, timeout_ns);
}

// The payload after the round arrived: a plain load, ordered by the acquire (a volatile load in the volatile variant).
template <bool Volatile>
__device__ __forceinline__ unsigned sb_payload(unsigned *inbox) {
  if constexpr (Volatile)
    return static_cast<volatile unsigned *>(inbox)[1];
  else
    return inbox[1];
}

// One thread per GPU. Round i (1-based on the flag): A puts sb_value(i, 0) into B's inbox and waits for B's reply;
// B waits, checks A's payload, and puts sb_value(i, 1) into A's inbox; A checks B's payload.
template <bool Volatile>
__global__ void sb_k_peer_handoff(sb_peer_kargs k) {
  if (threadIdx.x != 0 || blockIdx.x != 0) return;
  sb_block_record *rec = k.base.rec;
  bool ok = true;
  int bad = 0;
  sb_timed_rounds(k.base, [&](long long i) {
    if (!ok) return;
    const unsigned round = static_cast<unsigned>(i + 1);
    const unsigned mine = sb_value(i, static_cast<unsigned long long>(k.side));
    const unsigned theirs = sb_value(i, static_cast<unsigned long long>(1 - k.side));
    if (k.side == 0) sb_put<Volatile>(k.peer_inbox, round, mine);
    ok = sb_wait<Volatile>(k.inbox, round, k.base.timeout_ns);
    if (!ok) return;
    bad += sb_payload<Volatile>(k.inbox) != theirs;
    if (k.side == 1) sb_put<Volatile>(k.peer_inbox, round, mine);
  });
  if (!ok) rec->error = 1;
  rec->mismatches = bad;
}

// One hop of the event chain: check the token the previous hop's kernel (on the other GPU) left in its memory, read
// through peer access, then leave this GPU's token for the next hop.
__global__ void sb_k_event_hop(const unsigned *peer_token, unsigned *my_token, unsigned expect, unsigned next,
                               int check, int *mismatches) {
  if (check && *peer_token != expect) atomicAdd(mismatches, 1);
  *my_token = next;
}

// Writes this GPU's token of a host-barrier round into mapped pinned host memory.
__global__ void sb_k_token_host(unsigned *slot, unsigned value) { *slot = value; }

// ---- host side -------------------------------------------------------------------------------------------------

namespace {

struct Side {
  int device = -1;
  cudaStream_t stream = nullptr;
  cudaEvent_t ev_start = nullptr, ev_stop = nullptr;  // timing
  cudaEvent_t ev_hop = nullptr;                       // the cross-device dependency (no timing)
  sb_block_record *d_rec = nullptr;
  unsigned *d_inbox = nullptr;  // [0] flag, [1] payload (peer_handoff); [2] token (event hop)
  int *d_mismatches = nullptr;
  unsigned *d_send = nullptr, *d_recv = nullptr, *d_echo = nullptr;  // per-iteration payloads
  size_t words = 0;                                                  // capacity of each of the three, in 32-bit words
  unsigned *d_host_slots = nullptr;                                  // device view of the pair's mapped host slots
};

}  // namespace

struct sb_pair_context {
  Side side[2];
  int peer_enabled = 0;
  int enabled_by_us[2] = {0, 0};     // peer access this context turned on (A->B, B->A), turned off on destroy
  unsigned *h_host_slots = nullptr;  // mapped pinned: [round % 2][side]
  sb::ncclComm_t comms[2] = {nullptr, nullptr};
  std::string peer_reason;  // why peer access is off ("" when on)
  std::string refusal;
  int refusal_kind = 0;  // SB_PAIR_REFUSED_*
};

namespace {

cudaError_t create_side(Side *s, int device) {
  s->device = device;
  SB_CHECK(cudaSetDevice(device));
  SB_CHECK(cudaStreamCreateWithFlags(&s->stream, cudaStreamNonBlocking));
  SB_CHECK(cudaEventCreate(&s->ev_start));
  SB_CHECK(cudaEventCreate(&s->ev_stop));
  SB_CHECK(cudaEventCreateWithFlags(&s->ev_hop, cudaEventDisableTiming));
  SB_CHECK(cudaMalloc(&s->d_rec, sizeof(sb_block_record)));
  SB_CHECK(cudaMalloc(&s->d_inbox, 4 * sizeof(unsigned)));
  SB_CHECK(cudaMalloc(&s->d_mismatches, sizeof(int)));
  return cudaSuccess;
}

void destroy_side(Side *s) {
  if (s->device < 0) return;
  cudaSetDevice(s->device);
  for (void *p : {static_cast<void *>(s->d_rec), static_cast<void *>(s->d_inbox), static_cast<void *>(s->d_mismatches),
                  static_cast<void *>(s->d_send), static_cast<void *>(s->d_recv), static_cast<void *>(s->d_echo)}) {
    if (p) cudaFree(p);
  }
  for (cudaEvent_t e : {s->ev_start, s->ev_stop, s->ev_hop}) {
    if (e) cudaEventDestroy(e);
  }
  if (s->stream) cudaStreamDestroy(s->stream);
}

// Waits for `stream` by polling, at most kHostWaitTimeout; *timed_out = 1 when it gave up.
cudaError_t bounded_sync(const Side &s, int *timed_out) {
  SB_CHECK(cudaSetDevice(s.device));
  const auto t0 = std::chrono::steady_clock::now();
  for (;;) {
    const cudaError_t q = cudaStreamQuery(s.stream);
    if (q == cudaSuccess) return cudaSuccess;
    if (q != cudaErrorNotReady) return q;
    if (std::chrono::steady_clock::now() - t0 > kHostWaitTimeout) {
      *timed_out = 1;
      return cudaSuccess;
    }
    std::this_thread::yield();
  }
}

cudaError_t sync_both(sb_pair_context *ctx, sb_run_sample *out) {
  SB_CHECK(bounded_sync(ctx->side[0], &out->timed_out));
  return bounded_sync(ctx->side[1], &out->timed_out);
}

cudaError_t elapsed_on_a(sb_pair_context *ctx, sb_run_sample *out) {
  if (out->timed_out) return cudaSuccess;
  float ms = 0;
  SB_CHECK(cudaEventElapsedTime(&ms, ctx->side[0].ev_start, ctx->side[0].ev_stop));
  out->elapsed_ms = ms;
  return cudaSuccess;
}

void no_cycles(sb_run_sample *out) {
  out->cycles = -1;
  out->block0_cycles = -1;
  out->globaltimer_ns = -1;
}

// Grows the three payload buffers of both sides to `words` 32-bit words (outside any timed region).
cudaError_t ensure_words(sb_pair_context *ctx, size_t words) {
  for (Side &s : ctx->side) {
    if (s.words >= words) continue;
    SB_CHECK(cudaSetDevice(s.device));
    for (unsigned **p : {&s.d_send, &s.d_recv, &s.d_echo}) {
      if (*p) SB_CHECK(cudaFree(*p));
      *p = nullptr;
    }
    s.words = 0;
    SB_CHECK(cudaMalloc(&s.d_send, words * sizeof(unsigned)));
    SB_CHECK(cudaMalloc(&s.d_recv, words * sizeof(unsigned)));
    SB_CHECK(cudaMalloc(&s.d_echo, words * sizeof(unsigned)));
    s.words = words;
  }
  return cudaSuccess;
}

cudaError_t refuse(sb_pair_context *ctx, const std::string &why, int kind = SB_PAIR_REFUSED_NEEDS) {
  ctx->refusal = why;
  ctx->refusal_kind = kind;
  return SB_PAIR_REFUSED;
}

cudaError_t need_peer(sb_pair_context *ctx, const char *what) {
  if (ctx->peer_enabled) return cudaSuccess;
  return refuse(ctx, std::string(what) + " needs peer access between GPU " + std::to_string(ctx->side[0].device) +
                         " and GPU " + std::to_string(ctx->side[1].device) + ": " + ctx->peer_reason);
}

// (a) flag round trips through peer memory.
template <bool Volatile>
cudaError_t run_peer_handoff(sb_pair_context *ctx, const sb_launch *, long long iters, int, sb_run_sample *out) {
  SB_CHECK(need_peer(ctx, Volatile ? "the volatile peer hand-off" : "the peer flag hand-off"));
  for (Side &s : ctx->side) {
    SB_CHECK(cudaSetDevice(s.device));
    SB_CHECK(cudaMemsetAsync(s.d_inbox, 0, 4 * sizeof(unsigned), s.stream));
    SB_CHECK(cudaMemsetAsync(s.d_rec, 0, sizeof(sb_block_record), s.stream));
    SB_CHECK(cudaStreamSynchronize(s.stream));
  }
  for (int i = 0; i < 2; ++i) {
    Side &s = ctx->side[i];
    sb_peer_kargs k{};
    k.base.iters = iters;
    k.base.param = 0;
    k.base.sink_flag = 0;
    k.base.rec = s.d_rec;
    k.base.scratch = nullptr;
    k.base.host_flag = nullptr;
    k.base.timeout_ns = SB_SPIN_TIMEOUT_NS;
    k.inbox = s.d_inbox;
    k.peer_inbox = ctx->side[1 - i].d_inbox;
    k.side = i;
    SB_CHECK(cudaSetDevice(s.device));
    if (i == 0) SB_CHECK(cudaEventRecord(s.ev_start, s.stream));
    sb_k_peer_handoff<Volatile><<<1, 32, 0, s.stream>>>(k);
    SB_CHECK(cudaGetLastError());
    if (i == 0) SB_CHECK(cudaEventRecord(s.ev_stop, s.stream));
  }
  SB_CHECK(sync_both(ctx, out));
  if (out->timed_out) return cudaSuccess;
  SB_CHECK(elapsed_on_a(ctx, out));
  sb_block_record rec[2];
  for (int i = 0; i < 2; ++i) {
    SB_CHECK(cudaSetDevice(ctx->side[i].device));
    SB_CHECK(cudaMemcpy(&rec[i], ctx->side[i].d_rec, sizeof(sb_block_record), cudaMemcpyDeviceToHost));
  }
  out->cycles = static_cast<double>(rec[0].cycles);  // side A's loop: one round trip per iteration
  out->block0_cycles = out->cycles;
  out->globaltimer_ns = static_cast<double>(rec[0].globaltimer_ns);
  out->timed_out = rec[0].error | rec[1].error;
  out->mismatches = rec[0].mismatches + rec[1].mismatches;
  out->verified = 2 * iters;
  return cudaSuccess;
}

// (b) cross-device event dependency, kernels reading the previous hop's token through peer memory.
cudaError_t run_event_hop(sb_pair_context *ctx, const sb_launch *, long long iters, int, sb_run_sample *out) {
  SB_CHECK(need_peer(ctx, "the event hop (its kernels read the token through peer memory)"));
  for (Side &s : ctx->side) {
    SB_CHECK(cudaSetDevice(s.device));
    SB_CHECK(cudaMemsetAsync(s.d_mismatches, 0, sizeof(int), s.stream));
    SB_CHECK(cudaStreamSynchronize(s.stream));
  }
  Side &a = ctx->side[0];
  Side &b = ctx->side[1];
  SB_CHECK(cudaSetDevice(a.device));
  SB_CHECK(cudaEventRecord(a.ev_start, a.stream));
  for (long long i = 0; i < iters; ++i) {
    SB_CHECK(cudaSetDevice(a.device));
    sb_k_event_hop<<<1, 1, 0, a.stream>>>(b.d_inbox + 2, a.d_inbox + 2, i > 0 ? sb_value(i - 1, 1) : 0u, sb_value(i, 0),
                                          i > 0, a.d_mismatches);
    SB_CHECK(cudaGetLastError());
    SB_CHECK(cudaEventRecord(a.ev_hop, a.stream));
    SB_CHECK(cudaSetDevice(b.device));
    SB_CHECK(cudaStreamWaitEvent(b.stream, a.ev_hop, 0));
    sb_k_event_hop<<<1, 1, 0, b.stream>>>(a.d_inbox + 2, b.d_inbox + 2, sb_value(i, 0), sb_value(i, 1), 1,
                                          b.d_mismatches);
    SB_CHECK(cudaGetLastError());
    SB_CHECK(cudaEventRecord(b.ev_hop, b.stream));
    SB_CHECK(cudaSetDevice(a.device));
    SB_CHECK(cudaStreamWaitEvent(a.stream, b.ev_hop, 0));
  }
  SB_CHECK(cudaEventRecord(a.ev_stop, a.stream));
  SB_CHECK(sync_both(ctx, out));
  if (out->timed_out) return cudaSuccess;
  SB_CHECK(elapsed_on_a(ctx, out));
  int bad[2] = {0, 0};
  for (int i = 0; i < 2; ++i) {
    SB_CHECK(cudaSetDevice(ctx->side[i].device));
    SB_CHECK(cudaMemcpy(&bad[i], ctx->side[i].d_mismatches, sizeof(int), cudaMemcpyDeviceToHost));
  }
  no_cycles(out);
  out->mismatches = bad[0] + bad[1];
  out->verified = 2 * iters - 1;
  return cudaSuccess;
}

// (c) one host thread per GPU: token kernel, cudaStreamSynchronize (bounded), std::barrier, check the other token.
cudaError_t run_host_barrier(sb_pair_context *ctx, const sb_launch *, long long iters, int, sb_run_sample *out) {
  std::barrier<> barrier(2);
  std::atomic<long long> bad{0};
  std::atomic<int> timed_out{0};
  cudaError_t errs[2] = {cudaSuccess, cudaSuccess};
  double elapsed_ms = 0;
  auto body = [&](int me) {
    const Side &s = ctx->side[me];
    volatile unsigned *slots = ctx->h_host_slots;
    auto fail = [&](cudaError_t e) {
      errs[me] = e;
      barrier.arrive_and_drop();
    };
    cudaError_t e = cudaSetDevice(s.device);
    if (e != cudaSuccess) return fail(e);
    barrier.arrive_and_wait();  // both threads ready: the timed region starts together
    const auto t0 = std::chrono::steady_clock::now();
    for (long long i = 0; i < iters; ++i) {
      const int buf = static_cast<int>(i & 1);  // double-buffered: round i+1 never overwrites what round i reads
      sb_k_token_host<<<1, 1, 0, s.stream>>>(s.d_host_slots + 2 * buf + me, sb_value(i, static_cast<unsigned>(me)));
      if ((e = cudaGetLastError()) != cudaSuccess) return fail(e);
      int late = 0;
      if ((e = bounded_sync(s, &late)) != cudaSuccess) return fail(e);
      if (late) {
        timed_out = 1;
        return fail(cudaSuccess);
      }
      barrier.arrive_and_wait();
      bad += slots[2 * buf + (1 - me)] != sb_value(i, static_cast<unsigned>(1 - me));
    }
    if (me == 0) elapsed_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    barrier.arrive_and_drop();
  };
  std::thread partner(body, 1);
  body(0);
  partner.join();
  SB_CHECK(errs[0]);
  SB_CHECK(errs[1]);
  no_cycles(out);
  out->elapsed_ms = elapsed_ms;
  out->host_timed = 1;
  out->timed_out = timed_out.load();
  out->mismatches = bad.load();
  out->verified = 2 * iters;
  return cudaSuccess;
}

cudaError_t nccl_failed(sb_pair_context *ctx, const char *call, sb::ncclResult_t r) {
  const sb::NcclLoad &n = sb::Nccl();
  const char *text = n.api.get_error_string ? n.api.get_error_string(r) : "unknown";
  return refuse(ctx, std::string(call) + " failed: NCCL error " + std::to_string(r) + " (" + text + ")",
                SB_PAIR_REFUSED_NCCL);
}

// (d) one-element ncclAllReduce (sum) over both GPUs, iteration i on element i; every sum checked afterwards.
cudaError_t run_nccl_barrier(sb_pair_context *ctx, const sb_launch *, long long iters, int, sb_run_sample *out) {
  const sb::NcclLoad &n = sb::Nccl();
  if (n.state != sb::NcclState::kLoaded) return refuse(ctx, n.reason);
  if (!ctx->comms[0]) {
    const int devs[2] = {ctx->side[0].device, ctx->side[1].device};
    if (const sb::ncclResult_t r = n.api.comm_init_all(ctx->comms, 2, devs)) {
      ctx->comms[0] = ctx->comms[1] = nullptr;
      return nccl_failed(ctx, "ncclCommInitAll", r);
    }
  }
  const size_t count = static_cast<size_t>(iters);
  SB_CHECK(ensure_words(ctx, count));
  std::vector<unsigned> send[2] = {std::vector<unsigned>(count), std::vector<unsigned>(count)};
  for (int s = 0; s < 2; ++s) {
    for (size_t i = 0; i < count; ++i) send[s][i] = sb_value(static_cast<long long>(i), 7u + s) & 0x3fffffffu;
    SB_CHECK(cudaSetDevice(ctx->side[s].device));
    SB_CHECK(cudaMemcpy(ctx->side[s].d_send, send[s].data(), count * sizeof(unsigned), cudaMemcpyHostToDevice));
    SB_CHECK(cudaMemset(ctx->side[s].d_recv, 0xff, count * sizeof(unsigned)));
  }
  Side &a = ctx->side[0];
  SB_CHECK(cudaSetDevice(a.device));
  SB_CHECK(cudaEventRecord(a.ev_start, a.stream));
  for (size_t i = 0; i < count; ++i) {
    if (const sb::ncclResult_t r = n.api.group_start()) return nccl_failed(ctx, "ncclGroupStart", r);
    for (int s = 0; s < 2; ++s) {
      const Side &side = ctx->side[s];
      if (const sb::ncclResult_t r = n.api.all_reduce(side.d_send + i, side.d_recv + i, 1, sb::kNcclInt32, sb::kNcclSum,
                                                      ctx->comms[s], side.stream)) {
        n.api.group_end();
        return nccl_failed(ctx, "ncclAllReduce", r);
      }
    }
    if (const sb::ncclResult_t r = n.api.group_end()) return nccl_failed(ctx, "ncclGroupEnd", r);
  }
  SB_CHECK(cudaSetDevice(a.device));
  SB_CHECK(cudaEventRecord(a.ev_stop, a.stream));
  SB_CHECK(sync_both(ctx, out));
  if (out->timed_out) return cudaSuccess;
  SB_CHECK(elapsed_on_a(ctx, out));
  std::vector<unsigned> got(count);
  long long bad = 0;
  for (int s = 0; s < 2; ++s) {
    SB_CHECK(cudaSetDevice(ctx->side[s].device));
    SB_CHECK(cudaMemcpy(got.data(), ctx->side[s].d_recv, count * sizeof(unsigned), cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < count; ++i) bad += got[i] != send[0][i] + send[1][i];
  }
  no_cycles(out);
  out->mismatches = bad;
  out->verified = 2 * iters;
  return cudaSuccess;
}

// (e) copy-engine hops: 64 B A -> B (cudaMemcpyPeerAsync on A's stream), event, B's stream waits, 64 B B -> A.
cudaError_t run_copy_hop(sb_pair_context *ctx, const sb_launch *, long long iters, int, sb_run_sample *out) {
  const size_t words = static_cast<size_t>(iters) * kPayloadWords;
  const size_t bytes = kPayloadWords * sizeof(unsigned);
  SB_CHECK(ensure_words(ctx, words));
  Side &a = ctx->side[0];
  Side &b = ctx->side[1];
  std::vector<unsigned> src(words);
  for (size_t w = 0; w < words; ++w) src[w] = sb_value(static_cast<long long>(w / kPayloadWords), w % kPayloadWords);
  SB_CHECK(cudaSetDevice(a.device));
  SB_CHECK(cudaMemcpy(a.d_send, src.data(), words * sizeof(unsigned), cudaMemcpyHostToDevice));
  SB_CHECK(cudaMemset(a.d_echo, 0, words * sizeof(unsigned)));
  SB_CHECK(cudaSetDevice(b.device));
  SB_CHECK(cudaMemset(b.d_recv, 0, words * sizeof(unsigned)));
  SB_CHECK(cudaSetDevice(a.device));
  SB_CHECK(cudaEventRecord(a.ev_start, a.stream));
  for (long long i = 0; i < iters; ++i) {
    const size_t at = static_cast<size_t>(i) * kPayloadWords;
    SB_CHECK(cudaSetDevice(a.device));
    SB_CHECK(cudaMemcpyPeerAsync(b.d_recv + at, b.device, a.d_send + at, a.device, bytes, a.stream));
    SB_CHECK(cudaEventRecord(a.ev_hop, a.stream));
    SB_CHECK(cudaSetDevice(b.device));
    SB_CHECK(cudaStreamWaitEvent(b.stream, a.ev_hop, 0));
    SB_CHECK(cudaMemcpyPeerAsync(a.d_echo + at, a.device, b.d_recv + at, b.device, bytes, b.stream));
    SB_CHECK(cudaEventRecord(b.ev_hop, b.stream));
    SB_CHECK(cudaSetDevice(a.device));
    SB_CHECK(cudaStreamWaitEvent(a.stream, b.ev_hop, 0));
  }
  SB_CHECK(cudaEventRecord(a.ev_stop, a.stream));
  SB_CHECK(sync_both(ctx, out));
  if (out->timed_out) return cudaSuccess;
  SB_CHECK(elapsed_on_a(ctx, out));
  std::vector<unsigned> got(words);
  long long bad = 0;
  SB_CHECK(cudaSetDevice(b.device));
  SB_CHECK(cudaMemcpy(got.data(), b.d_recv, words * sizeof(unsigned), cudaMemcpyDeviceToHost));
  for (size_t w = 0; w < words; ++w) bad += got[w] != src[w];
  SB_CHECK(cudaSetDevice(a.device));
  SB_CHECK(cudaMemcpy(got.data(), a.d_echo, words * sizeof(unsigned), cudaMemcpyDeviceToHost));
  for (size_t w = 0; w < words; ++w) bad += got[w] != src[w];
  no_cycles(out);
  out->mismatches = bad;
  out->verified = 2 * static_cast<long long>(words);
  return cudaSuccess;
}

using sb_pair_run_fn = cudaError_t (*)(sb_pair_context *, const sb_launch *, long long, int, sb_run_sample *);

struct sb_pair_workload {
  sb_workload_info info;
  sb_pair_run_fn run;
  int needs_peer;
  int needs_nccl;
};

constexpr sb_pair_workload kItems[] = {
    {.info = {.id = "peer_handoff",
              .family = "multi_gpu",
              .op = "one flag round trip between kernels on two GPUs (peer memory, system scope)",
              .expect_ptx = "st\\.release\\.sys",
              .expect_sass = "",
              .min_cc = 75,
              .param_kind = SB_PARAM_NONE,
              .kernel = "sb_k_peer_handoffILb0E",
              .delta_iters = 1024},
     .run = run_peer_handoff<false>,
     .needs_peer = 1},
    {.info = {.id = "peer_handoff_volatile",
              .family = "multi_gpu",
              .op = "one volatile-flag round trip between two GPUs (INCORRECT)",
              .expect_ptx = "st\\.volatile",
              .expect_sass = "",
              .min_cc = 75,
              .param_kind = SB_PARAM_NONE,
              .unsafe = SB_UNSAFE_INCORRECT,
              .kernel = "sb_k_peer_handoffILb1E",
              .delta_iters = 1024},
     .run = run_peer_handoff<true>,
     .needs_peer = 1},
    {.info = {.id = "peer_event_hop",
              .family = "multi_gpu",
              .op = "one hop: kernel, cudaEventRecord, cudaStreamWaitEvent on the other GPU",
              .expect_ptx = "",
              .expect_sass = "",
              .min_cc = 75,
              .param_kind = SB_PARAM_NONE,
              .kernel = "sb_k_event_hop",
              .delta_iters = 256},
     .run = run_event_hop,
     .needs_peer = 1},
    {.info = {.id = "host_barrier_gpus",
              .family = "multi_gpu",
              .op = "one host barrier across GPUs (kernel, cudaStreamSynchronize, std::barrier)",
              .expect_ptx = "",
              .expect_sass = "",
              .min_cc = 75,
              .param_kind = SB_PARAM_NONE,
              .kernel = "sb_k_token_host",
              .delta_iters = 128},
     .run = run_host_barrier},
    {.info = {.id = "nccl_allreduce_barrier",
              .family = "multi_gpu",
              .op = "one one-element ncclAllReduce across two GPUs",
              .expect_ptx = "",
              .expect_sass = "",
              .min_cc = 75,
              .param_kind = SB_PARAM_NONE,
              .kernel = "",
              .delta_iters = 256},
     .run = run_nccl_barrier,
     .needs_nccl = 1},
    {.info = {.id = "peer_copy_hop",
              .family = "multi_gpu",
              .op = "one hop: 64 B cudaMemcpyPeerAsync + an event the other GPU waits on",
              .expect_ptx = "",
              .expect_sass = "",
              .min_cc = 75,
              .param_kind = SB_PARAM_NONE,
              .kernel = "",
              .delta_iters = 256},
     .run = run_copy_hop},
};
static_assert(sb_all_have_delta(kItems), "every workload states its default delta_iters > 0");
constexpr int kCount = sizeof(kItems) / sizeof(kItems[0]);

const sb_pair_workload *item(int index) { return index >= 0 && index < kCount ? &kItems[index] : nullptr; }

}  // namespace

extern "C" int sb_pair_workload_count(void) { return kCount; }

extern "C" const sb_workload_info *sb_pair_workload_at(int index) {
  const sb_pair_workload *w = item(index);
  return w ? &w->info : nullptr;
}

extern "C" int sb_pair_workload_find(const char *id) {
  for (int i = 0; i < kCount; ++i) {
    if (std::strcmp(kItems[i].info.id, id) == 0) return i;
  }
  return -1;
}

extern "C" int sb_pair_workload_needs_peer(int index) { return item(index) ? item(index)->needs_peer : 0; }
extern "C" int sb_pair_workload_needs_nccl(int index) { return item(index) ? item(index)->needs_nccl : 0; }

extern "C" cudaError_t sb_pair_context_create(int device_a, int device_b, sb_pair_context **out, int *peer_enabled) {
  *out = nullptr;
  *peer_enabled = 0;
  if (device_a == device_b || device_a < 0 || device_b < 0) return cudaErrorInvalidDevice;
  sb_pair_context *ctx = new sb_pair_context();
  cudaError_t err = create_side(&ctx->side[0], device_a);
  if (err == cudaSuccess) err = create_side(&ctx->side[1], device_b);
  int ab = 0, ba = 0;
  if (err == cudaSuccess) err = cudaDeviceCanAccessPeer(&ab, device_a, device_b);
  if (err == cudaSuccess) err = cudaDeviceCanAccessPeer(&ba, device_b, device_a);
  if (err == cudaSuccess && !(ab && ba)) {
    ctx->peer_reason = "cudaDeviceCanAccessPeer reports peer access as unsupported (GPU " + std::to_string(device_a) +
                       (ab ? " can" : " cannot") + " reach GPU " + std::to_string(device_b) + ", GPU " +
                       std::to_string(device_b) + (ba ? " can" : " cannot") + " reach GPU " + std::to_string(device_a) +
                       ")";
  }
  if (err == cudaSuccess && ab && ba) {
    const int devs[2] = {device_a, device_b};
    bool ok = true;
    for (int i = 0; i < 2 && ok && err == cudaSuccess; ++i) {
      err = cudaSetDevice(devs[i]);
      if (err != cudaSuccess) break;
      const cudaError_t e = cudaDeviceEnablePeerAccess(devs[1 - i], 0);
      if (e == cudaSuccess) {
        ctx->enabled_by_us[i] = 1;
      } else if (e != cudaErrorPeerAccessAlreadyEnabled) {
        ok = false;
        ctx->peer_reason = std::string("cudaDeviceEnablePeerAccess(") + std::to_string(devs[1 - i]) + ") on GPU " +
                           std::to_string(devs[i]) + " failed: " + cudaGetErrorName(e);
      }
      cudaGetLastError();
    }
    ctx->peer_enabled = ok && err == cudaSuccess;
  }
  if (err == cudaSuccess)
    err = cudaHostAlloc(&ctx->h_host_slots, 4 * sizeof(unsigned), cudaHostAllocMapped | cudaHostAllocPortable);
  for (int i = 0; i < 2 && err == cudaSuccess; ++i) {
    err = cudaSetDevice(ctx->side[i].device);
    if (err == cudaSuccess) {
      err = cudaHostGetDevicePointer(reinterpret_cast<void **>(&ctx->side[i].d_host_slots), ctx->h_host_slots, 0);
    }
  }
  if (err != cudaSuccess) {
    sb_pair_context_destroy(ctx);
    return err;
  }
  *peer_enabled = ctx->peer_enabled;
  *out = ctx;
  return cudaSuccess;
}

extern "C" void sb_pair_context_destroy(sb_pair_context *ctx) {
  if (!ctx) return;
  const sb::NcclLoad &n = sb::Nccl();
  for (sb::ncclComm_t c : ctx->comms) {
    if (c && n.api.comm_destroy) n.api.comm_destroy(c);
  }
  for (int i = 0; i < 2; ++i) {
    if (ctx->enabled_by_us[i] && cudaSetDevice(ctx->side[i].device) == cudaSuccess) {
      cudaDeviceDisablePeerAccess(ctx->side[1 - i].device);
    }
  }
  if (ctx->h_host_slots) cudaFreeHost(ctx->h_host_slots);
  destroy_side(&ctx->side[0]);
  destroy_side(&ctx->side[1]);
  cudaGetLastError();
  delete ctx;
}

extern "C" cudaError_t sb_pair_workload_run(sb_pair_context *ctx, int index, const sb_launch *launch, long long iters,
                                            int param, sb_run_sample *out) {
  const sb_pair_workload *w = item(index);
  if (!w || !ctx || !out || iters < 1) return cudaErrorInvalidValue;
  std::memset(out, 0, sizeof(*out));
  ctx->refusal.clear();
  ctx->refusal_kind = 0;
  cudaGetLastError();  // an earlier run's error on this pooled thread must not surface here (see registry.cu)
  const cudaError_t err = w->run(ctx, launch, iters, param, out);
  if (err != cudaSuccess) cudaGetLastError();
  return err;
}

extern "C" int sb_pair_last_refusal(const sb_pair_context *ctx, const char **text) {
  if (text) *text = ctx ? ctx->refusal.c_str() : "";
  return ctx ? ctx->refusal_kind : 0;
}
