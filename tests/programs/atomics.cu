// Atomics: integer add/max/min, a histogram, and compare-and-swap loops for float max and double add.
#include <cstdio>
#include <cuda_runtime.h>

__device__ float atomic_max_float(float *addr, float value) {
  int *as_int = reinterpret_cast<int *>(addr);
  int old = *as_int, assumed;
  do {
    assumed = old;
    if (__int_as_float(assumed) >= value) break;
    old = atomicCAS(as_int, assumed, __float_as_int(value));
  } while (assumed != old);
  return __int_as_float(old);
}

__device__ double atomic_add_double(double *addr, double value) {
  unsigned long long *p = reinterpret_cast<unsigned long long *>(addr);
  unsigned long long old = *p, assumed;
  do {
    assumed = old;
    old = atomicCAS(p, assumed, __double_as_longlong(value + __longlong_as_double(assumed)));
  } while (assumed != old);
  return __longlong_as_double(old);
}

__global__ void stats(const float *in, int n, unsigned *hist, int *imax, float *fmax, double *sum) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = in[i];
  atomicAdd(&hist[static_cast<int>(v) & 15], 1u);
  atomicMax(imax, static_cast<int>(v));
  atomicMin(imax + 1, static_cast<int>(v));
  atomic_max_float(fmax, v);
  atomic_add_double(sum, v);
  atomicExch(imax + 2, i);
}

int main() {
  const int n = 10000;
  float *in, *fmax;
  unsigned *hist;
  int *imax;
  double *sum;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&hist, 16 * sizeof(unsigned));
  cudaMalloc(&imax, 3 * sizeof(int));
  cudaMalloc(&fmax, sizeof(float));
  cudaMalloc(&sum, sizeof(double));
  stats<<<(n + 127) / 128, 128>>>(in, n, hist, imax, fmax, sum);
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(hist);
  cudaFree(imax);
  cudaFree(fmax);
  cudaFree(sum);
  return 0;
}
