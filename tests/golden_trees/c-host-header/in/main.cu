#include "timer.h"
#include "events.cuh"

__global__ void scale(float *x, float a) { x[threadIdx.x] *= a; }

void run(float *x, struct timer_marker *m) {
  timer_start(m);
  scale<<<1, 32>>>(x, 2.0f);
  cudaDeviceSynchronize();
}
