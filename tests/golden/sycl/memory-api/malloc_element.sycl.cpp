#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

struct Buffers {
    float *data;
};

int main() {
    int *d_q[2];
    Buffers b;
    d_q[0] = static_cast<std::remove_reference_t<decltype(d_q[0])>>(sycl::malloc_device(64 * sizeof(int), gpuport_queue()));
    d_q[1] = static_cast<std::remove_reference_t<decltype(d_q[1])>>(sycl::malloc_device(64 * sizeof(int), gpuport_queue()));
    b.data = static_cast<std::remove_reference_t<decltype(b.data)>>(sycl::malloc_device(16 * sizeof(float), gpuport_queue()));
    sycl::free(d_q[0], gpuport_queue());
    sycl::free(d_q[1], gpuport_queue());
    sycl::free(b.data, gpuport_queue());
    return 0;
}
