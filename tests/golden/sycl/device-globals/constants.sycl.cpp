#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
inline float *gpuport_symbol_coef() {
  static float *p = [] {
    float *m = sycl::malloc_device<float>(4, gpuport_queue());
    gpuport_queue().memset(m, 0, 4 * sizeof(float)).wait();
    return m;
  }();
  return p;
}
const int offsets[3] = {-1, 0, 1};
inline unsigned int *gpuport_symbol_counter() {
  static unsigned int *p = [] {
    unsigned int *m = sycl::malloc_device<unsigned int>(1, gpuport_queue());
    gpuport_queue().memset(m, 0, 1 * sizeof(unsigned int)).wait();
    return m;
  }();
  return p;
}
float weight(int k, float *coef) { return coef[k]; }
void apply(float *x, int n, const sycl::nd_item<3> &item, float *coef, unsigned int &counter) {
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i < n) x[i] *= weight(i % 4, coef) + offsets[i % 3];
    sycl::atomic_ref<unsigned int, sycl::memory_order::relaxed, sycl::memory_scope::device, sycl::access::address_space::generic_space>(counter).fetch_add(static_cast<unsigned int>(1u));
}
int main() {
    float h[4] = {1, 2, 3, 4};
    float *d_x;
    d_x = (float *)sycl::malloc_device(256 * sizeof(float), gpuport_queue());
    gpuport_queue().memcpy(gpuport_symbol_coef(), h, sizeof(h)).wait();
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 256), sycl::range<3>(1, 1, 256)), [=, coef = gpuport_symbol_coef(), counter = gpuport_symbol_counter()](sycl::nd_item<3> item) { apply(d_x, 256, item, coef, *counter); });
    unsigned int c = 0;
    gpuport_queue().memcpy(&c, gpuport_symbol_counter(), sizeof(c)).wait();
    return c == 256 ? 0 : 1;
}
