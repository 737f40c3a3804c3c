// Kernels of the multi-file program.
#include "kernels.cuh"

__global__ void integrate(Particle *p, int n, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i].pos = axpy3(dt, p[i].vel, p[i].pos);
}

cudaError_t run_integrate(Particle *d_particles, int n, float dt, cudaStream_t stream) {
  integrate<<<(n + 127) / 128, 128, 0, stream>>>(d_particles, n, dt);
  return cudaGetLastError();
}
