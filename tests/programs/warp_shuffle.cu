// Warp shuffles with full masks: warp reduction, broadcast, prefix scan, butterfly.
#include <cstdio>
#include <cuda_runtime.h>

#define FULL_MASK 0xffffffff

__inline__ __device__ float warp_reduce(float v) {
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  return v;
}

__inline__ __device__ float warp_allreduce(float v) {
  for (int mask = 16; mask > 0; mask >>= 1) v += __shfl_xor_sync(0xffffffff, v, mask, 32);
  return v;
}

__global__ void reduce(const float *in, float *out, int n) {
  __shared__ float partial[32];
  int tid = threadIdx.x;
  int lane = tid % 32;
  int warp = tid / 32;
  int i = blockIdx.x * blockDim.x + tid;
  float v = i < n ? in[i] : 0.0f;
  v = warp_reduce(v);
  if (lane == 0) partial[warp] = v;
  __syncthreads();
  v = tid < blockDim.x / 32 ? partial[lane] : 0.0f;
  if (warp == 0) v = warp_allreduce(v);
  if (tid == 0) atomicAdd(out, v);
}

__global__ void scan_and_broadcast(int *data) {
  int lane = threadIdx.x & 31;
  int v = data[threadIdx.x];
  for (int d = 1; d < 32; d <<= 1) {
    int up = __shfl_up_sync(0xffffffff, v, d);
    if (lane >= d) v += up;
  }
  int first = __shfl_sync(0xffffffff, v, 0);
  data[threadIdx.x] = v + first;
}

int main() {
  const int n = 4096;
  float *in, *out;
  int *data;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, sizeof(float));
  cudaMalloc(&data, 32 * sizeof(int));
  cudaMemset(out, 0, sizeof(float));
  reduce<<<n / 256, 256>>>(in, out, n);
  scan_and_broadcast<<<1, 32>>>(data);
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  cudaFree(data);
  return 0;
}
