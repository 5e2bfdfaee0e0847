// registry.cu — the C ABI of sb_abi.h: the table of every workload of every family, contexts, and dispatch.
#include <cstring>

#include "harness.cuh"

extern const sb_workload_table sb_calibration_table, sb_warp_table, sb_block_table, sb_grid_table, sb_cluster_table,
    sb_tiles_table, sb_named_table, sb_async_table, sb_fences_table, sb_flags_table, sb_host_table, sb_boundary_table,
    sb_correctness_table, sb_phases_table, sb_pdl_table, sb_pipeline_table, sb_cluster_arrive_table;

static const sb_workload_table *const kTables[] = {
    &sb_calibration_table, &sb_warp_table,           &sb_block_table,       &sb_grid_table,   &sb_cluster_table,
    &sb_tiles_table,       &sb_named_table,          &sb_async_table,       &sb_fences_table, &sb_flags_table,
    &sb_host_table,        &sb_boundary_table,       &sb_correctness_table, &sb_phases_table, &sb_pdl_table,
    &sb_pipeline_table,    &sb_cluster_arrive_table,
};

static const sb_workload *workload_at(int index) {
  if (index < 0) return nullptr;
  for (const sb_workload_table *t : kTables) {
    if (index < t->count) return &t->items[index];
    index -= t->count;
  }
  return nullptr;
}

extern "C" int sb_workload_count(void) {
  int n = 0;
  for (const sb_workload_table *t : kTables) n += t->count;
  return n;
}

extern "C" const sb_workload_info *sb_workload_at(int index) {
  const sb_workload *w = workload_at(index);
  return w ? &w->info : nullptr;
}

extern "C" int sb_workload_find(const char *id) {
  const int n = sb_workload_count();
  for (int i = 0; i < n; ++i) {
    if (std::strcmp(workload_at(i)->info.id, id) == 0) return i;
  }
  return -1;
}

extern "C" cudaError_t sb_context_create(int device, sb_context **out) {
  *out = nullptr;
  SB_CHECK(cudaSetDevice(device));
  sb_context *ctx = new sb_context();
  ctx->device = device;
  cudaError_t err = cudaStreamCreateWithFlags(&ctx->stream, cudaStreamNonBlocking);
  if (err == cudaSuccess) err = cudaEventCreate(&ctx->ev_start);
  if (err == cudaSuccess) err = cudaEventCreate(&ctx->ev_stop);
  if (err == cudaSuccess) err = sb_ensure_scratch(ctx, 1 << 20);
  if (err != cudaSuccess) {
    sb_context_destroy(ctx);
    return err;
  }
  *out = ctx;
  return cudaSuccess;
}

extern "C" void sb_context_destroy(sb_context *ctx) {
  if (!ctx) return;
  cudaSetDevice(ctx->device);
  sb_clear_graphs(ctx);
  if (ctx->d_records) cudaFree(ctx->d_records);
  if (ctx->h_records) cudaFreeHost(ctx->h_records);
  if (ctx->d_scratch) cudaFree(ctx->d_scratch);
  if (ctx->h_flag) cudaFreeHost(ctx->h_flag);
  if (ctx->h_verify) cudaFreeHost(ctx->h_verify);
  if (ctx->ev_start) cudaEventDestroy(ctx->ev_start);
  if (ctx->ev_stop) cudaEventDestroy(ctx->ev_stop);
  if (ctx->stream) cudaStreamDestroy(ctx->stream);
  delete ctx;
}

extern "C" cudaError_t sb_workload_run(sb_context *ctx, int index, const sb_launch *launch, long long iters, int param,
                                       sb_run_sample *out) {
  const sb_workload *w = workload_at(index);
  if (!w || !ctx || !launch || !out) return cudaErrorInvalidValue;
  std::memset(out, 0, sizeof(*out));
  // The runtime's last error is per host thread and survives until read; runs execute on pooled threads, so a
  // failed launch of an earlier run must not surface in this one. Errors of this run are returned directly.
  cudaGetLastError();
  SB_CHECK(cudaSetDevice(ctx->device));
  const cudaError_t err = w->run(ctx, launch, iters, param, out);
  if (err != cudaSuccess) cudaGetLastError();
  return err;
}

extern "C" cudaError_t sb_workload_occupancy(int index, int device, unsigned threads_per_block,
                                             unsigned dynamic_smem_bytes, int param, int *blocks_per_sm) {
  const sb_workload *w = workload_at(index);
  *blocks_per_sm = 0;
  if (!w || !w->occupancy) return cudaErrorInvalidValue;
  SB_CHECK(cudaSetDevice(device));
  return w->occupancy(threads_per_block, dynamic_smem_bytes, param, blocks_per_sm);
}

extern "C" cudaError_t sb_workload_max_active_clusters(int index, int device, unsigned threads_per_block,
                                                       unsigned cluster_size, unsigned dynamic_smem_bytes,
                                                       int *max_clusters) {
  const sb_workload *w = workload_at(index);
  *max_clusters = 0;
  if (!w || !w->cluster_kernel) return cudaErrorInvalidValue;
  SB_CHECK(cudaSetDevice(device));
  const void *fn = reinterpret_cast<const void *>(w->cluster_kernel);
  if (cluster_size > 8) SB_CHECK(cudaFuncSetAttribute(fn, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(cluster_size);
  cfg.blockDim = dim3(threads_per_block);
  cfg.dynamicSmemBytes = dynamic_smem_bytes;
  cudaLaunchAttribute attr;
  attr.id = cudaLaunchAttributeClusterDimension;
  attr.val.clusterDim.x = cluster_size;
  attr.val.clusterDim.y = 1;
  attr.val.clusterDim.z = 1;
  cfg.attrs = &attr;
  cfg.numAttrs = 1;
  return cudaOccupancyMaxActiveClusters(max_clusters, fn, &cfg);
}
