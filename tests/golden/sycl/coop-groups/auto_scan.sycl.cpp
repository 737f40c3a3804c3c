#include <sycl/sycl.hpp>

void scan_rows(const int *x, int *out, unsigned *votes, const sycl::nd_item<3> &item, int *stage) {
    sycl::sub_group tile = item.get_sub_group();
    auto block = item.get_group();
    int v = x[block.get_local_id(2)];
    stage[block.get_local_linear_id()] = v;
    sycl::group_barrier(block);
    int incl = sycl::inclusive_scan_over_group(tile, v, sycl::plus<>());
    int excl = sycl::exclusive_scan_over_group(tile, v, sycl::bit_or<int>());
    unsigned b = sycl::reduce_over_group(tile, (v > 0) ? (1u << tile.get_local_linear_id()) : 0u, sycl::bit_or<>());
    out[block.get_local_linear_id()] = incl + excl + sycl::select_from_group(tile, v, 0) + sycl::permute_group_by_xor(tile, v, 1);
    if (tile.get_local_linear_id() == 0) votes[tile.get_group_linear_id()] = b;
}
