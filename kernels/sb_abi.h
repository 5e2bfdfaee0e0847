/*
 * sb_abi.h — the C ABI between the CUDA kernels (kernels/) and the native addon (native/).
 *
 * Every measurable thing is a *workload*: something that, given an iteration count n, does n units of work on the
 * GPU (n barriers in a loop, n round trips of a flag, n kernel launches, n launch+host-wait cycles ...) and reports
 * how long that took. The addon's point runner (native/src/point_runner.cc) turns two iteration counts of a workload,
 * minus the same two counts of its baseline workload (if any), into a per-unit cost (the difference method,
 * docs/methods.md).
 *
 * Plain C types only, so the ABI is stable across compilers.
 */
#ifndef SB_ABI_H
#define SB_ABI_H

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One record per block, written by thread 0 of the block (kernels/harness.cuh). */
typedef struct sb_block_record {
  long long cycles;                  /* clock64() cycles spent in the timed loop by thread 0 */
  unsigned long long globaltimer_ns; /* %globaltimer nanoseconds over the same loop */
  long long sink;                    /* keep-alive store, written only when sink_flag != 0 (never at run time) */
  int error;                         /* non-zero: a bounded spin-wait timed out (partner never arrived) */
  int mismatches;                    /* verification workloads: values that did not match */
} sb_block_record;

/* Launch shape of one workload. 1-D grids and blocks. */
typedef struct sb_launch {
  int device;
  unsigned grid_blocks; /* blocks in the grid */
  unsigned threads_per_block;
  unsigned cluster_size; /* blocks per thread-block cluster (x dimension): 0 when no cluster, 1..16 */
  unsigned dynamic_smem_bytes;
  /* 1: launched with cudaLaunchAttributeClusterDimension = (cluster_size, 1, 1), cluster_size 1..16 (a cluster launch
     of 1 block is a real cluster launch, docs/methods.md#clusters-as-launched); 0: no cluster attribute, cluster_size
     0 or 1 (on sm_90 every block is then an implicit cluster of 1). The caller states it; nothing is inferred. */
  int cluster_attribute;
} sb_launch;

/* What one run of a workload reports. */
typedef struct sb_run_sample {
  double elapsed_ms;     /* CUDA-event time (or host steady clock for host-side workloads) */
  double cycles;         /* mean over blocks of thread 0's loop cycles; < 0 when the workload has none */
  double block0_cycles;  /* block 0's thread 0 loop cycles (same thread as globaltimer_ns); < 0 when none */
  double globaltimer_ns; /* block 0's loop duration on %globaltimer; < 0 when none */
  long long verified;    /* values checked by a verifying workload (0: not a verifying workload) */
  long long mismatches;  /* values that did not match */
  int timed_out;         /* a bounded spin-wait gave up */
  int host_timed;        /* 1: elapsed_ms is host steady-clock time, not CUDA events */
} sb_run_sample;

/* The self-test's tiny launch of a workload. A zero field means the default: 2 blocks, 64 threads per block, no
   cluster, no dynamic shared memory, param 0. */
typedef struct sb_smoke_shape {
  unsigned grid_blocks;
  unsigned threads_per_block;
  unsigned cluster_size;       /* blocks per cluster; 0: no cluster */
  int cluster_attribute;       /* 1: launched with the cluster attribute (sb_launch.cluster_attribute) */
  unsigned dynamic_smem_bytes; /* pipeline workloads: their stages */
  int param;                   /* the workload's `param` (SB_PARAM_*) */
} sb_smoke_shape;

