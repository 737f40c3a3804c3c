#include <sycl/sycl.hpp>
inline float warp_sum(float v, const sycl::nd_item<3> &item) {
    v = sycl::reduce_over_group(item.get_sub_group(), v, sycl::plus<>());
    return v;
}
// Block-wide sum; warp_partials has one slot per warp.
float block_sum(float v, float *warp_partials, const sycl::nd_item<3> &item) {
    const int lane = item.get_sub_group().get_local_linear_id(), warp = item.get_local_linear_id() / item.get_sub_group().get_max_local_range()[0];
    v = sycl::reduce_over_group(item.get_group(), v, sycl::plus<>());
    sycl::group_barrier(item.get_group());
    const int nwarps = (item.get_local_range(2) + item.get_sub_group().get_max_local_range()[0] - 1) / item.get_sub_group().get_max_local_range()[0];
    return v;
}
