// The host waits for the work up to one point of the stream only: record an event after the copy and
// cudaEventSynchronize on it; later work queued in the stream keeps running.
__global__ void later_work(float* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] += 1.0f;
}

cudaError_t read_when_copied(float* hostPinned, float* device, float* other, int n, cudaStream_t stream) {
  cudaEvent_t copied;
  cudaEventCreateWithFlags(&copied, cudaEventDisableTiming);
  cudaMemcpyAsync(hostPinned, device, n * sizeof(float), cudaMemcpyDeviceToHost, stream);
  cudaEventRecord(copied, stream);                         // the point the host waits for
  later_work<<<(n + 255) / 256, 256, 0, stream>>>(other, n);  // queued after it: not waited for
  cudaError_t err = cudaEventSynchronize(copied);          // the copy has finished
  if (err == cudaSuccess) hostPinned[0] += 1.0f;
  cudaEventDestroy(copied);
  return err;
}
