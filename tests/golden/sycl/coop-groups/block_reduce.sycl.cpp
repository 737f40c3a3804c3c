#include <sycl/sycl.hpp>

void block_max(const float *x, float *out, const sycl::nd_item<3> &item, float *slots) {
    sycl::group<3> block = item.get_group();
    sycl::sub_group tile = item.get_sub_group();
    float v = x[block.get_local_linear_id()];
    v = sycl::reduce_over_group(block, v, sycl::maximum<float>());
    sycl::group_barrier(block);
    if (tile.get_group_linear_id() == 0) {
        if (tile.get_local_linear_id() == 0) *out = v;
    }
}