/* Static description of a workload, for the addon and the UI. */
typedef struct sb_workload_info {
  const char *id;          /* stable id, e.g. "syncthreads" */
  const char *family;      /* kernels/ file it lives in: "warp", "block", "grid", "cluster", ... */
  const char *op;          /* what one unit is, e.g. "one __syncthreads()" */
  const char *expect_ptx;  /* instruction the PTX must contain (regex fragment), "" if none */
  const char *expect_sass; /* instruction the SASS must contain (regex fragment), "" if none */
  int cooperative;         /* 1: launched with cudaLaunchCooperativeKernel (co-residency required) */
  int needs_cluster;       /* 1: launched with a cluster dimension (sm_90+) */
  int min_cc;              /* minimum compute capability * 10, e.g. 90 */
  int param_kind;          /* what `param` means: see SB_PARAM_* */
  int unsafe;              /* SB_UNSAFE_*: whether the workload is correct synchronization */
  const char *kernel;      /* a substring of the main kernel's mangled name (disassembly checks), e.g.
                             "sb_k_syncthreads" or "sb_k_handoff_smemILb1E" (the <true> instantiation) */
  int unroll;              /* > 0: timed back to back, at least `unroll` copies of the primitive per loop iteration
                             with nothing between them (harness.cuh sb_timed_back_to_back; the smallest over the
                             workload's instantiations); 0: one round of a protocol per iteration
                             (sb_timed_rounds), whose op says what a round contains */
  int delta_iters;         /* > 0: the default extra iterations of the long run of the difference method, chosen so
                             the long run lasts about 0.1-1 ms (docs/methods.md#the-difference-method); every table
                             checks it at compile time (harness.cuh sb_all_have_delta) */
  sb_smoke_shape smoke;    /* the self-test's tiny launch of this workload (electron/core/verify/smoke.ts) */
} sb_workload_info;

enum {
  SB_PARAM_NONE = 0,
  SB_PARAM_TILE = 1,       /* cooperative-groups tile size: 4..512 */
  SB_PARAM_WARPS = 2,      /* participating warps (named barriers) */
  SB_PARAM_WORK = 3,       /* dependent FADDs per iteration */
  SB_PARAM_SCOPE = 4,      /* 0 block, 1 device (gpu), 2 system */
  SB_PARAM_HOST_STATE = 5, /* 0: after a launch, 1: idle device */
  SB_PARAM_PIPELINE = 6,   /* pipeline stage shape: payload/16 | stages << 13 | consumer warps << 16 */
  SB_PARAM_PDL = 7         /* trigger (0 none, 1 early, 2 late) | prologue FADDs << 2 */
};

enum {
  SB_UNSAFE_NO = 0,        /* correct synchronization */
  SB_UNSAFE_INCORRECT = 1, /* incorrect sync, measured only to show its cost */
  SB_UNSAFE_UNDEFINED = 2  /* undefined behaviour on purpose: runs only under compute-sanitizer */
};

/* Number of workloads and their descriptions (index 0 .. count-1). */
int sb_workload_count(void);
const sb_workload_info *sb_workload_at(int index);
/* Index of a workload id, or -1. */
int sb_workload_find(const char *id);

/* Opaque per-device state (buffers, streams, events, graphs) reused between runs. */
typedef struct sb_context sb_context;

cudaError_t sb_context_create(int device, sb_context **out);
void sb_context_destroy(sb_context *ctx);

/*
 * Runs workload `index` once with `iters` units and the given launch shape and parameter, synchronously.
 * Returns cudaSuccess or the first CUDA error (launch or execution). Shape errors are returned as
 * cudaErrorInvalidConfiguration / cudaErrorInvalidValue; callers validate shapes first (the mode plans:
 * electron/model/modes/points.ts launchOf; the addon: native/src/run_worker.cc ParseSpec).
 */
cudaError_t sb_workload_run(sb_context *ctx, int index, const sb_launch *launch, long long iters, int param,
                            sb_run_sample *out);

/*
 * Blocks per SM that can be co-resident for workload `index` at this block size and dynamic shared memory
 * (cudaOccupancyMaxActiveBlocksPerMultiprocessor on the workload's kernel).
 */
cudaError_t sb_workload_occupancy(int index, int device, unsigned threads_per_block, unsigned dynamic_smem_bytes,
                                  int param, int *blocks_per_sm);

/*
 * Clusters of `cluster_size` blocks that can be co-resident (cudaOccupancyMaxActiveClusters), for cluster
 * workloads. Sets *max_clusters to 0 when the size is not supported.
 */
cudaError_t sb_workload_max_active_clusters(int index, int device, unsigned threads_per_block, unsigned cluster_size,
                                            unsigned dynamic_smem_bytes, int *max_clusters);

#ifdef __cplusplus
}
#endif

#endif /* SB_ABI_H */
