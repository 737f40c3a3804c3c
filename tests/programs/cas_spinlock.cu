// A CAS-based spin lock guarding a per-block critical section, plus atomicInc/atomicDec counters.
#include <cstdio>
#include <cuda_runtime.h>

__device__ void lock(int *mutex) {
  while (atomicCAS(mutex, 0, 1) != 0) {
  }
  __threadfence();
}

__device__ void unlock(int *mutex) {
  __threadfence();
  atomicExch(mutex, 0);
}

__global__ void critical(int *mutex, int *counter, unsigned *ring) {
  if (threadIdx.x == 0) {
    lock(mutex);
    *counter += 1;
    unlock(mutex);
  }
  atomicInc(ring, 63u);
  atomicDec(ring + 1, 63u);
}

int main() {
  int *mutex, *counter;
  unsigned *ring;
  cudaMalloc(&mutex, sizeof(int));
  cudaMalloc(&counter, sizeof(int));
  cudaMalloc(&ring, 2 * sizeof(unsigned));
  cudaMemset(mutex, 0, sizeof(int));
  cudaMemset(counter, 0, sizeof(int));
  critical<<<64, 64>>>(mutex, counter, ring);
  int h = 0;
  cudaMemcpy(&h, counter, sizeof(int), cudaMemcpyDeviceToHost);
  printf("counter %d\n", h);
  cudaFree(mutex);
  cudaFree(counter);
  cudaFree(ring);
  return 0;
}
