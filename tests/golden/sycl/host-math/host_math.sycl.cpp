// Host code keeps the C library's math (floor of an integer is floor(double)); device code gets sycl::.
// Host code's clock() is <ctime>'s, timing the host, not the SM's counter.
#include <sycl/sycl.hpp>
#include <cmath>
#include <cstdio>
#include <ctime>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

float scale(float v) { return sycl::floor(v) + sycl::sqrt(v); }

void k(float *x, int n, const sycl::nd_item<3> &item) {
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i < n) x[i] = scale(x[i]) + sycl::pow(x[i], 2.0f);
}

static const double kRoot2 = sqrt(2.0);

int blocks_for(size_t shared_per_block, size_t bytes, int sms) {
    return sms * (int)floor(shared_per_block / bytes) + (int)ceil(kRoot2);
}

int main() {
    float *x;
    x = (float *)sycl::malloc_device(256 * sizeof(float), gpuport_queue());
    clock_t start = clock();
    int b = blocks_for(49152, 4096, 2);
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, b) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=](sycl::nd_item<3> item) { k(x, 256, item); });
    printf("%d %f %d\n", b, pow(2.0, 0.5), (int)(clock() >= start));
    sycl::free(x, gpuport_queue());
    return 0;
}
