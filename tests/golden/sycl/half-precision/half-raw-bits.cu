#include <cuda_fp16.h>
inline __device__ __host__ half kGetHalf(unsigned short v) {
  __half_raw h;
  h.x = v;
  return __half(h);
}
__global__ void fill(half *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = kGetHalf(0x7bffU);
}
int main() {
  half *d;
  cudaMalloc(&d, 64 * sizeof(half));
  fill<<<1, 64>>>(d, 64);
  __half_raw one = {0x3c00};
  half h = one;
  __half_raw back = h;
  return back.x == 0x3c00 ? 0 : 1;
}
