// hipMalloc / hipMemcpy / hipFree with both launch forms: hipLaunchKernelGGL and <<<>>>.
#include "check.h"

#include <vector>

__global__ void vector_add(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

__global__ void scale(float* c, float s, int n) {
  int i = hipBlockIdx_x * hipBlockDim_x + hipThreadIdx_x;
  if (i < n) c[i] *= s;
}

__global__ void fill_index() {}

int main() {
  const int n = 1000003;
  std::vector<float> a(n), b(n), c(n);
  for (int i = 0; i < n; ++i) {
    a[i] = 0.5f * i;
    b[i] = 3.0f - i;
  }
  float *da, *db, *dc;
  HIP_CHECK(hipMalloc(&da, n * sizeof(float)));
  HIP_CHECK(hipMalloc((void**)&db, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&dc, n * sizeof(float)));
  HIP_CHECK(hipMemcpy(da, a.data(), n * sizeof(float), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(db, b.data(), n * sizeof(float), hipMemcpyHostToDevice));
  const int block = 256, grid = (n + block - 1) / block;
  hipLaunchKernelGGL(vector_add, dim3(grid), dim3(block), 0, 0, da, db, dc, n);
  HIP_CHECK(hipGetLastError());
  scale<<<grid, block>>>(dc, 2.0f, n);
  HIP_CHECK(hipGetLastError());
  hipLaunchKernelGGL(fill_index, dim3(1), dim3(1), 0, 0);  // a launch without arguments
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(c.data(), dc, n * sizeof(float), hipMemcpyDeviceToHost));
  int errors = 0;
  for (int i = 0; i < n; ++i) errors += c[i] != 2.0f * (a[i] + b[i]);
  HIP_CHECK(hipFree(da));
  HIP_CHECK(hipFree(db));
  HIP_CHECK(hipFree(dc));
  return finish("vector_add", errors);
}
