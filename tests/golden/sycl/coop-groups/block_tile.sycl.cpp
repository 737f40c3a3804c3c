#include <sycl/sycl.hpp>


float tile_sum(sycl::sub_group tile, float v) {
    for (int o = tile.get_local_linear_range() / 2; o > 0; o /= 2) v += sycl::shift_group_left(tile, v, o);
    return v;
}

void block_stats(const float *x, float *out, int n, const sycl::nd_item<3> &item) {
    sycl::group<3> block = item.get_group();
    sycl::sub_group tile = item.get_sub_group();
    const int i = block.get_group_id(2) * block.get_local_linear_range() + block.get_local_linear_id();
    float v = i < n ? x[i] : 0.0f;
    float s = sycl::reduce_over_group(tile, v, sycl::plus<float>());
    float m = sycl::reduce_over_group(tile, v, sycl::maximum<float>());
    float t = tile_sum(tile, v);
    bool any = sycl::any_of_group(tile, v > 1.0f);
    sycl::group_barrier(block);
    if (tile.get_local_linear_id() == 0) out[tile.get_group_linear_id()] = s + m + t + any;
    sycl::group_barrier(block);
}
