// Error checking: a project's own CUDA_CHECK macro and helper, last-error and sticky-error queries.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(expr) cudaCheck((expr), #expr, __FILE__, __LINE__)

static void cudaCheck(cudaError_t err, const char *what, const char *file, int line) {
  if (err != cudaSuccess) {
    fprintf(stderr, "%s:%d: %s failed: %s (%s)\n", file, line, what, cudaGetErrorString(err),
            cudaGetErrorName(err));
    exit(EXIT_FAILURE);
  }
}

__global__ void touch(int *p) { p[threadIdx.x] = threadIdx.x; }

int main() {
  int *p = nullptr;
  CUDA_CHECK(cudaMalloc(&p, 64 * sizeof(int)));
  touch<<<1, 64>>>(p);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaPeekAtLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  cudaError_t err = cudaMemcpy(nullptr, p, 4, cudaMemcpyDeviceToHost);
  if (err == cudaErrorInvalidValue) printf("expected error: %s\n", cudaGetErrorString(err));
  CUDA_CHECK(cudaFree(p));
  CUDA_CHECK(cudaDeviceReset());
  return 0;
}
