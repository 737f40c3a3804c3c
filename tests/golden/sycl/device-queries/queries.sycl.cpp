#include <cstdio>
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#define CUDA_CHECK(call) do { int e = (call); if (e != 0) { fprintf(stderr, "%s\n", "SYCL error (SYCL reports errors as exceptions)"); return 1; } } while (0)

void fill(float *out, int n, const sycl::nd_item<3> &item, float *tile) {
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    tile[item.get_local_id(2)] = (float)i;
    if (i < n) out[i] = tile[item.get_local_id(2)];
}

int main() {
    int dev = 0, count = 0, sms = 0, warp = 0, max_threads = 0, smem = 0, can_map = 0;
    CUDA_CHECK((count = 1, 0));
    CUDA_CHECK(0);
    dev = 0;
    CUDA_CHECK((sms = (int)(gpuport_queue().get_device().get_info<sycl::info::device::max_compute_units>()), 0));
    CUDA_CHECK((warp = (int)(gpuport_queue().get_device().get_info<sycl::info::device::sub_group_sizes>().back()), 0));
    max_threads = (int)(gpuport_queue().get_device().get_info<sycl::info::device::max_work_group_size>());
    CUDA_CHECK((smem = (int)(gpuport_queue().get_device().get_info<sycl::info::device::local_mem_size>()), 0));
    CUDA_CHECK((can_map = (int)gpuport_queue().get_device().has(sycl::aspect::usm_host_allocations), 0));
    CUDA_CHECK(0);
    int mclk;
    CUDA_CHECK((mclk = 0 /* SYCL 2020 has no memory clock query (gpuport_device_prop says 0 too) */, 0));  // moderngpu prints it
    // sgemm-cuda: all of L1 given to shared memory (a hint; a SYCL device decides)
    printf("%d devices, dev %d: %d SMs, warp %d, %d threads, %d B shared, map %d\n", count, dev, sms, warp,
           max_threads, smem, can_map);
    const int n = 1024;
    float *d_out;
    d_out = (float *)sycl::malloc_device(n * sizeof(float), gpuport_queue());
    gpuport_queue().submit([&](sycl::handler &cgh) {
      sycl::local_accessor<float, 1> tile_acc(sycl::range<1>((256 * sizeof(float)) / sizeof(float)), cgh);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, sms) * sycl::range<3>(1, 1, 256), sycl::range<3>(1, 1, 256)), [=](sycl::nd_item<3> item) {
        fill(d_out, n, item, &tile_acc[0]); });
    });
    gpuport_queue().wait();
    sycl::free(d_out, gpuport_queue());
    return 0;
}
