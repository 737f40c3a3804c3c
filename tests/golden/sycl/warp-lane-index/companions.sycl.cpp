#include <sycl/sycl.hpp>
#include <cmath>
// The 32s that belong to a lane/warp index follow it to the sub-group: warp count, lane stride,
// the last lane, and the loop over one slot per warp.
template <int BLOCK>
float block_sum(float v, const sycl::nd_item<3> &item, float *part) {
    const int lane = item.get_sub_group().get_local_linear_id(), warp = item.get_local_linear_id() / item.get_sub_group().get_max_local_range()[0];
    v = sycl::reduce_over_group(item.get_sub_group(), v, sycl::plus<>());
    if (lane == (item.get_sub_group().get_local_range()[0] - 1)) part[warp] = v;
    sycl::group_barrier(item.get_group());
    float total = 0.0f;
    for (int w = 0; w < static_cast<int>((item.get_local_range(2) + item.get_sub_group().get_max_local_range()[0] - 1) / item.get_sub_group().get_max_local_range()[0]); ++w) total += part[w];
    return total;
}

void row_max(const float *x, int n, int rows, float *out, const sycl::nd_item<3> &item) {
    const int lane = item.get_sub_group().get_local_linear_id(), warp = item.get_local_linear_id() / item.get_sub_group().get_max_local_range()[0], nwarps = (item.get_local_range(2) + item.get_sub_group().get_max_local_range()[0] - 1) / item.get_sub_group().get_max_local_range()[0];
    for (int r = warp; r < rows; r += nwarps) {
        float m = -1e30f;
        for (int j = lane; j < n; j += static_cast<int>(item.get_sub_group().get_local_range()[0])) m = sycl::fmax(m, x[r * n + j]);
        m = sycl::reduce_over_group(item.get_sub_group(), m, sycl::maximum<>());
        if (lane == 0) out[r] = m;
    }
}

void sums(const float *x, float *out, const sycl::nd_item<3> &item, float *gp_block_sum_part) {
    out[item.get_group(2)] = block_sum<128>(x[item.get_group(2) * 128 + item.get_local_id(2)], item, gp_block_sum_part);
}
