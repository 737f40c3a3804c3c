// Template kernels in namespaces launched with qualified names, template arguments and streams.
// gpuport: launch=hipLaunchKernelGGL
#include <cstdio>
#include <cuda_runtime.h>

namespace app {
namespace kernels {

template <typename T, int N>
__global__ void scale(T *x, T factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = x[i] * factor + T(N);
}

__global__ void zero(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = 0.0f;
}

}  // namespace kernels

template <typename T>
void launch_scale(T *x, int n, cudaStream_t stream) {
  dim3 grid((n + 127) / 128), block(128);
  kernels::scale<T, 4><<<grid, block, 0, stream>>>(x, T(2), n);
}

}  // namespace app

int main() {
  const int n = 1000;
  float *x;
  cudaMalloc(&x, n * sizeof(float));
  cudaStream_t s;
  cudaStreamCreate(&s);
  app::kernels::zero<<<(n + 127) / 128, 128>>>(x, n);
  app::launch_scale<float>(x, n, s);
  app::kernels::scale<float, 2><<<dim3(8), dim3(128), 0, s>>>(x, 1.0f, n);
  cudaStreamSynchronize(s);
  cudaStreamDestroy(s);
  cudaFree(x);
  return 0;
}
