#include <cstdio>
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

void saxpy(int n, float a, const float *x, float *y, const sycl::nd_item<3> &item) {
    for (int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2); i < n; i += item.get_local_range(2) * item.get_group_range(2))
        y[i] = a * x[i] + y[i];
}

int main() {
    int dev = 0, sms = 0, per_sm = 0, per_sm_smem = 0, grid = 0, block = 0, engines = 0, max_grid = 0;
    dev = 0;
    sms = (int)(gpuport_queue().get_device().get_info<sycl::info::device::max_compute_units>());
    engines = 1 /* SYCL 2020 cannot query copy engines; queues may overlap copies */;
    if ((max_grid = 2147483647 /* CUDA's limit; SYCL 2020 has no query for it */, 0) != 0) return 1;
    per_sm = (int)(gpuport_queue().get_device().get_info<sycl::info::device::max_work_group_size>() / 256);
    per_sm_smem = (int)std::min<size_t>(gpuport_queue().get_device().get_info<sycl::info::device::max_work_group_size>() / 128, gpuport_queue().get_device().get_info<sycl::info::device::local_mem_size>() / std::max<size_t>(4096 * sizeof(float), 1));
    block = (int)std::min<size_t>(gpuport_queue().get_device().get_info<sycl::info::device::max_work_group_size>(), 1024), grid = (int)(gpuport_queue().get_device().get_info<sycl::info::device::max_compute_units>() * (gpuport_queue().get_device().get_info<sycl::info::device::max_work_group_size>() / block));
    printf("%d SMs, %d copy engines, grid x <= %d: %d (%d) blocks per SM; %d x %d\n", sms, engines, max_grid,
           per_sm, per_sm_smem, grid, block);
    const int n = 1 << 20;
    float *x, *y;
    x = (float *)sycl::malloc_device(n * sizeof(float), gpuport_queue());
    y = (float *)sycl::malloc_device(n * sizeof(float), gpuport_queue());
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, sms * per_sm) * sycl::range<3>(1, 1, 256), sycl::range<3>(1, 1, 256)), [=](sycl::nd_item<3> item) { saxpy(n, 2.0f, x, y, item); });
    gpuport_queue().wait();
    sycl::free(x, gpuport_queue());
    sycl::free(y, gpuport_queue());
    return 0;
}
