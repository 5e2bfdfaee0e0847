/*
 * sb_pair_abi.h — the C ABI of the multi-GPU workloads (kernels/multi_gpu.cu): workloads that span two devices, A
 * and B, with their own context (both devices' streams, events and buffers, peer access, NCCL communicators), apart
 * from the single-device sb_context of sb_abi.h. The runner (native/src/point_runner.cc) measures them by the same
 * difference method; a unit is one round trip, hop, barrier or all-reduce (sb_workload_info.op says which).
 */
#ifndef SB_PAIR_ABI_H
#define SB_PAIR_ABI_H

#include "sb_abi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Number of multi-GPU workloads and their descriptions (index 0 .. count-1; ids distinct from sb_abi.h's). */
int sb_pair_workload_count(void);
const sb_workload_info *sb_pair_workload_at(int index);
/* Index of a multi-GPU workload id, or -1. */
int sb_pair_workload_find(const char *id);

/* 1 when workload `index` reads or writes the other GPU's memory from a kernel (needs peer access both ways). */
int sb_pair_workload_needs_peer(int index);
/* 1 when workload `index` needs NCCL at run time (kernels/nccl_loader.h). */
int sb_pair_workload_needs_nccl(int index);

/* State of two devices used together. */
typedef struct sb_pair_context sb_pair_context;

/*
 * Creates the pair context: a non-blocking stream, events and buffers on each device, and peer access enabled in
 * both directions when cudaDeviceCanAccessPeer says it is supported (*peer_enabled = 1; 0 when it is not).
 * device_a != device_b, else cudaErrorInvalidDevice.
 */
cudaError_t sb_pair_context_create(int device_a, int device_b, sb_pair_context **out, int *peer_enabled);
void sb_pair_context_destroy(sb_pair_context *ctx);

/*
 * Runs multi-GPU workload `index` once with `iters` units, synchronously (both devices finished on return).
 * `launch` and `param` are unused (the shapes are fixed: one thread per side). Besides CUDA errors it returns
 * SB_PAIR_REFUSED, with the reason in sb_pair_last_refusal, when the workload needs peer access the pair lacks, needs
 * NCCL and NCCL is not usable, or NCCL reported an error: none of these is a CUDA error.
 */
cudaError_t sb_pair_workload_run(sb_pair_context *ctx, int index, const sb_launch *launch, long long iters, int param,
                                 sb_run_sample *out);

/*
 * Why the last sb_pair_workload_run returned SB_PAIR_REFUSED: SB_PAIR_REFUSED_NEEDS (peer access or NCCL is not
 * usable on this pair) or SB_PAIR_REFUSED_NCCL (NCCL returned an error), 0 if it did not; *text (when not null) gets
 * the reason for a person, valid until the next run on this context.
 */
int sb_pair_last_refusal(const sb_pair_context *ctx, const char **text);
enum { SB_PAIR_REFUSED_NEEDS = 1, SB_PAIR_REFUSED_NCCL = 2 };

/* Returned by sb_pair_workload_run when the run was refused or NCCL failed (outside cudaError_t's values). */
#define SB_PAIR_REFUSED ((cudaError_t)0x5b01)

#ifdef __cplusplus
}
#endif

#endif /* SB_PAIR_ABI_H */
