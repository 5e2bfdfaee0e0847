// One thread writes a value and reads it back: program order already puts the write before the read.
// No barrier, fence or wait is needed.
__global__ void same_thread(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = in[i] * 2.0f;  // the write (a register, or out[i])
  out[i] = v;
  out[i] = out[i] + 1.0f;  // the read by the same thread sees the write
}
