#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
// Host code may name its own dim3 variables blockDim and gridDim (NVIDIA's simpleTensorCoreGEMM does):
// GP212 makes them ranges, and GP204 does not report their members as builtins outside device code.
void fill(float *a, const sycl::nd_item<3> &item) { a[item.get_group(2) * item.get_local_range(2) + item.get_local_id(2)] = 1.0f; }

int main() {
    float *a;
    a = (float *)sycl::malloc_device(1024 * sizeof(float), gpuport_queue());
    sycl::range<3> gridDim(1, 1, 1);
    sycl::range<3> blockDim(1, 1, 1);
    blockDim[2] = 128;
    gridDim[2] = (1024 + blockDim[2] - 1) / blockDim[2];
    gpuport_queue().parallel_for(sycl::nd_range<3>(gridDim * blockDim, blockDim), [=](sycl::nd_item<3> item) { fill(a, item); });
    sycl::free(a, gpuport_queue());
    return 0;
}
