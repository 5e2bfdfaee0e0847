// The host reads a result (or reuses a copy's source) only after the stream that did the work has finished:
// cudaStreamSynchronize(stream) waits for the work queued in that stream only, and reports its errors.
__global__ void scale(float* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] *= 2.0f;
}

cudaError_t round_trip(float* hostPinned, float* device, int n, cudaStream_t stream) {
  const size_t bytes = n * sizeof(float);
  cudaMemcpyAsync(device, hostPinned, bytes, cudaMemcpyHostToDevice, stream);
  scale<<<(n + 255) / 256, 256, 0, stream>>>(device, n);
  cudaMemcpyAsync(hostPinned, device, bytes, cudaMemcpyDeviceToHost, stream);
  cudaError_t err = cudaStreamSynchronize(stream);  // wait before reading or overwriting hostPinned
  if (err == cudaSuccess) hostPinned[0] += 1.0f;    // now the host may read and reuse the buffer
  return err;
}
