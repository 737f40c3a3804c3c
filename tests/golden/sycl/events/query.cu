// Polling a stream and an event (nbody's `cudaStreamQuery(0)` flush): the queries answer CUDA's values,
// 0 when done and cudaErrorNotReady (600) when not, so polling loops end.
#include <cuda_runtime.h>

__global__ void work(float *x) { x[threadIdx.x] += 1.0f; }

int poll(float *x, cudaStream_t s) {
  cudaEvent_t done;
  cudaEventCreate(&done);
  work<<<1, 32, 0, s>>>(x);
  cudaEventRecord(done, s);
  int spins = 0;
  while (cudaEventQuery(done) == cudaErrorNotReady) spins++;
  cudaStreamQuery(0);
  if (cudaStreamQuery(s) != cudaSuccess) return -1;
  cudaEventDestroy(done);
  return spins;
}
