// Host side of the multi-file program.
#include <cstdio>
#include <vector>
#include "kernels.cuh"

int main() {
  const int n = 4096;
  std::vector<Particle> host(n);
  for (int i = 0; i < n; ++i) host[i] = Particle{make_float3(0, 0, 0), make_float3(1, 2, 3)};
  Particle *d = nullptr;
  cudaMalloc(&d, n * sizeof(Particle));
  cudaMemcpy(d, host.data(), n * sizeof(Particle), cudaMemcpyHostToDevice);
  cudaStream_t s;
  cudaStreamCreate(&s);
  for (int step = 0; step < 10; ++step)
    if (run_integrate(d, n, 0.1f, s) != cudaSuccess) return 1;
  cudaStreamSynchronize(s);
  cudaMemcpy(host.data(), d, n * sizeof(Particle), cudaMemcpyDeviceToHost);
  printf("pos.z = %f\n", host[0].pos.z);
  cudaStreamDestroy(s);
  cudaFree(d);
  return 0;
}
