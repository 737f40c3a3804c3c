#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
void bump(int *v, int n, const sycl::nd_item<3> &item) {
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i < n) v[i] += 1;
}
int main() {
    const int n = 256;
    int *h, *d;
    h = (int *)sycl::malloc_host(n * sizeof(int), gpuport_queue());
    int err = (d = (int *)h, 0);
    for (int i = 0; i < n; ++i) h[i] = i;
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, n), sycl::range<3>(1, 1, n)), [=](sycl::nd_item<3> item) { bump(d, n, item); });
    gpuport_queue().wait();
    float *staging = new float[n];
    delete[] staging;
    sycl::free(h, gpuport_queue());
    return err == 0 && h[3] == 4 ? 0 : 1;
}
