// cuRAND device API: per-thread XORWOW states, uniform and normal draws, a Monte Carlo pi estimate.
#include <cstdio>
#include <cuda_runtime.h>
#include <curand_kernel.h>

__global__ void setup(curandState *states, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, id, 0, &states[id]);
}

__global__ void pi_hits(curandState *states, int draws, unsigned long long *hits, float *normals) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandState local = states[id];
  unsigned long long count = 0;
  for (int k = 0; k < draws; ++k) {
    float x = curand_uniform(&local);
    float y = curand_uniform(&local);
    count += x * x + y * y <= 1.0f;
  }
  normals[id] = curand_normal(&local);
  states[id] = local;
  atomicAdd(hits, count);
}

int main() {
  const int threads = 256, blocks = 64;
  curandState *states;
  unsigned long long *hits;
  float *normals;
  cudaMalloc(&states, threads * blocks * sizeof(curandState));
  cudaMalloc(&hits, sizeof(unsigned long long));
  cudaMalloc(&normals, threads * blocks * sizeof(float));
  cudaMemset(hits, 0, sizeof(unsigned long long));
  setup<<<blocks, threads>>>(states, 1234ULL);
  pi_hits<<<blocks, threads>>>(states, 1000, hits, normals);
  unsigned long long h = 0;
  cudaMemcpy(&h, hits, sizeof(h), cudaMemcpyDeviceToHost);
  printf("pi ~ %f\n", 4.0 * h / (1000.0 * threads * blocks));
  cudaFree(states);
  cudaFree(hits);
  cudaFree(normals);
  return 0;
}
