// gpuport: launch=hipLaunchKernelGGL hip_version=5.2
#include <cuda_runtime.h>
namespace ns {
template <typename T, int N>
__global__ void scale(T *x, int n) {}
__global__ void plain(float *x) {}
template <typename T>
__global__ void fill(T *x) {}
__global__ void empty() {}
}  // namespace ns
#define LAUNCH(k, g, b, ...) k<<<g, b>>>(__VA_ARGS__)

void run(float *x, int n, cudaStream_t s) {
  ns::scale<float, 4><<<(n + 255) / 256, 256, 0, s>>>(x, n);
  ns::plain<<<dim3(1), dim3(32)>>>(x);
  ns::plain<<<1, 32, 64 * sizeof(float)>>>(x);
  ns::scale<float, 1> <<< 2, 64 >>> (x, n);  // spacing
  LAUNCH(ns::plain, 1, 32, x);
  dim3 grid(n / 256), block(256);
  ns::fill<<<grid, block>>>(x);  // template arguments deduced: still HIP_KERNEL_NAME
  ns::empty<<<dim3(grid.x, 2), block, 0, s>>> ( );
}

#include <cub/cub.cuh>
template <int W, cub::BlockLoadAlgorithm A>
__global__ void load(float *x) {}
void run2(float *x) { load<128, cub::BLOCK_LOAD_DIRECT><<<1, 128>>>(x); }
