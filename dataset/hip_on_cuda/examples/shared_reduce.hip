// Shared memory (static, extern dynamic, HIP_DYNAMIC_SHARED) and a template kernel launched through
// hipLaunchKernelGGL(HIP_KERNEL_NAME(k<float, 256>), ...).
#include "check.h"

#include <vector>

template <typename T, int BLOCK>
__global__ void block_sum(const T* in, T* out, int n) {
  __shared__ T tile[BLOCK];
  int i = blockIdx.x * BLOCK + threadIdx.x;
  tile[threadIdx.x] = i < n ? in[i] : T(0);
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if ((int)threadIdx.x < s) tile[threadIdx.x] += tile[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = tile[0];
}

// Reverses each block's slice through dynamic shared memory.
__global__ void reverse_dynamic(int* data) {
  extern __shared__ int buf[];
  int t = threadIdx.x;
  buf[t] = data[blockIdx.x * blockDim.x + t];
  __syncthreads();
  data[blockIdx.x * blockDim.x + t] = buf[blockDim.x - 1 - t];
}

__global__ void add_neighbour(int* data) {
  HIP_DYNAMIC_SHARED(int, sh)
  int t = threadIdx.x;
  sh[t] = data[t];
  __syncthreads();
  data[t] = sh[t] + sh[(t + 1) % blockDim.x];
}

int main() {
  const int n = 100000, block = 256, grid = (n + block - 1) / block;
  std::vector<float> in(n);
  for (int i = 0; i < n; ++i) in[i] = (float)(i % 10);
  float *din, *dout;
  HIP_CHECK(hipMalloc(&din, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&dout, grid * sizeof(float)));
  HIP_CHECK(hipMemcpy(din, in.data(), n * sizeof(float), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(HIP_KERNEL_NAME(block_sum<float, 256>), dim3(grid), dim3(block), 0, 0, din, dout, n);
  HIP_CHECK(hipGetLastError());
  std::vector<float> out(grid);
  HIP_CHECK(hipMemcpy(out.data(), dout, grid * sizeof(float), hipMemcpyDeviceToHost));
  int errors = 0;
  for (int b = 0; b < grid; ++b) {
    float want = 0;
    for (int i = b * block; i < n && i < (b + 1) * block; ++i) want += in[i];
    errors += out[b] != want;
  }

  const int m = 4 * 128;
  std::vector<int> v(m);
  for (int i = 0; i < m; ++i) v[i] = i;
  int* dv;
  HIP_CHECK(hipMalloc(&dv, m * sizeof(int)));
  HIP_CHECK(hipMemcpy(dv, v.data(), m * sizeof(int), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(reverse_dynamic, dim3(4), dim3(128), 128 * sizeof(int), 0, dv);
  add_neighbour<<<1, 128, 128 * sizeof(int)>>>(dv);
  HIP_CHECK(hipGetLastError());
  std::vector<int> r(m);
  HIP_CHECK(hipMemcpy(r.data(), dv, m * sizeof(int), hipMemcpyDeviceToHost));
  std::vector<int> want(m);
  for (int i = 0; i < m; ++i) want[i] = (i / 128) * 128 + 127 - i % 128;
  for (int t = 0; t < 128; ++t) errors += r[t] != want[t] + want[(t + 1) % 128];
  for (int i = 128; i < m; ++i) errors += r[i] != want[i];

  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
  HIP_CHECK(hipFree(dv));
  return finish("shared_reduce", errors);
}
