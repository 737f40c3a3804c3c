#include <cmath>
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
inline float warp_sum(float v, const sycl::nd_item<3> &item) {
    v = sycl::reduce_over_group(item.get_sub_group(), v, sycl::plus<>());
    return v;
}
inline float warp_max(float v, const sycl::nd_item<3> &item) {
    v = sycl::reduce_over_group(item.get_sub_group(), v, sycl::maximum<>());
    return v;
}
void sum_max(const float *x, int n, float *sum, float *mx, const sycl::nd_item<3> &item, float *s_sum, float *s_max) {
    float s = 0.0f, m = 0.0f;
    for (int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2); i < n; i += item.get_local_range(2) * item.get_group_range(2)) {
        s += x[i];
        m = sycl::fmax(m, x[i]);
    }
    s = sycl::reduce_over_group(item.get_group(), s, sycl::plus<>());
    m = sycl::reduce_over_group(item.get_group(), m, sycl::maximum<>());
    const int lane = item.get_sub_group().get_local_linear_id(), warp = item.get_local_linear_id() / item.get_sub_group().get_max_local_range()[0];
    sycl::group_barrier(item.get_group());
    if (warp == 0) {
        const int nwarps = (item.get_local_range(2) + item.get_sub_group().get_max_local_range()[0] - 1) / item.get_sub_group().get_max_local_range()[0];
        if (lane == 0) {
            sycl::atomic_ref<float, sycl::memory_order::relaxed, sycl::memory_scope::device, sycl::access::address_space::generic_space>(*sum).fetch_add(static_cast<float>(s));
            mx[item.get_group(2)] = m;
        }
    }
}
int main() {
    float *x, *s, *m;
    x = (float *)sycl::malloc_device(1024 * sizeof(float), gpuport_queue());
    gpuport_queue().submit([&](sycl::handler &cgh) {
      sycl::local_accessor<float, 1> s_sum_acc(sycl::range<1>((32 * 32)), cgh);
      sycl::local_accessor<float, 1> s_max_acc(sycl::range<1>((32 * 32)), cgh);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 4) * sycl::range<3>(1, 1, 256), sycl::range<3>(1, 1, 256)), [=](sycl::nd_item<3> item) {
        sum_max(x, 1024, s, m, item, &s_sum_acc[0], &s_max_acc[0]); });
    });
    gpuport_queue().wait();
    return 0;
}
