#include <sycl/sycl.hpp>
void ids(int *lane_out, int *warp_out, const sycl::nd_item<3> &item) {
    const int lane = item.get_sub_group().get_local_linear_id(), warp = item.get_local_linear_id() / item.get_sub_group().get_max_local_range()[0];
    const int tid = item.get_local_id(2);
    lane_out[tid] = lane + (item.get_sub_group().get_local_linear_id());
    warp_out[tid] = warp + (item.get_local_linear_id() / item.get_sub_group().get_max_local_range()[0]);
    sycl::group_barrier(item.get_sub_group());
}
void ids2d(int *out, const sycl::nd_item<3> &item) {
    out[item.get_local_id(1) * item.get_local_range(2) + item.get_local_id(2)] = item.get_local_id(2) % 32;
}
