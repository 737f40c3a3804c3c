// gpuport: launch=hipLaunchKernelGGL hip_version=5.2
#include <hip/hip_runtime.h>
namespace ns {
template <typename T, int N>
__global__ void scale(T *x, int n) {}
__global__ void plain(float *x) {}
template <typename T>
__global__ void fill(T *x) {}
__global__ void empty() {}
}  // namespace ns
#define LAUNCH(k, g, b, ...) hipLaunchKernelGGL(k, dim3(g), dim3(b), 0, 0, __VA_ARGS__)

void run(float *x, int n, hipStream_t s) {
  hipLaunchKernelGGL(HIP_KERNEL_NAME(ns::scale<float, 4>), dim3((n + 255) / 256), dim3(256), 0, s, x, n);
  hipLaunchKernelGGL(ns::plain, dim3(1), dim3(32), 0, 0, x);
  hipLaunchKernelGGL(ns::plain, dim3(1), dim3(32), 64 * sizeof(float), 0, x);
  hipLaunchKernelGGL(HIP_KERNEL_NAME(ns::scale<float, 1>), dim3(2), dim3(64), 0, 0, x, n);  // spacing
  LAUNCH(ns::plain, 1, 32, x);
  dim3 grid(n / 256), block(256);
  hipLaunchKernelGGL(HIP_KERNEL_NAME(ns::fill), dim3(grid), dim3(block), 0, 0, x);  // template arguments deduced: still HIP_KERNEL_NAME
  hipLaunchKernelGGL(ns::empty, dim3(grid.x, 2), dim3(block), 0, s);
}

#include <hipcub/hipcub.hpp>
template <int W, hipcub::BlockLoadAlgorithm A>
__global__ void load(float *x) {}
void run2(float *x) { hipLaunchKernelGGL(HIP_KERNEL_NAME(load<128, hipcub::BLOCK_LOAD_DIRECT>), dim3(1), dim3(128), 0, 0, x); }
