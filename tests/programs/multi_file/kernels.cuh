// Shared declarations for the multi-file program.
#pragma once
#include <cuda_runtime.h>

struct Particle {
  float3 pos;
  float3 vel;
};

__global__ void integrate(Particle *p, int n, float dt);

inline __host__ __device__ float3 axpy3(float a, float3 x, float3 y) {
  return make_float3(a * x.x + y.x, a * x.y + y.y, a * x.z + y.z);
}

cudaError_t run_integrate(Particle *d_particles, int n, float dt, cudaStream_t stream);
