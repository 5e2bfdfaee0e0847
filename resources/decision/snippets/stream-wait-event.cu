// Work in another stream (or on another GPU) consumes what this stream produced: record an event after the
// producer and make the consumer's stream wait for it on the GPU, without stalling the host.
__global__ void produce(float* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = i;
}

__global__ void consume(const float* data, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = data[i] * 2.0f;
}

void cross_stream(float* data, float* out, int n, cudaStream_t producer, cudaStream_t consumer) {
  cudaEvent_t produced;
  cudaEventCreateWithFlags(&produced, cudaEventDisableTiming);
  produce<<<(n + 255) / 256, 256, 0, producer>>>(data, n);
  cudaEventRecord(produced, producer);
  cudaStreamWaitEvent(consumer, produced, 0);  // the consumer's stream waits on the GPU, the host goes on
  consume<<<(n + 255) / 256, 256, 0, consumer>>>(data, out, n);
  cudaEventDestroy(produced);  // safe: destruction is deferred until the event has completed
}
