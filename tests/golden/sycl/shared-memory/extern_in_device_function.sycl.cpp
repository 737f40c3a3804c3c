// `extern __shared__` in a device function is the calling kernel's dynamic shared memory
// (cuda-samples' threadFenceReduction): the kernel that also declares one sees the same bytes.
#include <sycl/sycl.hpp>
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

void block_sum(const float *in, int n, const sycl::nd_item<3> &item, float *part) {
    unsigned t = item.get_local_id(2);
    part[t] = (item.get_group(2) * item.get_local_range(2) + t < n) ? in[item.get_group(2) * item.get_local_range(2) + t] : 0.0f;
    sycl::group_barrier(item.get_group());
    for (unsigned s = item.get_local_range(2) / 2; s > 0; s >>= 1) {
        if (t < s) part[t] += part[t + s];
        sycl::group_barrier(item.get_group());
    }
}

void sums(const float *in, float *out, int n, const sycl::nd_item<3> &item, float *seen, float *gp_block_sum_part) {
    block_sum(in, n, item, gp_block_sum_part);
    if (item.get_local_id(2) == 0) out[item.get_group(2)] = seen[0];  // the same memory block_sum reduced into
}

int main() {
    const int n = 1000, threads = 128, blocks = (n + threads - 1) / threads;
    float h[n], r[blocks], *d_in, *d_out;
    for (int i = 0; i < n; ++i) h[i] = 1.0f;
    d_in = (float *)sycl::malloc_device(n * sizeof(float), gpuport_queue());
    d_out = (float *)sycl::malloc_device(blocks * sizeof(float), gpuport_queue());
    gpuport_queue().memcpy(d_in, h, n * sizeof(float)).wait();
    gpuport_queue().submit([&](sycl::handler &cgh) {
      sycl::local_accessor<float, 1> seen_acc(sycl::range<1>((threads * sizeof(float)) / sizeof(float)), cgh);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, blocks) * sycl::range<3>(1, 1, threads), sycl::range<3>(1, 1, threads)), [=](sycl::nd_item<3> item) {
        sums(d_in, d_out, n, item, &seen_acc[0], &seen_acc[0]); });
    });
    gpuport_queue().memcpy(r, d_out, blocks * sizeof(float)).wait();
    float total = 0;
    for (int b = 0; b < blocks; ++b) total += r[b];
    printf("%s %g\n", total == n ? "PASS" : "FAIL", total);
    return 0;
}
