#include <cuda_runtime.h>
#define MY_ASSUME(x) __builtin_assume(x)
template <int D>
__global__ void k(float *a) {
  const int tid = threadIdx.x;
  __builtin_assume(tid < D);
  MY_ASSUME(tid >= 0);
  a[tid] *= 2.0f;
}
int main() { float *d; cudaMalloc(&d, 128); k<32><<<1, 32>>>(d); cudaDeviceSynchronize(); return 0; }
