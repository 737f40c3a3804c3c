// gpuport: launch=hipLaunchKernelGGL hip_version=5.2
#include <hip/hip_runtime.h>
namespace ns {
template <typename T, int N>
__global__ void scale(T *x, int n) {}
__global__ void plain(float *x) {}
}  // namespace ns
#define LAUNCH(k, g, b, ...) k<<<g, b>>>(__VA_ARGS__)

void run(float *x, int n, hipStream_t s) {
  hipLaunchKernelGGL(HIP_KERNEL_NAME(ns::scale<float, 4>), (n + 255) / 256, 256, 0, s, x, n);
  hipLaunchKernelGGL(ns::plain, dim3(1), dim3(32), 0, 0, x);
  hipLaunchKernelGGL(ns::plain, 1, 32, 64 * sizeof(float), 0, x);
  hipLaunchKernelGGL(HIP_KERNEL_NAME(ns::scale<float, 1>), 2, 64, 0, 0, x, n);  // spacing
  LAUNCH(ns::plain, 1, 32, x);
}
