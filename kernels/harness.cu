// harness.cu — host side of the shared timing harness (declared in harness.cuh).
#include <cstring>

#include "harness.cuh"

cudaError_t sb_prepare_records(sb_context *ctx, unsigned blocks) {
  if (blocks == 0) return cudaErrorInvalidConfiguration;
  if (blocks > ctx->records_capacity) {
    if (ctx->d_records) cudaFree(ctx->d_records);
    if (ctx->h_records) cudaFreeHost(ctx->h_records);
    ctx->d_records = nullptr;
    ctx->h_records = nullptr;
    ctx->records_capacity = 0;
    SB_CHECK(cudaMalloc(&ctx->d_records, sizeof(sb_block_record) * blocks));
    SB_CHECK(cudaMallocHost(&ctx->h_records, sizeof(sb_block_record) * blocks));
    ctx->records_capacity = blocks;
  }
  return cudaMemsetAsync(ctx->d_records, 0, sizeof(sb_block_record) * blocks, ctx->stream);
}

cudaError_t sb_collect_records(sb_context *ctx, unsigned blocks, sb_run_sample *out) {
  SB_CHECK(cudaMemcpyAsync(ctx->h_records, ctx->d_records, sizeof(sb_block_record) * blocks, cudaMemcpyDeviceToHost,
                           ctx->stream));
  SB_CHECK(cudaStreamSynchronize(ctx->stream));
  double cycles = 0;
  long long mismatches = 0;
  int timed_out = 0;
  for (unsigned b = 0; b < blocks; ++b) {
    cycles += static_cast<double>(ctx->h_records[b].cycles);
    mismatches += ctx->h_records[b].mismatches;
    timed_out |= ctx->h_records[b].error;
  }
  out->cycles = cycles / blocks;
  out->block0_cycles = static_cast<double>(ctx->h_records[0].cycles);
  out->globaltimer_ns = static_cast<double>(ctx->h_records[0].globaltimer_ns);
  out->mismatches += mismatches;
  out->timed_out |= timed_out;
  return cudaSuccess;
}

sb_kargs sb_make_kargs(sb_context *ctx, long long iters, int param) {
  sb_kargs a;
  a.iters = iters;
  a.param = param;
  a.sink_flag = 0;
  a.rec = ctx->d_records;
  a.scratch = ctx->d_scratch;
  a.host_flag = ctx->d_host_flag;
  a.timeout_ns = SB_SPIN_TIMEOUT_NS;
  return a;
}

cudaError_t sb_prepare_kernel(sb_kernel_fn kernel, const sb_launch *launch, const sb_launch_opts &opts) {
  const void *fn = reinterpret_cast<const void *>(kernel);
  if (opts.cluster_size > 8) SB_CHECK(cudaFuncSetAttribute(fn, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
  if (launch->dynamic_smem_bytes > 48 * 1024) {
    SB_CHECK(cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                  static_cast<int>(launch->dynamic_smem_bytes)));
  }
  return cudaSuccess;
}

static cudaError_t launch_ex(sb_context *ctx, sb_kernel_fn kernel, const sb_launch *launch, sb_kargs args,
                             const sb_launch_opts &opts) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(launch->grid_blocks);
  cfg.blockDim = dim3(launch->threads_per_block);
  cfg.dynamicSmemBytes = launch->dynamic_smem_bytes;
  cfg.stream = ctx->stream;
  cudaLaunchAttribute attrs[2];
  unsigned n = 0;
  if (opts.cooperative) {
    attrs[n].id = cudaLaunchAttributeCooperative;
    attrs[n].val.cooperative = 1;
    ++n;
  }
  if (opts.cluster_attribute) {
    if (opts.cluster_size == 0) return cudaErrorInvalidConfiguration;
    attrs[n].id = cudaLaunchAttributeClusterDimension;
    attrs[n].val.clusterDim.x = opts.cluster_size;
    attrs[n].val.clusterDim.y = 1;
    attrs[n].val.clusterDim.z = 1;
    ++n;
  }
  cfg.attrs = attrs;
  cfg.numAttrs = n;
  return cudaLaunchKernelEx(&cfg, kernel, args);
}

cudaError_t sb_launch_plain(sb_context *ctx, sb_kernel_fn kernel, const sb_launch *launch, const sb_kargs &args,
                            const sb_launch_opts &opts) {
  SB_CHECK(launch_ex(ctx, kernel, launch, args, opts));
  return cudaGetLastError();
}

cudaError_t sb_launch_timed(sb_context *ctx, sb_kernel_fn kernel, const sb_launch *launch, const sb_kargs &args,
                            const sb_launch_opts &opts, sb_run_sample *out) {
  SB_CHECK(sb_prepare_records(ctx, launch->grid_blocks));
  SB_CHECK(sb_prepare_kernel(kernel, launch, opts));
  sb_kargs a = args;
  a.rec = ctx->d_records;
  SB_CHECK(cudaEventRecord(ctx->ev_start, ctx->stream));
  SB_CHECK(launch_ex(ctx, kernel, launch, a, opts));
  SB_CHECK(cudaEventRecord(ctx->ev_stop, ctx->stream));
  SB_CHECK(cudaEventSynchronize(ctx->ev_stop));
  SB_CHECK(cudaGetLastError());
  float ms = 0;
  SB_CHECK(cudaEventElapsedTime(&ms, ctx->ev_start, ctx->ev_stop));
  out->elapsed_ms = ms;
  return sb_collect_records(ctx, launch->grid_blocks, out);
}

cudaError_t sb_kernel_occupancy(sb_kernel_fn kernel, unsigned threads_per_block, unsigned dynamic_smem_bytes,
                                int *blocks_per_sm) {
  if (dynamic_smem_bytes > 48 * 1024) {
    SB_CHECK(cudaFuncSetAttribute(reinterpret_cast<const void *>(kernel), cudaFuncAttributeMaxDynamicSharedMemorySize,
                                  static_cast<int>(dynamic_smem_bytes)));
  }
  return cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks_per_sm, kernel, static_cast<int>(threads_per_block),
                                                       dynamic_smem_bytes);
}

cudaError_t sb_ensure_scratch(sb_context *ctx, size_t bytes) {
  if (bytes <= ctx->scratch_bytes) return cudaSuccess;
  sb_clear_graphs(ctx);
  if (ctx->d_scratch) SB_CHECK(cudaFree(ctx->d_scratch));
  ctx->d_scratch = nullptr;
  ctx->scratch_bytes = 0;
  SB_CHECK(cudaMalloc(&ctx->d_scratch, bytes));
  ctx->scratch_bytes = bytes;
  return cudaSuccess;
}

void sb_clear_graphs(sb_context *ctx) {
  for (auto &g : ctx->graphs) {
    if (g.exec) cudaGraphExecDestroy(g.exec);
    g = {};
  }
  ctx->graph_next = 0;
}
