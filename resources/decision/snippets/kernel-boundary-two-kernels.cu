// A kernel boundary: the producing phase ends its kernel, the consuming phase is the next kernel in the same
// stream. Stream order makes every write of the first visible to the second, for any grid size. What the next
// phase needs goes through global memory (shared memory and registers do not survive).
__global__ void produce(float* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = i * 0.5f;
}

__global__ void consume(const float* data, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = data[(i + 1) % n];  // reads another block's write of the previous kernel
}

void run_phases(float* data, float* out, int n, cudaStream_t stream) {
  const int threads = 256, blocks = (n + threads - 1) / threads;
  produce<<<blocks, threads, 0, stream>>>(data, n);
  consume<<<blocks, threads, 0, stream>>>(data, out, n);  // same stream: ordered after produce
}
