// cuRAND host API: a generator filling device memory.
#include <cstdio>
#include <cuda_runtime.h>
#include <curand.h>

int main() {
  const size_t n = 1 << 16;
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  curandGenerator_t gen;
  if (curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT) != CURAND_STATUS_SUCCESS) return 1;
  curandSetPseudoRandomGeneratorSeed(gen, 42ULL);
  curandGenerateUniform(gen, d, n);
  curandGenerateNormal(gen, d, n, 0.0f, 1.0f);
  curandDestroyGenerator(gen);
  float h[4];
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  printf("%f %f\n", h[0], h[1]);
  cudaFree(d);
  return 0;
}
