// One declaration, several globals (finite-difference's stencil coefficients): each gets its accessor.
#include <sycl/sycl.hpp>
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

inline float *gpuport_symbol_c_ax() {
  static float *p = [] {
    float *m = sycl::malloc_device<float>(1, gpuport_queue());
    gpuport_queue().memset(m, 0, 1 * sizeof(float)).wait();
    return m;
  }();
  return p;
}
inline float *gpuport_symbol_c_bx() {
  static float *p = [] {
    float *m = sycl::malloc_device<float>(1, gpuport_queue());
    const float init[1] = {2.0f};
    gpuport_queue().memcpy(m, init, sizeof(init)).wait();
    return m;
  }();
  return p;
}
inline float *gpuport_symbol_c_cx() {
  static float *p = [] {
    float *m = sycl::malloc_device<float>(1, gpuport_queue());
    gpuport_queue().memset(m, 0, 1 * sizeof(float)).wait();
    return m;
  }();
  return p;
}
inline int *gpuport_symbol_d_hits() {
  static int *p = [] {
    int *m = sycl::malloc_device<int>(4, gpuport_queue());
    gpuport_queue().memset(m, 0, 4 * sizeof(int)).wait();
    return m;
  }();
  return p;
}
inline int *gpuport_symbol_d_total() {
  static int *p = [] {
    int *m = sycl::malloc_device<int>(1, gpuport_queue());
    gpuport_queue().memset(m, 0, 1 * sizeof(int)).wait();
    return m;
  }();
  return p;
}

void stencil(const float *f, float *df, int n, const sycl::nd_item<3> &item, float &c_ax, float &c_bx, float &c_cx, int *d_hits, int &d_total) {
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i > 0 && i < n - 1) {
        df[i] = c_ax * f[i - 1] + c_bx * f[i] + c_cx * f[i + 1];
        sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device, sycl::access::address_space::generic_space>(d_hits[i % 4]).fetch_add(static_cast<int>(1));
        sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device, sycl::access::address_space::generic_space>(d_total).fetch_add(static_cast<int>(1));
    }
}

int main() {
    const float a = 1.0f, c = -1.0f;
    gpuport_queue().memcpy(gpuport_symbol_c_ax(), &a, sizeof(float)).wait();
    gpuport_queue().memcpy(gpuport_symbol_c_cx(), &c, sizeof(float)).wait();
    float *f, *df;
    f = (float *)sycl::malloc_device(64 * sizeof(float), gpuport_queue());
    df = (float *)sycl::malloc_device(64 * sizeof(float), gpuport_queue());
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 2) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=, c_ax = gpuport_symbol_c_ax(), c_bx = gpuport_symbol_c_bx(), c_cx = gpuport_symbol_c_cx(), d_hits = gpuport_symbol_d_hits(), d_total = gpuport_symbol_d_total()](sycl::nd_item<3> item) { stencil(f, df, 64, item, *c_ax, *c_bx, *c_cx, d_hits, *d_total); });
    int total = 0;
    gpuport_queue().memcpy(&total, gpuport_symbol_d_total(), sizeof(int)).wait();
    printf("%d\n", total);
    return 0;
}
