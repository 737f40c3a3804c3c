#include <sycl/sycl.hpp>
#include <cstdio>
#include "launch.cuh"
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

struct axpy {
    void operator()(int tid, int cta, int count, float a, const float *x, float *y) const {
        int i = cta * box_t::nt + tid;
        if (i < count) y[i] += a * x[i];
    }
};

int main() {
    const int n = 200;
    float hx[n], hy[n];
    for (int i = 0; i < n; i++) { hx[i] = i; hy[i] = 1.0f; }
    float *x, *y;
    x = (float *)sycl::malloc_device(n * sizeof(float), gpuport_queue());
    y = (float *)sycl::malloc_device(n * sizeof(float), gpuport_queue());
    gpuport_queue().memcpy(x, hx, n * sizeof(float)).wait();
    gpuport_queue().memcpy(y, hy, n * sizeof(float)).wait();
    cta_launch<box_t>(axpy(), (n + box_t::nt - 1) / box_t::nt, n, 2.0f, (const float *)x, y);
    gpuport_queue().memcpy(hy, y, n * sizeof(float)).wait();
    int bad = 0;
    for (int i = 0; i < n; i++) bad += hy[i] != 1.0f + 2.0f * i;
    printf(bad ? "FAIL %d\n" : "PASS\n", bad);
    return 0;
}
