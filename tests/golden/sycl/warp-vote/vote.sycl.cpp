#include <sycl/sycl.hpp>
void votes(const float *x, int *counts, int *flags, const sycl::nd_item<3> &item) {
    float v = x[item.get_local_id(2)];
    int n = sycl::reduce_over_group(item.get_sub_group(), (v > 0.0f) ? 1 : 0, sycl::plus<>());
    unsigned int b = sycl::reduce_over_group(item.get_sub_group(), (v < 1.0f) ? 1u : 0u, sycl::plus<>());
    counts[item.get_local_id(2)] = n + b;
    flags[item.get_local_id(2)] = sycl::any_of_group(item.get_sub_group(), v > 2.0f) + 2 * sycl::all_of_group(item.get_sub_group(), v < 3.0f);
}
