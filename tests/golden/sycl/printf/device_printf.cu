// Device printf: kernels and device functions that print take the launch's sycl::stream, last (report()
// through hello()); a kernel that does not print is launched as before; a __host__ __device__ function's
// printf is reported (its host pass has no stream); main's printf is the C library's.
#include <cstdio>
#include <cuda_runtime.h>
__device__ void report(int i, float v) { printf("i=%d v=%5.2f hex=%x %s%%\n", i, v, i, "ok"); }
__device__ int lane() { return threadIdx.x % 32; }
__global__ void hello(float *x) {
  printf("block %d thread %d\n", blockIdx.x, threadIdx.x);
  report(lane(), x[threadIdx.x]);
}
__global__ void quiet(float *x) { x[threadIdx.x] = 1; }
__host__ __device__ void both(int a) { printf("%d\n", a); }
int main() {
  float *x; cudaMalloc(&x, 64 * sizeof(float));
  hello<<<2, 4>>>(x);
  quiet<<<1, 64>>>(x);
  cudaDeviceSynchronize();
  printf("done\n");
  return 0;
}
