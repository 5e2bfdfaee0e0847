// The host needs all work of the device finished (every stream, every library), e.g. before teardown:
// cudaDeviceSynchronize() waits for all of it and reports asynchronous errors.
__global__ void work(float* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = 0.0f;
}

cudaError_t teardown(float* data, int n, cudaStream_t a, cudaStream_t b) {
  work<<<(n + 255) / 256, 256, 0, a>>>(data, n);
  work<<<(n + 255) / 256, 256, 0, b>>>(data, n);
  cudaError_t err = cudaDeviceSynchronize();  // every stream of the device has drained
  cudaFree(data);
  return err;
}
