#include <cmath>
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

float block_sum(float v, const sycl::nd_item<3> &item, float *part, float *spare) {
    int lane = item.get_sub_group().get_local_linear_id(), warp = item.get_local_linear_id() / item.get_sub_group().get_max_local_range()[0];
    v = sycl::reduce_over_group(item.get_sub_group(), v, sycl::plus<>());
    if (lane == 0) part[warp] = v;
    sycl::group_barrier(item.get_group());
    spare[0] = 0.0f;
    v = item.get_local_id(2) < (item.get_local_range(2) + item.get_sub_group().get_max_local_range()[0] - 1) / item.get_sub_group().get_max_local_range()[0] ? part[item.get_local_id(2)] : 0.0f;
    v = sycl::reduce_over_group(item.get_sub_group(), v, sycl::plus<>());
    return v + spare[0];
}

template <int BLOCK>
float block_max(float v, const sycl::nd_item<3> &item, float *slots) {
    slots[item.get_local_id(2)] = v;
    sycl::group_barrier(item.get_group());
    for (int s = BLOCK / 2; s > 0; s /= 2) {
        if (item.get_local_id(2) < s) slots[item.get_local_id(2)] = sycl::fmax(slots[item.get_local_id(2)], slots[item.get_local_id(2) + s]);
        sycl::group_barrier(item.get_group());
    }
    return slots[0];
}

template <int BLOCK>
void stats(const float *x, float *sum, float *mx, int n, const sycl::nd_item<3> &item, float *gp_block_max_slots, float *gp_block_sum_part, float *gp_block_sum_spare) {
    int i = item.get_group(2) * BLOCK + item.get_local_id(2);
    float v = i < n ? x[i] : 0.0f;
    float s = block_sum(v, item, gp_block_sum_part, gp_block_sum_spare);
    float m = block_max<BLOCK>(v, item, gp_block_max_slots);
    if (item.get_local_id(2) == 0) {
        sycl::atomic_ref<float, sycl::memory_order::relaxed, sycl::memory_scope::device, sycl::access::address_space::generic_space>(*sum).fetch_add(static_cast<float>(s));
        mx[item.get_group(2)] = m;
    }
}

int main() {
    const int n = 1 << 16;
    float *d_x, *d_sum, *d_max;
    d_x = (float *)sycl::malloc_device(n * sizeof(float), gpuport_queue());
    d_sum = (float *)sycl::malloc_device(sizeof(float), gpuport_queue());
    d_max = (float *)sycl::malloc_device((n / 256) * sizeof(float), gpuport_queue());
    gpuport_queue().submit([&](sycl::handler &cgh) {
      sycl::local_accessor<float, 1> gp_block_max_slots_acc(sycl::range<1>(256), cgh);
      sycl::local_accessor<float, 1> gp_block_sum_part_acc(sycl::range<1>((32 * 32)), cgh);
      sycl::local_accessor<float, 1> gp_block_sum_spare_acc(sycl::range<1>(1), cgh);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, n / 256) * sycl::range<3>(1, 1, 256), sycl::range<3>(1, 1, 256)), [=](sycl::nd_item<3> item) {
        stats<256>(d_x, d_sum, d_max, n, item, &gp_block_max_slots_acc[0], &gp_block_sum_part_acc[0], &gp_block_sum_spare_acc[0]); });
    });
    gpuport_queue().wait();
    sycl::free(d_x, gpuport_queue());
    sycl::free(d_sum, gpuport_queue());
    sycl::free(d_max, gpuport_queue());
    return 0;
}
