// Headers that are parts of the CUDA runtime API, included directly: each is SYCL's header.
#include <channel_descriptor.h>
#include <cuda_texture_types.h>
#include <driver_types.h>

__global__ void scale(float *x, float s) { x[threadIdx.x] *= s; }

int main() {
  float *x = nullptr;
  scale<<<1, 32>>>(x, 2.0f);
  return 0;
}
