// __CUDA_ARCH__ where only nvcc's device pass sees it: inside kernels and __device__ functions, and around
// file-level device functions. The SYCL compile defines no such macro, so the tests read sm_90's answer
// (bf16TensorCoreGemm's whole kernel body is `#if __CUDA_ARCH__ >= 800`). In a __host__ __device__
// function the test chooses between host and device passes: left as it is.
#include <cstdio>

#if __CUDA_ARCH__ >= 700
__device__ int bump(int a) { return a + 1; }
#endif

__global__ void fill(int *x) {
#if __CUDA_ARCH__ >= 800
  x[threadIdx.x] = bump(8);
#elif defined(__CUDA_ARCH__)
  x[threadIdx.x] = 7;
#else
  x[threadIdx.x] = 0;
#endif
#ifndef __CUDA_ARCH__
  x[threadIdx.x] = -1;
#endif
}

__host__ __device__ int pass_id() {
#ifdef __CUDA_ARCH__
  return 1;
#else
  return 0;
#endif
}

int main() {
  int *d, h[4];
  cudaMalloc(&d, sizeof(h));
  fill<<<1, 4>>>(d);
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  printf("%d %d %d\n", h[0], h[3], pass_id());
  cudaFree(d);
  return 0;
}
